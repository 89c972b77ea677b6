// The inbox: messages received on a channel, committed before the webhook
// answers, then taken up by whichever process claims them first. Events of one
// conversation are taken one at a time in arrival order; different
// conversations in parallel. Claims go round the connections with pending
// events, so that one connection's flood does not hold up another's messages
// (docs/channels.md#fairness). A claim is a lease: the event of a process that
// died is claimed again once its lease has run out.
import { Prisma, type Db } from '../../db/client';
import type { ChannelKind, InboundMessage } from './channel';
import { claimInConversation, LOCK_SPACE, type Client } from './conversation-lock';
import { storedMessage } from './stored-json';

export interface ClaimedEvent {
  id: number;
  credentialsId: string;
  channel: ChannelKind;
  conversationKey: string;
  /** Undefined when the stored JSON does not read as a message: the event is then failed, not run. */
  message: InboundMessage | undefined;
  /** Claims so far, this one included: above 1, an earlier claim never completed (its process may have died on it). */
  attempts: number;
  claimedUntil: Date;
}

export type EventOutcome = { status: 'done' } | { status: 'failed'; error: string };

/** How many eligible events one claim looks at before giving up (the others were being claimed meanwhile). */
const CANDIDATES = 16;

/** SQLite binds at most 32,766 variables in one statement: six a row. */
const ROWS_PER_INSERT = 1000;

