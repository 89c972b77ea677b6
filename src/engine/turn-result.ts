import type { Effect } from './effects';
import type { Persistence } from './persistence';
import type { SessionState } from './session/state';
import type { TurnOutput } from './wire';

export type TurnStatus = 'awaiting-input' | 'awaiting-reply' | 'ended' | 'effect';

/** What a turn gives back: the new state, and as data, its output, the rows to write and the effect it waits on. */
export interface TurnResult {
  state: SessionState;
  output: TurnOutput;
  persistence: Persistence;
  status: TurnStatus;
  effect?: Effect;
}
