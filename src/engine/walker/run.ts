import type { BotRef, QueueEntry, SessionState } from '../session';
import type { EngineEnv } from '../env';
import type { RuntimeBot } from '../definition/runtime-bot';
import type { TextFormat } from '../wire';
import type { Turn } from './turn';

/** Finds the definition of a queue entry (the service loads them before the turn). */
export type BotResolver = (ref: BotRef) => RuntimeBot;

/** One request's walk: the state it changes and what it accumulates. */
export interface Run {
  state: SessionState;
  env: EngineEnv;
  turn: Turn;
  textFormat: TextFormat;
  bots: BotResolver;
}

export function botOf(run: Run, entry: QueueEntry = run.state.queue[0]!): RuntimeBot {
  return run.bots(entry.bot);
}
