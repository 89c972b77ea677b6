// Forgetting handled channel traffic: answered messages and sent requests are
// kept for the retention period (a provider re-delivering a message within it
// is recognised by its id and not answered twice), then deleted, so the two
// queues do not grow with every message ever exchanged.
import type { Db } from '../../db/client';
import type { Logger } from '../../observability/logger';
import { deleteProcessedEvents } from './inbox';
import { deleteFinishedDeliveries } from './outbox';

/** How often the queues are pruned: retention is counted in hours. */
export const PRUNE_INTERVAL_MS = 3600_000;

export async function pruneChannelQueues(
  db: Db,
  retentionMs: number,
  now = new Date(),
): Promise<{ events: number; deliveries: number }> {
  const before = new Date(now.getTime() - retentionMs);
  const events = await deleteProcessedEvents(db, before);
  const deliveries = await deleteFinishedDeliveries(db, before);
  return { events, deliveries };
}

/** Prunes every PRUNE_INTERVAL_MS, the first an hour after start (as the session sweep); answers the stop. */
export function schedulePruning(db: Db, retentionMs: number, logger: Logger): () => void {
  const timer = setInterval(() => {
    pruneChannelQueues(db, retentionMs)
      .then((pruned) => {
        if (pruned.events + pruned.deliveries > 0) logger.info(pruned, 'channel queues pruned');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'channel queue pruning failed'));
  }, PRUNE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
