// Shorthands over the outbox for tests that store and claim deliveries one
// at a time (the processor stores a turn's batches at once, the sender claims runs).
import type { Db } from '../../src/db/client';
import type { OutboundRequest } from '../../src/services/channels/channel';
import type { Client } from '../../src/services/channels/conversation-lock';
import { claimNextRun, enqueueTimedDeliveries, type ClaimedDelivery } from '../../src/services/channels/outbox';

/** Stores requests due at once (`now`), in sending order. */
export function enqueueDeliveries(
  db: Client,
  credentialsId: string,
  conversationKey: string,
  requests: readonly OutboundRequest[],
  options: { resultId?: string; now?: Date } = {},
): Promise<number> {
  const batch = { requests, at: options.now ?? new Date() };
  return enqueueTimedDeliveries(db, credentialsId, conversationKey, [batch], options.resultId);
}

/** Claims the due delivery first in its conversation (a run of one); null when none is due. */
export async function claimNextDelivery(
  db: Db,
  options: { leaseMs: number; now?: Date },
): Promise<ClaimedDelivery | null> {
  const [delivery] = await claimNextRun(db, { ...options, max: 1 });
  return delivery ?? null;
}
