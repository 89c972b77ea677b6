import { openDatabase, type Database } from '../../../src/db/client';
import { migrate } from '../../../src/db/migrate';
import type { OutboundRequest } from '../../../src/services/channels/channel';
import {
  claimNextRun,
  deleteFinishedDeliveries,
  markSent,
  MAX_DELIVERY_ATTEMPTS,
  recordFailedAttempt,
  releaseDeliveries,
  retryDelay,
  type ClaimedDelivery,
} from '../../../src/services/channels/outbox';
import { completeEvent, claimNextEvent, receiveEvents } from '../../../src/services/channels/inbox';
import { claimNextDelivery, enqueueDeliveries } from '../../helpers/channel-outbox';
import { createThrowawayDatabase, type ThrowawayDatabase, onPostgres } from '../../helpers/test-database';

// The channels' outbox on a real database: stored with the turn, sent in order
// per conversation, retried with backoff, given up after its last attempt.

let database: ThrowawayDatabase;
let opened: Database;
let credentialsId: string;

beforeAll(async () => {
  database = await createThrowawayDatabase();
  opened = openDatabase(database.url);
  await migrate(opened.target);
  const workspace = await opened.db.workspace.create({ data: { name: 'Channels' } });
  const credentials = await opened.db.credentials.create({
    data: { type: 'telegram', name: 'Telegram', data: '', iv: '', workspaceId: workspace.id },
  });
  credentialsId = credentials.id;
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});
beforeEach(() => opened.db.channelDelivery.deleteMany());

const t0 = new Date('2026-11-27T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const lease = { leaseMs: 30_000 };

const send = (text: string): OutboundRequest => ({ method: 'POST', path: '/sendMessage', body: { chat_id: 1, text } });
const textOf = (delivery: ClaimedDelivery | null) => (delivery?.request?.body as { text: string } | undefined)?.text;

test('retries wait 1 s, 2 s, 4 s … at most 5 minutes', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(retryDelay)).toEqual([
    1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000,
  ]);
  expect(MAX_DELIVERY_ATTEMPTS).toBe(8);
});

