import type { WrittenResult } from '../../db/client';
import type { TurnResult } from '../../engine/turn-result';
import { AppError } from '../../errors';
import type { LiveResults } from '../live/live-results';
import { isEmptyWrite, turnResultChanges, turnWrite, type CommitPlan } from './commit';
import type { ChatDeps } from './deps';
import { openConversation } from '../handoff/open';
import { resultEvents, type TurnResultChanges } from './result-events';

/**
 * Writes everything the turn produced in one transaction (the chat store's
 * prepared statements). Once it committed, the results it changed are
 * announced to live subscribers.
 */
export async function writeTurn(deps: ChatDeps, turn: TurnResult, plan: CommitPlan): Promise<void> {
  const write = turnWrite(turn, plan, deps.bounds);
  if (isEmptyWrite(write)) return;
  const committed = await deps.store.commitTurn(write, new Date());
  if (committed === 'claim-lost') throw new AppError('INTERNAL_SERVER_ERROR', 'Session claim lost');
  if (committed.results.length) announce(deps.live, committed.results, turnResultChanges(write));
  const request = turn.output.handoff;
  if (request) await openConversation(deps, { state: turn.state, request, messages: turn.output.messages }, plan);
}

/** The turn has committed: whatever happens to its announcement, it must not fail the answer. */
function announce(live: LiveResults, rows: WrittenResult[], changes: TurnResultChanges): void {
  try {
    live.publish(resultEvents(rows, changes));
  } catch (error) {
    console.error('[parley] live results: publishing a turn failed:', error);
  }
}
