// The outbox: provider requests stored with the turn that produced them and
// sent after it commits. A conversation's requests go out in order, the next
// only once the previous one is sent or has failed for good; a failed attempt
// (429, 5xx, timeout) is retried with a growing delay, holding the
// conversation's later requests back meanwhile.
import { Prisma, type Db } from '../../db/client';
import type { OutboundRequest } from './channel';
import { claimInConversation, LOCK_SPACE, type Client } from './conversation-lock';

export interface ClaimedDelivery {
  id: number;
  credentialsId: string;
  conversationKey: string;
  request: OutboundRequest;
  /** Failed attempts so far. */
  attempts: number;
  resultId: string | null;
  /** When the turn stored it (its delivery latency counts from here). */
  createdAt: Date;
}

/** Attempts after which a delivery that keeps failing is given up. */
export const MAX_DELIVERY_ATTEMPTS = 8;

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 5 * 60_000;

/** How long to wait after the `attempts`-th failed attempt: 1 s, 2 s, 4 s, … at most 5 min. */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), LONGEST_RETRY_MS);
}

const CANDIDATES = 16;

/**
 * Stores a turn's requests in sending order, due at once. Takes a
 * transaction's client: stored with the completion of the event that
 * produced them, they are sent once and only if the turn committed.
 */
export async function enqueueDeliveries(
  db: Client,
  credentialsId: string,
  conversationKey: string,
  requests: readonly OutboundRequest[],
  options: { resultId?: string; now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const { count } = await db.channelDelivery.createMany({
    data: requests.map((request) => ({
      credentialsId,
      conversationKey,
      request: JSON.stringify(request),
      nextAttemptAt: now,
      createdAt: now,
      resultId: options.resultId ?? null,
    })),
  });
  return count;
}

/** Whether no earlier delivery of the conversation of `row` (an alias of "ChannelDelivery") is still pending. */
function firstInConversation(row: string): Prisma.Sql {
  const delivery = Prisma.raw(row);
  return Prisma.sql`NOT EXISTS (
    SELECT 1 FROM "ChannelDelivery" o
    WHERE o."credentialsId" = ${delivery}."credentialsId" AND o."conversationKey" = ${delivery}."conversationKey"
      AND o."status" = 'pending' AND o."id" < ${delivery}."id")`;
}

/**
 * Claims a due delivery that is first in its conversation, for `leaseMs` (its
 * next attempt is pushed past the lease: a process that died while sending
 * leaves it due again); null when none is due. Several processes may call it
 * at once: a delivery is claimed by one.
 */
export async function claimNextDelivery(
  db: Db,
  options: { leaseMs: number; now?: Date },
): Promise<ClaimedDelivery | null> {
  const now = options.now ?? new Date();
  const until = new Date(now.getTime() + options.leaseMs);
  const candidates = await db.$queryRaw<{ id: number; credentialsId: string; conversationKey: string }[]>`
    SELECT d."id", d."credentialsId", d."conversationKey" FROM "ChannelDelivery" d
    WHERE d."status" = 'pending' AND d."nextAttemptAt" <= ${now} AND ${firstInConversation('d')}
    ORDER BY d."nextAttemptAt", d."id" LIMIT ${CANDIDATES}`;
  for (const candidate of candidates) {
    const claimed = await claimInConversation(
      db,
      LOCK_SPACE.deliveries,
      candidate,
      (client) => client.$executeRaw`
        UPDATE "ChannelDelivery" SET "nextAttemptAt" = ${until}
        WHERE "id" = ${candidate.id} AND "status" = 'pending' AND "nextAttemptAt" <= ${now}
          AND ${firstInConversation('"ChannelDelivery"')}`,
    );
    if (claimed === 1) {
      const row = await db.channelDelivery.findUniqueOrThrow({ where: { id: candidate.id } });
      return {
        id: row.id,
        credentialsId: row.credentialsId,
        conversationKey: row.conversationKey,
        request: JSON.parse(row.request) as OutboundRequest,
        attempts: row.attempts,
        resultId: row.resultId,
        createdAt: row.createdAt,
      };
    }
  }
  return null;
}

export async function markSent(db: Client, id: number, now = new Date()): Promise<void> {
  await db.channelDelivery.update({ where: { id }, data: { status: 'sent', sentAt: now, error: null } });
}

/** Leaves the delivery pending until `nextAttemptAt`, its conversation's later ones behind it. */
export async function markRetry(
  db: Client,
  id: number,
  retry: { error: string; attempts: number; nextAttemptAt: Date },
): Promise<void> {
  await db.channelDelivery.update({ where: { id }, data: { status: 'pending', ...retry } });
}

/** Gives the delivery up for good; its conversation's next one can go. */
export async function markFailed(db: Client, id: number, failure: { error: string; attempts: number }): Promise<void> {
  await db.channelDelivery.update({ where: { id }, data: { status: 'failed', ...failure } });
}

/**
 * Records a failed attempt: retried after `retryDelay` (or the provider's
 * Retry-After when longer), failed for good when `permanent` or at
 * MAX_DELIVERY_ATTEMPTS.
 */
export async function recordFailedAttempt(
  db: Client,
  delivery: Pick<ClaimedDelivery, 'id' | 'attempts'>,
  failure: { error: string; permanent?: boolean; retryAfterMs?: number },
  now = new Date(),
): Promise<'retry' | 'failed'> {
  const attempts = delivery.attempts + 1;
  if (failure.permanent || attempts >= MAX_DELIVERY_ATTEMPTS) {
    await markFailed(db, delivery.id, { error: failure.error, attempts });
    return 'failed';
  }
  const delay = Math.max(retryDelay(attempts), failure.retryAfterMs ?? 0);
  await markRetry(db, delivery.id, { error: failure.error, attempts, nextAttemptAt: new Date(now.getTime() + delay) });
  return 'retry';
}

/** Deletes deliveries sent before `before`, and those given up that were created before it; answers how many went. */
export async function deleteFinishedDeliveries(db: Client, before: Date): Promise<number> {
  const { count } = await db.channelDelivery.deleteMany({
    where: {
      OR: [
        { status: 'sent', sentAt: { lt: before } },
        { status: 'failed', createdAt: { lt: before } },
      ],
    },
  });
  return count;
}