test('a turn’s deliveries are stored in its transaction, and not at all when it rolls back', async () => {
  await receiveEvents(opened.db, credentialsId, 'telegram', [
    { externalId: 'u1', conversationKey: 'c', sentAt: 0, content: { type: 'text', text: 'hi' } },
  ]);
  const event = (await claimNextEvent(opened.db, { ...lease, now: t0 }))!;
  await expect(
    opened.db.$transaction(async (tx) => {
      await enqueueDeliveries(tx, credentialsId, 'c', [send('lost')], { now: t0 });
      throw new Error('the turn failed');
    }),
  ).rejects.toThrow('the turn failed');
  await opened.db.$transaction(async (tx) => {
    await enqueueDeliveries(tx, credentialsId, 'c', [send('one'), send('two')], { resultId: 'r1', now: t0 });
    await completeEvent(tx, event.id, { status: 'done' }, t0);
  });
  const stored = await opened.db.channelDelivery.findMany({ orderBy: { id: 'asc' } });
  expect(stored.map((row) => JSON.parse(row.request) as OutboundRequest)).toEqual([send('one'), send('two')]);
  expect(stored[0]).toMatchObject({ status: 'pending', attempts: 0, resultId: 'r1', nextAttemptAt: t0 });
  expect(await opened.db.channelEvent.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({ status: 'done' });
});

test('a conversation sends in order, across a retry; another conversation is not held up', async () => {
  await enqueueDeliveries(opened.db, credentialsId, 'a', [send('a1'), send('a2')], { now: t0 });
  await enqueueDeliveries(opened.db, credentialsId, 'b', [send('b1')], { now: t0 });

  const a1 = await claimNextDelivery(opened.db, { ...lease, now: at(0) });
  const b1 = await claimNextDelivery(opened.db, { ...lease, now: at(0) });
  expect([textOf(a1), textOf(b1)]).toEqual(['a1', 'b1']);
  // a2 waits for a1, which is being sent.
  expect(await claimNextDelivery(opened.db, { ...lease, now: at(1) })).toBeNull();

  // 429: a1 is retried in a second, a2 still behind it.
  expect(await recordFailedAttempt(opened.db, a1!, { error: '429 Too Many Requests' }, at(2))).toBe('retry');
  await markSent(opened.db, b1!.id, at(2));
  expect(await claimNextDelivery(opened.db, { ...lease, now: at(1_001) })).toBeNull();
  const retried = await claimNextDelivery(opened.db, { ...lease, now: at(1_002) });
  expect(retried).toMatchObject({ id: a1!.id, attempts: 1 });

  await markSent(opened.db, retried!.id, at(1_003));
  expect(textOf(await claimNextDelivery(opened.db, { ...lease, now: at(1_004) }))).toBe('a2');
  expect(await opened.db.channelDelivery.findUniqueOrThrow({ where: { id: a1!.id } })).toMatchObject({
    status: 'sent',
    sentAt: at(1_003),
    error: null,
    attempts: 1,
  });
});

test('a claimed delivery is due again once its lease has run out (its process died while sending)', async () => {
  await enqueueDeliveries(opened.db, credentialsId, 'd', [send('d1')], { now: t0 });
  const claimed = await claimNextDelivery(opened.db, { leaseMs: 10_000, now: at(0) });
  expect(await claimNextDelivery(opened.db, { leaseMs: 10_000, now: at(9_999) })).toBeNull();
  expect(await claimNextDelivery(opened.db, { leaseMs: 10_000, now: at(10_000) })).toMatchObject({ id: claimed!.id });
});

test('a delivery failing at every attempt is given up after the last; the next one then goes', async () => {
  await enqueueDeliveries(opened.db, credentialsId, 'f', [send('f1'), send('f2')], { now: t0 });
  let now = t0;
  const outcomes: string[] = [];
  for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
    const claimed = await claimNextDelivery(opened.db, { ...lease, now });
    expect(textOf(claimed)).toBe('f1');
    outcomes.push(await recordFailedAttempt(opened.db, claimed!, { error: `503 (${attempt})` }, now));
    now = new Date(now.getTime() + retryDelay(attempt));
  }
  expect(outcomes).toEqual([...Array<string>(MAX_DELIVERY_ATTEMPTS - 1).fill('retry'), 'failed']);
  const f1 = await opened.db.channelDelivery.findFirstOrThrow({ where: { status: 'failed' } });
  expect(f1).toMatchObject({ attempts: MAX_DELIVERY_ATTEMPTS, error: `503 (${MAX_DELIVERY_ATTEMPTS})` });
  expect(textOf(await claimNextDelivery(opened.db, { ...lease, now }))).toBe('f2');
});

test('a permanent failure is recorded at once; a Retry-After longer than the backoff is honoured', async () => {
  await enqueueDeliveries(opened.db, credentialsId, 'g', [send('g1')], { now: t0 });
  await enqueueDeliveries(opened.db, credentialsId, 'h', [send('h1')], { now: t0 });
  const g1 = await claimNextDelivery(opened.db, { ...lease, now: t0 });
  const h1 = await claimNextDelivery(opened.db, { ...lease, now: t0 });
  expect(await recordFailedAttempt(opened.db, g1!, { error: '400 chat not found', permanent: true }, t0)).toBe(
    'failed',
  );
  await recordFailedAttempt(opened.db, h1!, { error: '429', retryAfterMs: 20_000 }, t0);
  expect(await opened.db.channelDelivery.findUniqueOrThrow({ where: { id: g1!.id } })).toMatchObject({
    status: 'failed',
    attempts: 1,
  });
  expect(await opened.db.channelDelivery.findUniqueOrThrow({ where: { id: h1!.id } })).toMatchObject({
    status: 'pending',
    nextAttemptAt: at(20_000),
  });
});

