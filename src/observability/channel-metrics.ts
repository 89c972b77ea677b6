import { Counter, Gauge, Histogram } from 'prom-client';
import { registry } from './metrics';

// The messaging channels' figures (docs/operations.md#metrics): what the
// webhooks received, what the processor made of it, what the sender delivered
// and how long after, and how much waits in each queue.

const channelEvents = new Counter({
  name: 'parley_channel_events_total',
  help: "Messaging channel messages, by channel and stage: received (stored by a webhook), refused (an update over its connection's cap or rate limit, answered 429), answered, ignored (no bot took it), failed.",
  labelNames: ['channel', 'stage'] as const,
  registers: [registry],
});

const channelDeliveries = new Counter({
  name: 'parley_channel_deliveries_total',
  help: 'Requests sent to the messaging providers, by channel and outcome: sent, retried, failed (given up).',
  labelNames: ['channel', 'outcome'] as const,
  registers: [registry],
});

const deliveryLatency = new Histogram({
  name: 'parley_channel_delivery_latency_seconds',
  help: 'From a request stored in the outbox to the provider accepting it (waits and retries included), by channel.',
  labelNames: ['channel'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

export interface QueueDepth {
  /** Messages received and not yet answered. */
  inbox: number;
  /** Requests waiting to be sent (retries included). */
  outbox: number;
}

let depthSource: (() => Promise<QueueDepth>) | undefined;

new Gauge({
  name: 'parley_channel_queue_depth',
  help: 'Pending messaging channel work in the database (shared by every process), by queue: inbox, outbox.',
  labelNames: ['queue'] as const,
  registers: [registry],
  // Read at each scrape: the queues live in the database, not in this process.
  async collect() {
    if (!depthSource) return;
    // A database that cannot answer leaves the last figures: the scrape itself must not fail.
    const depth = await depthSource().catch(() => undefined);
    if (!depth) return;
    this.set({ queue: 'inbox' }, depth.inbox);
    this.set({ queue: 'outbox' }, depth.outbox);
  },
});

/** Where the queue depth gauge reads from (the server sets it once its database is open). */
export function setChannelQueueDepthSource(source: (() => Promise<QueueDepth>) | undefined): void {
  depthSource = source;
}

export type ChannelEventStage = 'received' | 'refused' | 'answered' | 'ignored' | 'failed';

export function recordChannelEvents(channel: string, stage: ChannelEventStage, count = 1): void {
  if (count > 0) channelEvents.inc({ channel, stage }, count);
}

/** One provider call of the sender: `latencySeconds` for a sent one, from its storing. */
export function recordChannelDelivery(
  channel: string,
  outcome: 'sent' | 'retried' | 'failed',
  latencySeconds?: number,
): void {
  channelDeliveries.inc({ channel, outcome });
  if (latencySeconds !== undefined) deliveryLatency.observe({ channel }, latencySeconds);
}
