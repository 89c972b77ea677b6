import { openDatabase, type Database } from '../../../src/db/client';
import { migrate } from '../../../src/db/migrate';
import type { InboundMessage } from '../../../src/services/channels/channel';
import pg from 'pg';
import { LOCK_SPACE } from '../../../src/services/channels/conversation-lock';
import {
  claimNextEvent,
  completeEvent,
  deleteProcessedEvents,
  receiveEvents,
  renewEventClaim,
} from '../../../src/services/channels/inbox';
import { createThrowawayDatabase, type ThrowawayDatabase, onPostgres } from '../../helpers/test-database';

// The channels' inbox on a real database: idempotent receipt, one event at a
// time per conversation in arrival order, leases that outlive a dead process.

let database: ThrowawayDatabase;
let opened: Database;
let credentialsId: string;

beforeAll(async () => {
  database = await createThrowawayDatabase();
  opened = openDatabase(database.url);
  await migrate(opened.target);
  const workspace = await opened.db.workspace.create({ data: { name: 'Channels' } });
  const credentials = await opened.db.credentials.create({
    data: { type: 'whatsApp', name: 'WhatsApp', data: '', iv: '', workspaceId: workspace.id },
  });
  credentialsId = credentials.id;
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});
beforeEach(() => opened.db.channelEvent.deleteMany());

const t0 = new Date('2026-11-27T10:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const lease = { leaseMs: 30_000 };

function text(externalId: string, conversationKey: string, body = externalId): InboundMessage {
  return { externalId, conversationKey, sentAt: t0.getTime(), content: { type: 'text', text: body } };
}

async function claimAll(now: Date): Promise<string[]> {
  const claimed: string[] = [];
  for (let event = await claimNextEvent(opened.db, { ...lease, now }); event;) {
    claimed.push(event.message!.externalId);
    event = await claimNextEvent(opened.db, { ...lease, now });
  }
  return claimed;
}

test('a re-delivered message is stored once, without an error', async () => {
  expect(await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('m1', 'a'), text('m2', 'a')], t0)).toBe(2);
  expect(await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('m2', 'a'), text('m3', 'a')], t0)).toBe(1);
  // A duplicate within one update too.
  expect(await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('m4', 'a'), text('m4', 'a')], t0)).toBe(1);
  const stored = await opened.db.channelEvent.findMany({ orderBy: { id: 'asc' } });
  expect(stored.map((event) => event.externalId)).toEqual(['m1', 'm2', 'm3', 'm4']);
  expect(stored[0]).toMatchObject({ status: 'pending', attempts: 0, channel: 'whatsApp', receivedAt: t0 });
  expect(JSON.parse(stored[0]!.message)).toEqual(text('m1', 'a'));
});

test('a conversation gives one event at a time, in arrival order; conversations go in parallel', async () => {
  await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('a1', 'a'), text('b1', 'b'), text('a2', 'a')], t0);
  await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('b2', 'b'), text('a3', 'a')], t0);

  const first = await claimAll(at(1));
  expect(first).toEqual(['a1', 'b1']);

  const a1 = await opened.db.channelEvent.findFirstOrThrow({ where: { externalId: 'a1' } });
  await completeEvent(opened.db, a1.id, { status: 'done' }, at(2));
  expect(await claimAll(at(3))).toEqual(['a2']);

  const b1 = await opened.db.channelEvent.findFirstOrThrow({ where: { externalId: 'b1' } });
  // A failed event is not retried and does not hold its conversation up.
  await completeEvent(opened.db, b1.id, { status: 'failed', error: 'no bot' }, at(4));
  expect(await claimAll(at(5))).toEqual(['b2']);
  expect(await opened.db.channelEvent.findUniqueOrThrow({ where: { id: b1.id } })).toMatchObject({
    status: 'failed',
    error: 'no bot',
    processedAt: at(4),
    claimedUntil: null,
  });
});