test('finished deliveries are deleted once old enough; pending ones stay', async () => {
  await enqueueDeliveries(opened.db, credentialsId, 's', [send('s1'), send('s2')], { now: t0 });
  await enqueueDeliveries(opened.db, credentialsId, 't', [send('t1')], { now: t0 });
  const s1 = await claimNextDelivery(opened.db, { ...lease, now: t0 });
  const t1 = await claimNextDelivery(opened.db, { ...lease, now: t0 });
  await markSent(opened.db, s1!.id, at(1));
  await recordFailedAttempt(opened.db, t1!, { error: '403', permanent: true }, at(1));
  expect(await deleteFinishedDeliveries(opened.db, at(2))).toBe(2);
  expect(await opened.db.channelDelivery.count()).toBe(1);
});

test('the chat store counts the pending deliveries, due or not, and no finished one', async () => {
  await enqueueDeliveries(opened.db, credentialsId, 'u', [send('u1'), send('u2')], { now: t0 });
  await enqueueDeliveries(opened.db, credentialsId, 'v', [send('v1')], { now: at(60_000) });
  const u1 = await claimNextDelivery(opened.db, { ...lease, now: t0 });
  await markSent(opened.db, u1!.id, at(1));
  expect(await opened.chatStore.channelQueueDepth()).toEqual({ inbox: 0, outbox: 2 });
});

(onPostgres ? test : test.skip)(
  'senders claiming at once never take the same delivery, nor two of one conversation',
  async () => {
    const others = [openDatabase(database.url), openDatabase(database.url)];
    try {
      for (const key of ['p', 'q', 'r']) {
        await enqueueDeliveries(opened.db, credentialsId, key, [send(`${key}1`), send(`${key}2`)], { now: t0 });
      }
      const clients = [opened, ...others].map((client) => client.db);
      const claims = await Promise.all(
        clients.flatMap((db) => [0, 1, 2].map(() => claimNextDelivery(db, { ...lease, now: at(1) }))),
      );
      expect(claims.flatMap((claim) => (claim ? [textOf(claim)] : [])).sort()).toEqual(['p1', 'q1', 'r1']);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  },
);

test('a run: the due head of a conversation claimed at once, up to the first not due, leased for each', async () => {
  await enqueueDeliveries(opened.db, credentialsId, 'r', [send('r1'), send('r2')], { now: t0 });
  // A Wait's continuation: due later, and what follows it waits with it.
  await enqueueDeliveries(opened.db, credentialsId, 'r', [send('r3')], { now: at(5_000) });
  await enqueueDeliveries(opened.db, credentialsId, 'r', [send('r4')], { now: t0 });
  const run = await claimNextRun(opened.db, { ...lease, now: at(1) });
  expect(run.map(textOf)).toEqual(['r1', 'r2']);
  const leased = await opened.db.channelDelivery.findMany({ where: { id: { in: run.map((each) => each.id) } } });
  expect(leased.map((row) => row.nextAttemptAt)).toEqual([at(60_001), at(60_001)]);
  // Claimed: nothing else of the conversation goes meanwhile.
  expect(await claimNextRun(opened.db, { ...lease, now: at(2) })).toEqual([]);
  // The first sent, the second failed: the rest is given back, behind the retry.
  await markSent(opened.db, run[0]!.id, at(3));
  await recordFailedAttempt(opened.db, run[1]!, { error: 'HTTP 429' }, at(3));
  expect(await claimNextRun(opened.db, { ...lease, now: at(1_002) })).toEqual([]);
  expect((await claimNextRun(opened.db, { ...lease, now: at(1_003) })).map(textOf)).toEqual(['r2']);
});

test('a run given back is due again at once', async () => {
  await enqueueDeliveries(opened.db, credentialsId, 'g', [send('g1'), send('g2'), send('g3')], { now: t0 });
  const run = await claimNextRun(opened.db, { ...lease, now: t0 });
  await markSent(opened.db, run[0]!.id, t0);
  await releaseDeliveries(opened.db, [run[1]!.id, run[2]!.id], at(10));
  expect((await claimNextRun(opened.db, { ...lease, now: at(10) })).map(textOf)).toEqual(['g2', 'g3']);
});
