import { until } from '../../helpers/channel-events';
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

// Fifty people writing at once through the webhooks: their first messages
// posted concurrently, then their second ones (while the first may still be
// in hand). Every conversation is answered, each in its own order.

jest.setTimeout(120_000);

const PEOPLE = 50;

let server: TestServer;
let whatsApp: FakeWhatsAppApi;
let telegram: FakeTelegramApi;

let channels: ChannelTestServer;

beforeAll(async () => {
  channels = await startChannelTestServer();
  ({ server, whatsApp, telegram } = channels);
});

afterAll(() => channels?.close());

const twoQuestions = () =>
  v6Bot({
    groups: [
      group('g1', [
        textBubble('q1', 'Your name?'),
        textInput('name', 'vname'),
        textBubble('q2', 'Hello {{Name}}, your city?'),
        textInput('city', 'vcity'),
      ]),
    ],
    variables: [
      { id: 'vname', name: 'Name' },
      { id: 'vcity', name: 'City' },
    ],
  });

/** Each person's conversation key and name. */
const people = (base: number) =>
  Array.from({ length: PEOPLE }, (_, index) => ({ key: String(base + index), name: `Person${index}` }));

/** The expected number of requests at the stand-in, the outbox empty, and not one more (none sent twice). */
async function allAnswered(count: () => number, expected: number): Promise<void> {
  await until(() => count() >= expected, `${expected} messages at the stand-in`, 90_000);
  await until(
    async () => (await server.db.channelDelivery.count({ where: { status: 'pending' } })) === 0,
    'the outbox to empty',
  );
  expect(count()).toBe(expected);
}

test('WhatsApp: 50 conversations at once, each answered in its order', async () => {
  const credentialsId = await createWebhookCredentials(server, 'whatsApp', 'crowd');
  await connectBotThroughApi(server, twoQuestions(), credentialsId);
  const crowd = people(15550000);
  const post = (message: (person: { key: string; name: string }) => Record<string, unknown>) =>
    Promise.all(
      crowd.map(async (person) => {
        const { id, update } = whatsAppMessage('PN-crowd', person.key, message(person));
        expect(await postWhatsApp(server, credentialsId, update)).toBe(200);
        return id;
      }),
    );
  const firsts = await post(() => waTextOf('hi'));
  const seconds = await post((person) => waTextOf(person.name));
  await allAnswered(() => whatsApp.requests.length, PEOPLE * 4);

  crowd.forEach((person, index) => {
    const received = whatsApp.requests
      .map((request) => request.body)
      .filter((body) => body.to === person.key || [firsts[index], seconds[index]].includes(body.message_id))
      .map((body) => (body.status === 'read' ? `read ${body.message_id}` : body.text.body));
    expect(received).toEqual([
      `read ${firsts[index]}`,
      'Your name?',
      `read ${seconds[index]}`,
      `Hello ${person.name}, your city?`,
    ]);
  });
  const events = await server.db.channelEvent.groupBy({ by: ['status'], where: { credentialsId }, _count: true });
  expect(events).toEqual([{ status: 'done', _count: PEOPLE * 2 }]);
});

test('Telegram: 50 conversations at once, each answered in its order', async () => {
  const credentialsId = await createWebhookCredentials(server, 'telegram', 'crowd');
  await connectBotThroughApi(server, twoQuestions(), credentialsId);
  const crowd = people(9100000);
  const post = (text: (person: { key: string; name: string }) => string) =>
    Promise.all(
      crowd.map(async (person) => {
        const { update } = telegramText(Number(person.key), text(person));
        expect(await postTelegram(server, credentialsId, update)).toBe(200);
      }),
    );
  await post(() => 'hi');
  await post((person) => person.name);
  await allAnswered(() => telegram.requests.length, PEOPLE * 4);

  for (const person of crowd) {
    const received = telegram
      .calls()
      .filter((call) => call.params.chat_id === person.key)
      .map((call) => (call.method === 'sendMessage' ? call.params.text : call.method));
    expect(received).toEqual(['sendChatAction', 'Your name?', 'sendChatAction', `Hello ${person.name}, your city?`]);
  }
  const events = await server.db.channelEvent.groupBy({ by: ['status'], where: { credentialsId }, _count: true });
  expect(events).toEqual([{ status: 'done', _count: PEOPLE * 2 }]);
});
