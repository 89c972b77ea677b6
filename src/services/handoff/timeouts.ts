import type { Logger } from '../../observability/logger';
import type { ChatDeps } from '../chat/deps';
import { handBack } from './hand-back';

/** Conversations one round ends at most: the next round takes the rest. */
const ROUND_SIZE = 20;

/**
 * Ends the conversations nobody took in time: their bots go on along the
 * Handoff block's outgoing edge. Every process sweeps; each conversation is
 * ended by the one that claims it (hand-back.ts), so none twice.
 */
export async function sweepHandoffTimeouts(deps: ChatDeps, now = new Date()): Promise<number> {
  // The chat store's own statement first: Prisma (the builder's client, large) loads only when one is due.
  if (!(await deps.store.hasDueHandoffs(now))) return 0;
  const due = await deps.db.conversation.findMany({
    where: { status: 'waiting', timeoutAt: { lte: now }, OR: [{ endingUntil: null }, { endingUntil: { lt: now } }] },
    orderBy: { timeoutAt: 'asc' },
    take: ROUND_SIZE,
    select: { id: true, botId: true, workspaceId: true, sessionId: true, resultId: true },
  });
  let ended = 0;
  for (const conversation of due) {
    try {
      await handBack(deps, { conversation, outcome: 'timedOut' });
      ended += 1;
    } catch (error) {
      // Taken meanwhile, or another process ended it: nothing to do. Anything else waits for the next round.
      if (!(error instanceof Error && 'code' in error && error.code === 'CONFLICT')) throw error;
    }
  }
  return ended;
}

/** Sweeps every `everyMs`, one round at a time; answers the stop. */
export function scheduleHandoffTimeouts(deps: ChatDeps, everyMs: number, logger: Logger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepHandoffTimeouts(deps)
      .then((ended) => {
        if (ended > 0) logger.info({ ended }, 'handoff: conversations nobody took went back to their bots');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'handoff: the timeout sweep failed'))
      .finally(() => (running = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