test('a claimed event is claimed again only once its lease has run out (its process died)', async () => {
  await receiveEvents(opened.db, credentialsId, 'telegram', [text('x1', 'x'), text('x2', 'x')], t0);
  const claimed = await claimNextEvent(opened.db, { leaseMs: 30_000, now: at(0) });
  expect(claimed).toMatchObject({ channel: 'telegram', conversationKey: 'x', attempts: 1, claimedUntil: at(30_000) });
  expect(claimed!.message).toEqual(text('x1', 'x'));

  expect(await claimNextEvent(opened.db, { leaseMs: 30_000, now: at(29_999) })).toBeNull();
  const again = await claimNextEvent(opened.db, { leaseMs: 30_000, now: at(30_001) });
  expect(again).toMatchObject({ id: claimed!.id, attempts: 2, claimedUntil: at(60_001) });
  // Its successor still waits for it.
  expect(await claimNextEvent(opened.db, { leaseMs: 30_000, now: at(30_002) })).toBeNull();
});

test('an event committed late behind a claimed one waits for the claim to end', async () => {
  await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('late-2', 'l')], t0);
  const claimed = await claimNextEvent(opened.db, { ...lease, now: at(0) });
  // Another webhook call's insert, numbered before the claimed event but committed after it was taken up.
  await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('late-1', 'l')], t0);
  await opened.db.channelEvent.updateMany({ where: { externalId: 'late-1' }, data: { id: claimed!.id - 1000 } });
  expect(await claimNextEvent(opened.db, { ...lease, now: at(1) })).toBeNull();
  await completeEvent(opened.db, claimed!.id, { status: 'done' }, at(2));
  expect((await claimNextEvent(opened.db, { ...lease, now: at(3) }))?.message?.externalId).toBe('late-1');
});

test('a renewed claim holds past its first lease', async () => {
  await receiveEvents(opened.db, credentialsId, 'telegram', [text('r1', 'r')], t0);
  const claimed = await claimNextEvent(opened.db, { leaseMs: 1_000, now: at(0) });
  await renewEventClaim(opened.db, claimed!.id, at(5_000));
  expect(await claimNextEvent(opened.db, { leaseMs: 1_000, now: at(4_999) })).toBeNull();
  expect(await claimNextEvent(opened.db, { leaseMs: 1_000, now: at(5_001) })).toMatchObject({ id: claimed!.id });
});

test('processed events are deleted once old enough; pending ones stay', async () => {
  await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('o1', 'o'), text('o2', 'o'), text('o3', 'p')], t0);
  const [o1, o3] = [
    await claimNextEvent(opened.db, { ...lease, now: t0 }),
    await claimNextEvent(opened.db, { ...lease, now: t0 }),
  ];
  await completeEvent(opened.db, o1!.id, { status: 'done' }, at(1));
  await completeEvent(opened.db, o3!.id, { status: 'failed', error: 'x' }, at(3));
  expect(await deleteProcessedEvents(opened.db, at(2))).toBe(1);
  expect((await opened.db.channelEvent.findMany({ orderBy: { id: 'asc' } })).map((event) => event.externalId)).toEqual([
    'o2',
    'o3',
  ]);
});

test('the chat store counts the pending events, claimed or not, and no processed one', async () => {
  expect(await opened.chatStore.channelQueueDepth()).toEqual({ inbox: 0, outbox: 0 });
  await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('d1', 'd'), text('d2', 'd'), text('e1', 'e')], t0);
  const d1 = await claimNextEvent(opened.db, { ...lease, now: t0 });
  await claimNextEvent(opened.db, { ...lease, now: t0 });
  await completeEvent(opened.db, d1!.id, { status: 'done' }, at(1));
  expect(await opened.chatStore.channelQueueDepth()).toEqual({ inbox: 2, outbox: 0 });
});

(onPostgres ? test : test.skip)('a conversation another process is claiming in is passed over', async () => {
  await receiveEvents(opened.db, credentialsId, 'whatsApp', [text('k1', 'k'), text('m1', 'm')], t0);
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  try {
    await other.query('BEGIN');
    await other.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2))', [LOCK_SPACE.events, `${credentialsId}/k`]);
    expect((await claimNextEvent(opened.db, { ...lease, now: t0 }))?.message?.externalId).toBe('m1');
    expect(await claimNextEvent(opened.db, { ...lease, now: t0 })).toBeNull();
    await other.query('ROLLBACK');
    expect((await claimNextEvent(opened.db, { ...lease, now: t0 }))?.message?.externalId).toBe('k1');
  } finally {
    await other.end();
  }
});

