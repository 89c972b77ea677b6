// The outbox: provider requests stored with the turn that produced them and
// sent after it commits. A conversation's requests go out in order, the next
// only once the previous one is sent or has failed for good; a failed attempt
// (429, 5xx, timeout) is retried with a growing delay, holding the
// conversation's later requests back meanwhile.
import { Prisma, type Db } from '../../db/client';
import type { OutboundRequest } from './channel';
import { claimInConversation, LOCK_SPACE, type Client } from './conversation-lock';
import { storedRequest } from './stored-json';

export interface ClaimedDelivery {
  id: number;
  credentialsId: string;
  conversationKey: string;
  /** Undefined when the stored JSON does not read as a request: the delivery is then given up. */
  request: OutboundRequest | undefined;
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
 * Stores a turn's requests in sending order, each batch due at its time (a
 * Wait's continuation later), in one statement. Takes a transaction's client:
 * stored with the completion of the event that produced them, they are sent
 * once and only if the turn committed.
 */
export async function enqueueTimedDeliveries(
  db: Client,
  credentialsId: string,
  conversationKey: string,
  batches: readonly { requests: readonly OutboundRequest[]; at: Date }[],
  resultId?: string,
): Promise<number> {
  const data = batches.flatMap(({ requests, at }) =>
    requests.map((request) => ({
      credentialsId,
      conversationKey,
      request: JSON.stringify(request),
      nextAttemptAt: at,
      createdAt: at,
      resultId: resultId ?? null,
    })),
  );
  if (data.length === 0) return 0;
  const { count } = await db.channelDelivery.createMany({ data });
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
 * The pending deliveries of a conversation, in order: its run is the due ones
 * before the first that is not. Read whole: once claimed, they are what is sent.
 */
async function duePrefix(
  client: Client,
  conversation: { credentialsId: string; conversationKey: string },
  now: Date,
  max: number,
): Promise<ClaimedDelivery[]> {
  const pending = await client.channelDelivery.findMany({
    where: {
      credentialsId: conversation.credentialsId,
      conversationKey: conversation.conversationKey,
      status: 'pending',
    },
    orderBy: { id: 'asc' },
    take: max,
  });
  const firstNotDue = pending.findIndex((row) => row.nextAttemptAt > now);
  return (firstNotDue < 0 ? pending : pending.slice(0, firstNotDue)).map((row) => ({
    id: row.id,
    credentialsId: row.credentialsId,
    conversationKey: row.conversationKey,
    request: storedRequest(row.request),
    attempts: row.attempts,
    resultId: row.resultId,
    createdAt: row.createdAt,
  }));
}

/**
 * Claims the due deliveries at the head of a conversation (at most `max`, in
 * order), for `leaseMs` each (their next attempt is pushed past the lease: a
 * process that died while sending leaves them due again); empty when none is
 * due. One sender sends a run one delivery after another: a turn's messages
 * cost one claim, not one each. Several processes may call it at once: a
 * delivery is claimed by one.
 */
export async function claimNextRun(
  db: Db,
  options: { leaseMs: number; now?: Date; max?: number },
): Promise<ClaimedDelivery[]> {
  const now = options.now ?? new Date();
  const max = options.max ?? 10;
  const candidates = await db.$queryRaw<{ id: number; credentialsId: string; conversationKey: string }[]>`
    SELECT d."id", d."credentialsId", d."conversationKey" FROM "ChannelDelivery" d
    WHERE d."status" = 'pending' AND d."nextAttemptAt" <= ${now} AND ${firstInConversation('d')}
    ORDER BY d."nextAttemptAt", d."id" LIMIT ${CANDIDATES}`;
  for (const candidate of candidates) {
    const claimed = await claimInConversation(
      db,
      LOCK_SPACE.deliveries,
      candidate,
      async (client): Promise<ClaimedDelivery[]> => {
        const run = await duePrefix(client, candidate, now, max);
        // Another sender took the head meanwhile (SQLite has no lock to take: the update's condition decides).
        if (run[0]?.id !== candidate.id) return [];
        const ids = run.map((delivery) => delivery.id);
        // The run is sent one after another: its lease covers each of them.
        const until = new Date(now.getTime() + options.leaseMs * run.length);
        const { count } = await client.channelDelivery.updateMany({
          where: { id: { in: ids }, status: 'pending', nextAttemptAt: { lte: now } },
          data: { nextAttemptAt: until },
        });
        if (count === run.length) return run;
        if (count > 0)
          // Part of it went to another sender: give back what this one took.
          await client.channelDelivery.updateMany({
            where: { id: { in: ids }, status: 'pending', nextAttemptAt: until },
            data: { nextAttemptAt: now },
          });
        return [];
      },
      [],
    );
    if (claimed.length > 0) return claimed;
  }
  return [];
}

/** Gives back the unsent rest of a run: due again now (behind a retried one, they wait for it). */
export async function releaseDeliveries(db: Client, ids: readonly number[], now = new Date()): Promise<void> {
  if (ids.length === 0) return;
  await db.channelDelivery.updateMany({
    where: { id: { in: [...ids] }, status: 'pending' },
    data: { nextAttemptAt: now },
  });
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
