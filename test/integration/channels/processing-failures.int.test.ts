import type { ChannelKind, InboundMessage } from '../../../src/services/channels/channel';
import {
  connectBot,
  createChannelCredentials,
  receive as receiveOn,
  settled,
  textMessage as text,
} from '../../helpers/channel-events';
import { group, textBubble, textInput, v6Bot } from '../../helpers/chat';
import type { FakeWhatsAppApi } from '../../helpers/fake-whatsapp-api';
import type { TestServer } from '../../helpers/test-server';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';

// What the channel processor and sender do when something fails: the chat
// refuses a message, an event's claims keep running out, the provider refuses
// a request for good. The loops go on with the next message.

let server: TestServer;
let whatsApp: FakeWhatsAppApi;

let channels: ChannelTestServer;

beforeAll(async () => {
  channels = await startChannelTestServer();
  ({ server, whatsApp } = channels);
});

afterAll(() => channels?.close());

beforeEach(() => whatsApp.reset());

const receive = (credentialsId: string, channel: ChannelKind, ...messages: InboundMessage[]) =>
  receiveOn(server, credentialsId, channel, ...messages);
const greeting = (words: string) => v6Bot({ groups: [group('g1', [textBubble('b', words), textInput('t')])] });
const bodies = () => whatsApp.sentMessages().map((message) => message.text.body);

/** An event row written by hand (as a dead process or another release left it), processed; answers it as it ends. */
async function processedByHand(
  credentialsId: string,
  row: { externalId: string; conversationKey: string; message: string; attempts?: number; claimedUntil?: Date },
) {
  await server.db.channelEvent.create({
    data: { credentialsId, channel: 'whatsApp', receivedAt: new Date(), ...row },
  });
  server.wakeChannels();
  await settled(server);
  return server.db.channelEvent.findUniqueOrThrow({
    where: { credentialsId_externalId: { credentialsId, externalId: row.externalId } },
  });
}

test('a chat error is recorded on the event, nothing is sent, and the next message is answered', async () => {
  const credentialsId = await createChannelCredentials(server, 'whatsApp', 'closed');
  const { botId } = await connectBot(server, greeting('Open again'), credentialsId);
  await server.db.bot.update({ where: { id: botId }, data: { isClosed: true } });
  await receive(credentialsId, 'whatsApp', text('15550501', 'hi'));
  const [failed] = await server.db.channelEvent.findMany({ where: { credentialsId } });
  expect([failed!.status, failed!.error]).toEqual(['failed', 'This bot is now closed']);
  expect(whatsApp.requests).toEqual([]);
  await server.db.bot.update({ where: { id: botId }, data: { isClosed: false } });
  await receive(credentialsId, 'whatsApp', text('15550501', 'hi again'));
  expect(bodies()).toEqual(['Open again']);
});

test('a message nobody takes (no connected bot) is recorded and left unanswered', async () => {
  const credentialsId = await createChannelCredentials(server, 'whatsApp', 'nobody');
  await receive(credentialsId, 'whatsApp', text('15550601', 'anyone?'));
  const [event] = await server.db.channelEvent.findMany({ where: { credentialsId } });
  expect(event!.status).toBe('done');
  expect(whatsApp.requests).toEqual([]);
});

test('an event claimed more than five times (its processes died on it) is given up', async () => {
  const credentialsId = await createChannelCredentials(server, 'whatsApp', 'dying');
  await connectBot(server, greeting('Never sent'), credentialsId);
  const event = await processedByHand(credentialsId, {
    externalId: 'wamid.dying',
    conversationKey: '15550701',
    message: JSON.stringify(text('15550701', 'hi')),
    attempts: 5,
    claimedUntil: new Date(Date.now() - 1000),
  });
  expect([event.status, event.attempts, event.error]).toEqual([
    'failed',
    6,
    'Given up: 5 earlier attempts never completed',
  ]);
  expect(whatsApp.requests).toEqual([]);
});

test('a request the provider refuses for good is given up, logged on the result, and the next one goes', async () => {
  const credentialsId = await createChannelCredentials(server, 'whatsApp', 'refused');
  await connectBot(
    server,
    v6Bot({ groups: [group('g1', [textBubble('a', 'one'), textBubble('b', 'two'), textInput('t')])] }),
    credentialsId,
  );
  whatsApp.reset();
  // The read receipt goes first: it meets the refusal.
  whatsApp.failNext(1, 400);
  await receive(credentialsId, 'whatsApp', text('15550801', 'hi'));
  expect(bodies()).toEqual(['one', 'two']);
  const deliveries = await server.db.channelDelivery.findMany({ where: { credentialsId }, orderBy: { id: 'asc' } });
  expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
    ['failed', 1],
    ['sent', 0],
    ['sent', 0],
  ]);
  expect(deliveries[0]!.error).toBe('WhatsApp POST /PN-refused/messages: HTTP 400: An unknown error has occurred.');
  const logs = await server.db.log.findMany({ where: { resultId: deliveries[0]!.resultId! } });
  expect(logs.map((log) => [log.status, log.description, log.details])).toEqual([
    ['error', 'A message could not be delivered to the messaging channel', deliveries[0]!.error],
  ]);
});

test('a stored message that does not read as one is failed without running; the next message is answered', async () => {
  const credentialsId = await createChannelCredentials(server, 'whatsApp', 'unreadable-event');
  await connectBot(server, greeting('Still here'), credentialsId);
  // Written by hand (or by another release): a message without its content.
  const event = await processedByHand(credentialsId, {
    externalId: 'wamid.unreadable',
    conversationKey: '15550901',
    message: JSON.stringify({ externalId: 'wamid.unreadable', conversationKey: '15550901', sentAt: 0 }),
  });
  expect([event.status, event.error]).toEqual(['failed', 'The stored message cannot be read']);
  expect(whatsApp.requests).toEqual([]);
  await receive(credentialsId, 'whatsApp', text('15550901', 'hello'));
  expect(bodies()).toEqual(['Still here']);
});

test('a stored request that does not read as one is given up unsent; the one behind it goes', async () => {
  const credentialsId = await createChannelCredentials(server, 'whatsApp', 'unreadable-request');
  const now = new Date();
  const stored = (request: string) => ({
    credentialsId,
    conversationKey: '15551001',
    request,
    nextAttemptAt: now,
    createdAt: now,
  });
  const message = {
    method: 'POST',
    path: '/PN-unreadable-request/messages',
    body: { messaging_product: 'whatsapp', to: '15551001', type: 'text', text: { body: 'after' } },
  };
  await server.db.channelDelivery.create({ data: stored('{"method":"PUT","path":3}') });
  await server.db.channelDelivery.create({ data: stored(JSON.stringify(message)) });
  await settled(server);
  const deliveries = await server.db.channelDelivery.findMany({ where: { credentialsId }, orderBy: { id: 'asc' } });
  expect(deliveries.map((delivery) => [delivery.status, delivery.error])).toEqual([
    ['failed', 'The stored request cannot be read'],
    ['sent', null],
  ]);
  expect(bodies()).toEqual(['after']);
});
