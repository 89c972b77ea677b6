import { settled } from '../../helpers/channel-events';
import {
  connectBotThroughApi,
  createWebhookCredentials,
  IMAGE_URL,
  leadBot,
  PLANS,
  postTelegram,
  telegramCallback,
  telegramText,
} from '../../helpers/channel-webhooks';
import { request } from '../../helpers/http';
import { FAKE_TELEGRAM_TOKEN, startFakeTelegramApi, type FakeTelegramApi } from '../../helpers/fake-telegram-api';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// A lead-generation conversation on Telegram, end to end: updates posted to
// the webhook with the secret token, the bot's answers as the Bot API's
// stand-in received them (inline keyboards, a photo, the e-mail retry, the
// thank-you), and the answers stored in the result.

let server: TestServer;
let telegram: FakeTelegramApi;

beforeAll(async () => {
  telegram = await startFakeTelegramApi();
  server = await startTestServer({ outboundAllow: '127.0.0.1', channels: { telegramApiUrl: telegram.baseUrl } });
});

afterAll(async () => {
  await server?.close();
  await telegram?.close();
});

const CHAT = 424242;
const chatId = String(CHAT);
const typing = { method: 'sendChatAction', params: { chat_id: chatId, action: 'typing' } };
const message = (text: string, extra: Record<string, unknown> = {}) => ({
  method: 'sendMessage',
  params: { chat_id: chatId, text, parse_mode: 'HTML', ...extra },
});
const keyboardOf = (items: [id: string, label: string][]) => ({
  inline_keyboard: items.map(([id, label]) => [{ text: label, callback_data: id }]),
});
const DEMO_KEYBOARD = keyboardOf([
  ['demo-yes', 'Yes please'],
  ['demo-later', 'Later'],
  ['demo-no', 'No thanks'],
]);
const PLAN_KEYBOARD = keyboardOf(PLANS.map((plan) => [`plan-${plan.toLowerCase()}`, plan]));

test('keyboards of three and five, a photo, an e-mail retried, a thank-you; the answers in the result', async () => {
  const credentialsId = await createWebhookCredentials(server, 'telegram', 'lead');
  const botId = await connectBotThroughApi(server, leadBot(), credentialsId);

  /** Posts the update and answers the Bot API calls the stand-in received for it. */
  const post = async ({ update }: { update: Record<string, unknown> }) => {
    const before = telegram.requests.length;
    expect(await postTelegram(server, credentialsId, update)).toBe(200);
    await settled(server);
    const received = telegram.requests.slice(before);
    for (const each of received) expect(each.path).toMatch(new RegExp(`^/bot${FAKE_TELEGRAM_TOKEN}/[A-Za-z]+$`));
    return telegram.calls().slice(before);
  };

  expect(await post(telegramText(CHAT, 'Hi'))).toEqual([
    typing,
    message('Welcome to Acme! Would you like a demo?', { reply_markup: DEMO_KEYBOARD }),
  ]);

  const demo = telegramCallback(CHAT, 'demo-yes', DEMO_KEYBOARD);
  expect(await post(demo)).toEqual([
    { method: 'answerCallbackQuery', params: { callback_query_id: `cbq-${demo.id}` } },
    typing,
    message('Which plan fits your team?', { reply_markup: PLAN_KEYBOARD }),
  ]);

  const plan = telegramCallback(CHAT, 'plan-team', PLAN_KEYBOARD);
  expect(await post(plan)).toEqual([
    { method: 'answerCallbackQuery', params: { callback_query_id: `cbq-${plan.id}` } },
    typing,
    { method: 'sendPhoto', params: { chat_id: chatId, photo: IMAGE_URL } },
    message('Where can we send the offer?'),
  ]);

  expect(await post(telegramText(CHAT, 'ada at example'))).toEqual([
    typing,
    message("This email doesn't seem to be valid. Can you type it again?"),
  ]);

  expect(await post(telegramText(CHAT, 'ada@example.com'))).toEqual([
    typing,
    message('Thank you! The Team offer is on its way to ada@example.com.'),
  ]);
  expect(telegram.requests).toHaveLength(13);

  const results = await request(server.url, 'GET', `/v1/bots/${botId}/results`, { token: server.adminToken });
  expect(results.status).toBe(200);
  expect(results.body.results).toHaveLength(1);
  const [result] = results.body.results;
  expect(result).toMatchObject({ botId, hasStarted: true, isCompleted: true });
  expect(
    result.answers.map((answer: { blockId: string; content: string }) => [answer.blockId, answer.content]),
  ).toEqual([
    ['demo', 'Yes please'],
    ['plan', 'Team'],
    ['mail', 'ada@example.com'],
  ]);
  const events = await server.db.channelEvent.findMany({ where: { credentialsId } });
  expect(events.map((event) => [event.status, event.error])).toEqual(Array(5).fill(['done', null]));
});
