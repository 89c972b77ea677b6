import { settled } from '../../helpers/channel-events';
import {
  connectBotThroughApi,
  createWebhookCredentials,
  postTelegram,
  postWhatsApp,
  telegramText,
  waTextOf,
  whatsAppMessage,
} from '../../helpers/channel-webhooks';
import { group, textBubble, textInput, v6Bot } from '../../helpers/chat';
import type { FakeTelegramApi } from '../../helpers/fake-telegram-api';
import type { FakeWhatsAppApi } from '../../helpers/fake-whatsapp-api';
import type { TestServer } from '../../helpers/test-server';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';

// Through the webhooks, what a provider's own behaviour must not change: an
// update it delivers twice (one after the other, or both at once) is answered
// once; a 429 on a reply delays it (Retry-After honoured) and the messages
// behind it, each delivered once and in order.

let server: TestServer;
let whatsApp: FakeWhatsAppApi;
let telegram: FakeTelegramApi;

let channels: ChannelTestServer;

beforeAll(async () => {
  channels = await startChannelTestServer();
  ({ server, whatsApp, telegram } = channels);
});

afterAll(() => channels?.close());

beforeEach(() => {
  whatsApp.reset();
  telegram.reset();
});

const threeMessages = () =>
  v6Bot({
    groups: [
      group('g1', [textBubble('b1', 'one'), textBubble('b2', 'two'), textBubble('b3', 'three'), textInput('t')]),
    ],
  });

const whatsAppSummary = () =>
  whatsApp.requests.map((request) => (request.body.status === 'read' ? 'read' : request.body.text.body));

describe('an update delivered twice is answered once', () => {
  test('WhatsApp: the same signed body posted again, then another posted twice at once', async () => {
    const credentialsId = await createWebhookCredentials(server, 'whatsApp', 'twice');
    await connectBotThroughApi(server, threeMessages(), credentialsId);
    const first = whatsAppMessage('PN-twice', '15551111', waTextOf('hi'));
    expect(await postWhatsApp(server, credentialsId, first.update)).toBe(200);
    await settled(server);
    expect(await postWhatsApp(server, credentialsId, first.update)).toBe(200);
    await settled(server);
    expect(whatsAppSummary()).toEqual(['read', 'one', 'two', 'three']);

    const second = whatsAppMessage('PN-twice', '15552222', waTextOf('hello'));
    const answers = await Promise.all([1, 2].map(() => postWhatsApp(server, credentialsId, second.update)));
    expect(answers).toEqual([200, 200]);
    await settled(server);
    const toSecond = whatsApp.requests
      .map((request) => request.body)
      .filter((body) => body.to === '15552222' || body.message_id === second.id);
    expect(toSecond.map((body) => body.status ?? body.text.body)).toEqual(['read', 'one', 'two', 'three']);
    expect(await server.db.channelEvent.count({ where: { credentialsId } })).toBe(2);
  });

  test('Telegram: the same update posted again, then another posted twice at once', async () => {
    const credentialsId = await createWebhookCredentials(server, 'telegram', 'twice');
    await connectBotThroughApi(server, threeMessages(), credentialsId);
    const first = telegramText(5001, 'hi');
    expect(await postTelegram(server, credentialsId, first.update)).toBe(200);
    await settled(server);
    expect(await postTelegram(server, credentialsId, first.update)).toBe(200);
    const second = telegramText(5002, 'hello');
    expect(await Promise.all([1, 2].map(() => postTelegram(server, credentialsId, second.update)))).toEqual([200, 200]);
    await settled(server);
    for (const chat of ['5001', '5002']) {
      const calls = telegram.calls().filter((call) => call.params.chat_id === chat);
      expect(calls.map((call) => call.params.text ?? call.method)).toEqual(['sendChatAction', 'one', 'two', 'three']);
    }
  });
});

describe("a provider's 429 on a reply", () => {
  test('WhatsApp: retried after Retry-After, the messages behind it held back, each delivered once in order', async () => {
    const credentialsId = await createWebhookCredentials(server, 'whatsApp', 'limited');
    await connectBotThroughApi(server, threeMessages(), credentialsId);
    whatsApp.failWhen((request) => request.body?.text?.body === 'one', 429, 1);
    const hello = whatsAppMessage('PN-limited', '15553333', waTextOf('hi'));
    expect(await postWhatsApp(server, credentialsId, hello.update)).toBe(200);
    await settled(server);
    // The first 'one' was refused: the stand-in saw it twice, and accepted each message once.
    expect(whatsAppSummary()).toEqual(['read', 'one', 'one', 'two', 'three']);
    const deliveries = await server.db.channelDelivery.findMany({ where: { credentialsId }, orderBy: { id: 'asc' } });
    expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['sent', 0],
      ['sent', 1],
      ['sent', 0],
      ['sent', 0],
    ]);
    // Not before the provider's Retry-After (1 s) had passed since the refusal.
    expect(deliveries[1]!.sentAt!.getTime() - deliveries[0]!.sentAt!.getTime()).toBeGreaterThanOrEqual(1000);
    expect(deliveries[2]!.sentAt!.getTime()).toBeGreaterThanOrEqual(deliveries[1]!.sentAt!.getTime());
  });

  test('Telegram: retried after its retry_after, each delivered once in order', async () => {
    const credentialsId = await createWebhookCredentials(server, 'telegram', 'limited');
    await connectBotThroughApi(server, threeMessages(), credentialsId);
    telegram.failWhen((request) => request.body?.text === 'two', 429, 1);
    const hello = telegramText(5003, 'hi');
    expect(await postTelegram(server, credentialsId, hello.update)).toBe(200);
    await settled(server);
    expect(telegram.calls().map((call) => call.params.text ?? call.method)).toEqual([
      'sendChatAction',
      'one',
      'two',
      'two',
      'three',
    ]);
    const deliveries = await server.db.channelDelivery.findMany({ where: { credentialsId }, orderBy: { id: 'asc' } });
    expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['sent', 0],
      ['sent', 0],
      ['sent', 1],
      ['sent', 0],
    ]);
  });
});
