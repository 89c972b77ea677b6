import type { Db } from '../../db/client';
import type { QueueDepth } from '../../observability/channel-metrics';

/** The channels' pending work in the database: messages not yet answered, requests not yet sent. */
export async function channelQueueDepth(db: Db): Promise<QueueDepth> {
  const [inbox, outbox] = await Promise.all([
    db.channelEvent.count({ where: { status: 'pending' } }),
    db.channelDelivery.count({ where: { status: 'pending' } }),
  ]);
  return { inbox, outbox };
}