(onPostgres ? test : test.skip)(
  'processes claiming at once never take the same event, nor two of one conversation',
  async () => {
    const others = [openDatabase(database.url), openDatabase(database.url), openDatabase(database.url)];
    try {
      const conversations = ['p', 'q', 'r', 's'];
      const messages = conversations.flatMap((key) => [1, 2, 3].map((n) => text(`${key}${n}`, key)));
      await receiveEvents(opened.db, credentialsId, 'whatsApp', messages, t0);
      const clients = [opened, ...others].map((client) => client.db);

      // Every claimer claims until nothing is left, several rounds: all claims live at once.
      const rounds: string[][] = [];
      for (let round = 0; round < 3; round += 1) {
        const claims = await Promise.all(
          clients.flatMap((db) => [0, 1, 2].map(() => claimNextEvent(db, { ...lease, now: at(round * 10) }))),
        );
        const taken = claims.filter((claim) => claim !== null);
        rounds.push(taken.map((claim) => claim.message!.externalId).sort());
        await Promise.all(
          taken.map((claim) => completeEvent(opened.db, claim.id, { status: 'done' }, at(round * 10 + 1))),
        );
      }
      // Each round takes the next event of every conversation, once.
      expect(rounds).toEqual([
        ['p1', 'q1', 'r1', 's1'],
        ['p2', 'q2', 'r2', 's2'],
        ['p3', 'q3', 'r3', 's3'],
      ]);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  },
);

test('claims go round the connections: after one served, the next one with a claimable event (wrapping round)', async () => {
  const workspace = await opened.db.workspace.create({ data: { name: 'Others' } });
  const other = (name: string) =>
    opened.db.credentials.create({ data: { type: 'whatsApp', name, data: '', iv: '', workspaceId: workspace.id } });
  const [second, third] = (await Promise.all([other('second'), other('third')])).map((each) => each.id);
  // Connections in id order (the round's order), whichever was created first.
  const [a, b, c] = [credentialsId, second!, third!].sort();
  // A floods first; B and C each write once after it.
  await receiveEvents(opened.db, a!, 'whatsApp', [text('a1', 'a1'), text('a2', 'a2'), text('a3', 'a3')], t0);
  await receiveEvents(opened.db, b!, 'whatsApp', [text('b1', 'b1')], t0);
  await receiveEvents(opened.db, c!, 'whatsApp', [text('c1', 'c1')], t0);

  const claimed: string[] = [];
  let after: string | undefined;
  for (let event = await claimNextEvent(opened.db, { ...lease, now: at(1) }); event;) {
    claimed.push(event.message!.externalId);
    after = event.credentialsId;
    event = await claimNextEvent(opened.db, { ...lease, now: at(1), after });
  }
  expect(claimed).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);

  // A connection with nothing claimable (its one conversation in hand) is passed over.
  await opened.db.channelEvent.deleteMany();
  await receiveEvents(opened.db, a!, 'whatsApp', [text('a4', 'held'), text('a5', 'held')], t0);
  await receiveEvents(opened.db, b!, 'whatsApp', [text('b2', 'b2')], t0);
  const held = await claimNextEvent(opened.db, { ...lease, now: at(2), after: c });
  expect(held?.message?.externalId).toBe('a4');
  expect((await claimNextEvent(opened.db, { ...lease, now: at(2), after: b }))?.message?.externalId).toBe('b2');
  expect(await claimNextEvent(opened.db, { ...lease, now: at(2), after: b })).toBeNull();
});

test('an update of thousands of messages is stored whole, in order (beyond what SQLite binds in one statement)', async () => {
  const messages = Array.from({ length: 6000 }, (_, index) => text(`big${index}`, `p${index}`));
  expect(await receiveEvents(opened.db, credentialsId, 'whatsApp', messages, t0)).toBe(6000);
  const stored = await opened.db.channelEvent.findMany({ orderBy: { id: 'asc' }, select: { externalId: true } });
  expect(stored.map((event) => event.externalId)).toEqual(messages.map((message) => message.externalId));
});