function insertEvents(db: Client, rows: Prisma.Sql[]): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "ChannelEvent" ("credentialsId", "channel", "externalId", "conversationKey", "message", "receivedAt")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("credentialsId", "externalId") DO NOTHING`;
}

/**
 * Stores a webhook update's messages in their order. A message already
 * received on this connection (the provider re-delivered it) is left as it is.
 * Answers how many were new.
 */
export async function receiveEvents(
  db: Db,
  credentialsId: string,
  channel: ChannelKind,
  messages: readonly InboundMessage[],
  now: Date = new Date(),
): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = messages.map((message) => {
    const { externalId, conversationKey } = message;
    const json = JSON.stringify(message);
    return Prisma.sql`(${credentialsId}, ${channel}, ${externalId}, ${conversationKey}, ${json}, ${now})`;
  });
  // The batch is stored whole or not at all, in order (ids follow the VALUES): one statement, or one transaction.
  if (rows.length <= ROWS_PER_INSERT) return insertEvents(db, rows);
  return db.$transaction(async (tx) => {
    let stored = 0;
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT)
      stored += await insertEvents(tx, rows.slice(start, start + ROWS_PER_INSERT));
    return stored;
  });
}

/** Events of the connection received and not yet processed (the webhook's cap counts them). */
export function pendingEventsOf(db: Client, credentialsId: string): Promise<number> {
  return db.channelEvent.count({ where: { credentialsId, status: 'pending' } });
}

/**
 * Whether no other event of the conversation of `row` (an alias of
 * "ChannelEvent") goes first: an earlier one still pending, or any one held
 * by a live claim (a late-committed event may be earlier than the claimed one).
 */
function firstInConversation(row: string, now: Date): Prisma.Sql {
  const event = Prisma.raw(row);
  return Prisma.sql`NOT EXISTS (
    SELECT 1 FROM "ChannelEvent" o
    WHERE o."credentialsId" = ${event}."credentialsId" AND o."conversationKey" = ${event}."conversationKey"
      AND o."status" = 'pending' AND (o."id" < ${event}."id" OR o."claimedUntil" > ${now}))`;
}

/**
 * The first connection after `after` (in id order, wrapping round) with a
 * pending event; undefined when none has one.
 */
async function nextConnection(db: Db, after: string | undefined): Promise<string | undefined> {
  const first = (rows: { credentialsId: string }[]) => rows[0]?.credentialsId;
  if (after !== undefined) {
    const next = first(
      await db.$queryRaw<{ credentialsId: string }[]>`
        SELECT "credentialsId" FROM "ChannelEvent" WHERE "status" = 'pending' AND "credentialsId" > ${after}
        ORDER BY "credentialsId" LIMIT 1`,
    );
    if (next !== undefined) return next;
  }
  return first(
    await db.$queryRaw<{ credentialsId: string }[]>`
      SELECT "credentialsId" FROM "ChannelEvent" WHERE "status" = 'pending' ORDER BY "credentialsId" LIMIT 1`,
  );
}

/** Claims the connection's oldest event that is first in its conversation and not held by a live claim; null when none. */
async function claimInConnection(db: Db, credentialsId: string, now: Date, until: Date): Promise<ClaimedEvent | null> {
  const candidates = await db.$queryRaw<{ id: number; conversationKey: string }[]>`
    SELECT e."id", e."conversationKey" FROM "ChannelEvent" e
    WHERE e."status" = 'pending' AND e."credentialsId" = ${credentialsId} AND ${firstInConversation('e', now)}
    ORDER BY e."id" LIMIT ${CANDIDATES}`;
  for (const candidate of candidates) {
    const conversation = { credentialsId, conversationKey: candidate.conversationKey };
    // The claimed row comes back with the UPDATE: no second read.
    const [claimed] = await claimInConversation(
      db,
      LOCK_SPACE.events,
      conversation,
      (client) => client.$queryRaw<ClaimedRow[]>`
        UPDATE "ChannelEvent" SET "claimedUntil" = ${until}, "attempts" = "attempts" + 1
        WHERE "id" = ${candidate.id} AND "status" = 'pending' AND ${firstInConversation('"ChannelEvent"', now)}
        RETURNING "id", "channel", "message", "attempts"`,
      [],
    );
    if (claimed) return { ...conversation, ...claimedEvent(claimed), claimedUntil: until };
  }
  return null;
}

/**
 * Claims an event for `leaseMs`: the oldest claimable one (first in its
 * conversation, not held by a live claim) of the first connection after
 * `after` (the connection served last; in id order, wrapping round) that has
 * one. null when there is none. Going round the connections rather than
 * taking the oldest event of all keeps a connection's flood from delaying
 * the others: each gets a claim in turn. Several processes may call it at
 * once: an event is claimed by one, and a conversation has one claimed event
 * at a time.
 */
export async function claimNextEvent(
  db: Db,
  options: { leaseMs: number; now?: Date; after?: string },
): Promise<ClaimedEvent | null> {
  const now = options.now ?? new Date();
  const until = new Date(now.getTime() + options.leaseMs);
  // Connections with nothing claimable (their conversations in hand) are passed over; once round, there is nothing.
  const passed = new Set<string>();
  let after = options.after;
  for (;;) {
    const connection = await nextConnection(db, after);
    if (connection === undefined || passed.has(connection)) return null;
    const claimed = await claimInConnection(db, connection, now, until);
    if (claimed) return claimed;
    passed.add(connection);
    after = connection;
  }
}

interface ClaimedRow {
  id: number;
  channel: string;
  message: string;
  attempts: number;
}

function claimedEvent(row: ClaimedRow): Pick<ClaimedEvent, 'id' | 'channel' | 'message' | 'attempts'> {
  return {
    id: Number(row.id),
    channel: row.channel as ChannelKind,
    message: storedMessage(row.message),
    attempts: Number(row.attempts),
  };
}

/** Pushes a claim's lease forward while the event's turn is still running. */
export async function renewEventClaim(db: Client, id: number, until: Date): Promise<void> {
  await db.channelEvent.updateMany({ where: { id, status: 'pending' }, data: { claimedUntil: until } });
}

/**
 * Records what became of a claimed event; the next event of its conversation
 * can then be claimed. Takes a transaction's client, so that the turn's
 * deliveries and the event's completion commit together.
 */
export async function completeEvent(db: Client, id: number, outcome: EventOutcome, now = new Date()): Promise<void> {
  await db.channelEvent.update({
    where: { id },
    data: {
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error : null,
      processedAt: now,
      claimedUntil: null,
    },
  });
  // After the update: should they part, a receipt left over is harmless, an event run again without its receipts is not.
  await db.turnReceipt.deleteMany({ where: { key: { startsWith: eventReceiptPrefix(id) } } });
}

/** The keys of the chat turns an event ran start with this (turn-receipts.ts): taken up again, it replays them. */
export function eventReceiptPrefix(id: number): string {
  return `channel-event:${id}:`;
}

/**
 * Deletes events processed before `before`. Keep them as long as a provider
 * may re-deliver a message (their ids are what recognises it); answers how many went.
 */
export async function deleteProcessedEvents(db: Client, before: Date): Promise<number> {
  const { count } = await db.channelEvent.deleteMany({
    where: { status: { in: ['done', 'failed'] }, processedAt: { lt: before } },
  });
  return count;
}
