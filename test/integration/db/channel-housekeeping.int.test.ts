import { openDatabase, type Database } from '../../../src/db/client';
import { migrate } from '../../../src/db/migrate';
import { pruneChannelQueues } from '../../../src/services/channels/housekeeping';
import { claimNextEvent, completeEvent, receiveEvents } from '../../../src/services/channels/inbox';
import { markSent } from '../../../src/services/channels/outbox';
import { claimNextDelivery, enqueueDeliveries } from '../../helpers/channel-outbox';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../helpers/test-database';

// The hourly pruning of the channels' queues on a real database: handled rows
// older than the retention go, newer ones and pending ones (however old) stay.

let database: ThrowawayDatabase;
let opened: Database;

beforeAll(async () => {
  database = await createThrowawayDatabase();
  opened = openDatabase(database.url);
  await migrate(opened.target);
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

const HOUR = 3600_000;
const t0 = new Date('2026-11-20T10:00:00.000Z');
const at = (hours: number) => new Date(t0.getTime() + hours * HOUR);

test('handled events and deliveries older than the retention are deleted; newer and pending ones stay', async () => {
  const workspace = await opened.db.workspace.create({ data: { name: 'Channels' } });
  const { id: credentialsId } = await opened.db.credentials.create({
    data: { type: 'telegram', name: 'Telegram', data: '', iv: '', workspaceId: workspace.id },
  });
  const text = (externalId: string, conversationKey: string) => ({
    externalId,
    conversationKey,
    sentAt: t0.getTime(),
    content: { type: 'text' as const, text: externalId },
  });
  await receiveEvents(
    opened.db,
    credentialsId,
    'telegram',
    [text('old', 'a'), text('new', 'b'), text('waiting', 'c')],
    t0,
  );
  const old = await claimNextEvent(opened.db, { leaseMs: 1000, now: t0 });
  const recent = await claimNextEvent(opened.db, { leaseMs: 1000, now: t0 });
  await completeEvent(opened.db, old!.id, { status: 'done' }, at(0));
  await completeEvent(opened.db, recent!.id, { status: 'done' }, at(20));

  const send = (body: string) => ({ method: 'POST' as const, path: '/sendMessage', body: { chat_id: 1, text: body } });
  await enqueueDeliveries(opened.db, credentialsId, 'a', [send('sent long ago')], { now: t0 });
  await enqueueDeliveries(opened.db, credentialsId, 'b', [send('sent lately')], { now: t0 });
  await enqueueDeliveries(opened.db, credentialsId, 'c', [send('never sent')], { now: t0 });
  const first = await claimNextDelivery(opened.db, { leaseMs: 1000, now: t0 });
  const second = await claimNextDelivery(opened.db, { leaseMs: 1000, now: t0 });
  await markSent(opened.db, first!.id, at(0));
  await markSent(opened.db, second!.id, at(20));

  // Retention of a day, pruned 25 hours after the start: only what was handled at t0 is older than it.
  expect(await pruneChannelQueues(opened.db, 24 * HOUR, at(25))).toEqual({ events: 1, deliveries: 1 });
  const events = await opened.db.channelEvent.findMany({ orderBy: { id: 'asc' }, select: { externalId: true } });
  expect(events.map((event) => event.externalId)).toEqual(['new', 'waiting']);
  const deliveries = await opened.db.channelDelivery.findMany({ orderBy: { id: 'asc' }, select: { status: true } });
  expect(deliveries.map((delivery) => delivery.status)).toEqual(['sent', 'pending']);
});
