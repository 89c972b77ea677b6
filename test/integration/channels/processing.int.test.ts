import type { ChannelKind, InboundMessage } from '../../../src/services/channels/channel';
import {
  connectBot as connect,
  createChannelCredentials,
  inbound,
  receive as receiveOn,
  textMessage as text,
} from '../../helpers/channel-events';
import {
  edge,
  emailInput,
  group,
  publishDefinition,
  textBubble,
  textInput,
  v6Bot,
  type Json,
} from '../../helpers/chat';
import type { FakeTelegramApi } from '../../helpers/fake-telegram-api';
import { FAKE_WHATSAPP_TOKEN, type FakeWhatsAppApi } from '../../helpers/fake-whatsapp-api';
import type { TestServer } from '../../helpers/test-server';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';

// The conversation processor and the sender over a real server and the
// providers' stand-ins: inbound events stored as the webhooks store them,
// then the exact requests the providers received.

const WAIT_CAP_MS = 300;

let server: TestServer;
let whatsApp: FakeWhatsAppApi;
let telegram: FakeTelegramApi;

let channels: ChannelTestServer;

beforeAll(async () => {
  channels = await startChannelTestServer({ channels: { waitCapMs: WAIT_CAP_MS } });
  ({ server, whatsApp, telegram } = channels);
});

afterAll(() => channels?.close());

beforeEach(() => {
  whatsApp.reset();
  telegram.reset();
});

const createCredentials = (type: ChannelKind, name: string) => createChannelCredentials(server, type, name);
const connectBot = (definition: Json, credentialsId: string, messagingApp: Json = {}) =>
  connect(server, definition, credentialsId, messagingApp);
const receive = (credentialsId: string, channel: ChannelKind, ...messages: InboundMessage[]) =>
  receiveOn(server, credentialsId, channel, ...messages);

const waText = (to: string, body: string) => ({ messaging_product: 'whatsapp', to, type: 'text', text: { body } });

/** The WhatsApp messages sent since the last call (read receipts left out). */
function newWhatsAppMessages(): () => any[] {
  let seen = 0;
  return () => {
    const all = whatsApp.sentMessages();
    const fresh = all.slice(seen);
    seen = all.length;
    return fresh;
  };
}

test('WhatsApp: a text question, an invalid e-mail and its retry, a choice as buttons answered by button id', async () => {
  const credentialsId = await createCredentials('whatsApp', 'flow');
  await connectBot(
    v6Bot({
      groups: [
        group('g1', [
          textBubble('b1', 'Hello! What is your name?'),
          textInput('name', 'vname'),
          textBubble('b2', 'Your e-mail, {{Name}}?'),
          emailInput('mail', 'vmail'),
          textBubble('b3', 'Pick a colour'),
          {
            id: 'colour',
            type: 'choice input',
            items: [
              { id: 'red', content: 'Red' },
              { id: 'blue', content: 'Blue' },
            ],
            options: { variableId: 'vcolour' },
          },
          textBubble('b4', 'Thanks {{Name}}: {{Colour}}'),
        ]),
      ],
      variables: [
        { id: 'vname', name: 'Name' },
        { id: 'vmail', name: 'Mail' },
        { id: 'vcolour', name: 'Colour' },
      ],
    }),
    credentialsId,
  );
  const to = '15550001';
  const fresh = newWhatsAppMessages();
  const first = text(to, 'hi');
  await receive(credentialsId, 'whatsApp', first);
  // The read receipt (with the typing indicator) goes first, then the answer.
  expect(whatsApp.requests.map((sent) => [sent.method, sent.path, sent.body])).toEqual([
    [
      'POST',
      '/v21.0/PN-flow/messages',
      {
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: first.externalId,
        typing_indicator: { type: 'text' },
      },
    ],
    ['POST', '/v21.0/PN-flow/messages', waText(to, 'Hello! What is your name?')],
  ]);
  expect(whatsApp.requests[1]!.headers.authorization).toBe(`Bearer ${FAKE_WHATSAPP_TOKEN}`);
  fresh();

  await receive(credentialsId, 'whatsApp', text(to, 'Ada'));
  expect(fresh()).toEqual([waText(to, 'Your e-mail, Ada?')]);
  await receive(credentialsId, 'whatsApp', text(to, 'not-an-email'));
  expect(fresh()).toEqual([waText(to, "This email doesn't seem to be valid. Can you type it again?")]);
  await receive(credentialsId, 'whatsApp', text(to, 'ada@example.com'));
  expect(fresh()).toEqual([
    {
      messaging_product: 'whatsapp',
      to,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Pick a colour' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'red', title: 'Red' } },
            { type: 'reply', reply: { id: 'blue', title: 'Blue' } },
          ],
        },
      },
    },
  ]);
  await receive(credentialsId, 'whatsApp', inbound(to, { type: 'reply', id: 'blue', title: 'Blue' }));
  expect(fresh()).toEqual([waText(to, 'Thanks Ada: Blue')]);

  // The flow ended: the conversation keeps its bot, not its session.
  const conversation = await server.db.channelConversation.findUniqueOrThrow({
    where: { credentialsId_conversationKey: { credentialsId, conversationKey: to } },
  });
  expect(conversation.sessionId).toBeNull();
  const events = await server.db.channelEvent.findMany({ where: { credentialsId } });
  expect(events.map((event) => [event.status, event.error])).toEqual(Array(5).fill(['done', null]));
  const deliveries = await server.db.channelDelivery.findMany({ where: { credentialsId } });
  expect(new Set(deliveries.map((delivery) => delivery.status))).toEqual(new Set(['sent']));
  const answers = await server.db.answer.findMany({ where: { resultId: deliveries.at(-1)!.resultId! } });
  expect(answers.map((answer) => answer.content).sort()).toEqual(['Ada', 'Blue', 'ada@example.com']);
});

test('Telegram: a duplicate event is answered once; a keyboard answered by callback is acknowledged first', async () => {
  const credentialsId = await createCredentials('telegram', 'dup');
  await connectBot(
    v6Bot({
      groups: [
        group('g1', [
          textBubble('b1', 'Ready?'),
          { id: 'choice', type: 'choice input', items: [{ id: 'go', content: 'Go', outgoingEdgeId: 'e-go' }] },
        ]),
        group('g2', [textBubble('b2', 'Gone!'), textInput('t')]),
      ],
      edges: [edge('e-go', 'g2', { blockId: 'choice', itemId: 'go' })],
    }),
    credentialsId,
  );
  const chat = '4242';
  const hello = text(chat, 'hello');
  await receive(credentialsId, 'telegram', hello);
  // The provider re-delivers the same update.
  await receive(credentialsId, 'telegram', { ...hello, sentAt: hello.sentAt + 1 });
  expect(telegram.calls()).toEqual([
    { method: 'sendChatAction', params: { chat_id: chat, action: 'typing' } },
    {
      method: 'sendMessage',
      params: {
        chat_id: chat,
        text: 'Ready?',
        parse_mode: 'HTML',
        reply_markup: { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] },
      },
    },
  ]);
  expect(await server.db.channelEvent.count({ where: { credentialsId } })).toBe(1);
  telegram.reset();
  await receive(
    credentialsId,
    'telegram',
    inbound(chat, { type: 'reply', id: 'go', title: 'Go' }, { callbackQueryId: 'cbq-1' }),
  );
  expect(telegram.calls()).toEqual([
    { method: 'answerCallbackQuery', params: { callback_query_id: 'cbq-1' } },
    { method: 'sendChatAction', params: { chat_id: chat, action: 'typing' } },
    { method: 'sendMessage', params: { chat_id: chat, text: 'Gone!', parse_mode: 'HTML' } },
  ]);
});

function threeQuestions(): Json {
  return v6Bot({
    groups: [
      group('g1', [
        textBubble('q1', 'Q1'),
        textInput('i1', 'va'),
        textBubble('q2', 'Q2'),
        textInput('i2', 'vb'),
        textBubble('q3', 'Q3'),
        textInput('i3', 'vc'),
        textBubble('end', 'A={{A}} B={{B}} C={{C}}'),
      ]),
    ],
    variables: [
      { id: 'va', name: 'A' },
      { id: 'vb', name: 'B' },
      { id: 'vc', name: 'C' },
    ],
  });
}

test('two conversations at once: each answered in its order', async () => {
  const credentialsId = await createCredentials('whatsApp', 'parallel');
  await connectBot(threeQuestions(), credentialsId);
  const [alice, bob] = ['15550101', '15550102'];
  const messages = ['start', '1', '2', '3'].flatMap((body) => [text(alice, `${body}a`), text(bob, `${body}b`)]);
  await receive(credentialsId, 'whatsApp', ...messages);
  const bodiesTo = (to: string) =>
    whatsApp
      .sentMessages()
      .filter((message) => message.to === to)
      .map((message) => message.text.body);
  expect(bodiesTo(alice)).toEqual(['Q1', 'Q2', 'Q3', 'A=1a B=2a C=3a']);
  expect(bodiesTo(bob)).toEqual(['Q1', 'Q2', 'Q3', 'A=1b B=2b C=3b']);
});

test('a provider answering 429 once: the request is retried, each message delivered once and in order', async () => {
  const credentialsId = await createCredentials('whatsApp', 'retry');
  await connectBot(
    v6Bot({ groups: [group('g1', [textBubble('b1', 'one'), textBubble('b2', 'two'), textInput('t')])] }),
    credentialsId,
  );
  const to = '15550201';
  whatsApp.failNext(1, 429, 0);
  await receive(credentialsId, 'whatsApp', text(to, 'hi'));
  // The read receipt met the 429: sent again, then the messages behind it.
  expect(whatsApp.requests.map((sent) => sent.body.status ?? sent.body.text.body)).toEqual([
    'read',
    'read',
    'one',
    'two',
  ]);
  const deliveries = await server.db.channelDelivery.findMany({ where: { credentialsId }, orderBy: { id: 'asc' } });
  expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual([
    ['sent', 1],
    ['sent', 0],
    ['sent', 0],
  ]);
});

test('the start condition picks the bot of a new conversation; a bot without one takes the rest', async () => {
  const credentialsId = await createCredentials('whatsApp', 'conditions');
  const greeting = (words: string) => v6Bot({ groups: [group('g1', [textBubble('b', words), textInput('t')])] });
  await connectBot(greeting('Orders here'), credentialsId, {
    startCondition: { logicalOperator: 'OR', comparisons: [{ comparisonOperator: 'Contains', value: 'order' }] },
  });
  await connectBot(greeting('General desk'), credentialsId);
  // Not connected: another connection's bot, and a bot with the setting off.
  await connectBot(greeting('Elsewhere'), 'another-credentials-id');
  await publishDefinition(server, {
    ...greeting('Disabled'),
    settings: { messagingApp: { isEnabled: false, credentialsId } },
  });
  await receive(credentialsId, 'whatsApp', text('15550301', 'I want to ORDER a pizza'), text('15550302', 'hello'));
  // Two conversations, answered in parallel: in either order.
  const byRecipient = whatsApp.sentMessages().sort((a, b) => a.to.localeCompare(b.to));
  expect(byRecipient).toEqual([waText('15550301', 'Orders here'), waText('15550302', 'General desk')]);
});

test("a Typebot export's settings.whatsApp connects its bot as settings.messagingApp does", async () => {
  const credentialsId = await createCredentials('whatsApp', 'typebot-key');
  await publishDefinition(server, {
    ...v6Bot({ groups: [group('g1', [textBubble('b', 'Imported and answering'), textInput('t')])] }),
    settings: { whatsApp: { isEnabled: true, credentialsId } },
  });
  await receive(credentialsId, 'whatsApp', text('15550401', 'hi'));
  expect(whatsApp.sentMessages()).toEqual([waText('15550401', 'Imported and answering')]);
});

test('a conversation silent for longer than its expiry, or restarted, starts a new session', async () => {
  const credentialsId = await createCredentials('telegram', 'expiry');
  await connectBot(threeQuestions(), credentialsId, { sessionExpiryTimeout: 2 });
  const chat = '777';
  const sent = () =>
    telegram
      .calls()
      .filter((call) => call.method === 'sendMessage')
      .map((call) => call.params.text);
  const sessionOf = async () =>
    (
      await server.db.channelConversation.findUniqueOrThrow({
        where: { credentialsId_conversationKey: { credentialsId, conversationKey: chat } },
      })
    ).sessionId;
  await receive(credentialsId, 'telegram', text(chat, 'hi'), text(chat, 'x'));
  expect(sent()).toEqual(['Q1', 'Q2']);
  const first = await sessionOf();
  // Three hours without a message: past the bot's two.
  await server.db.channelConversation.update({
    where: { credentialsId_conversationKey: { credentialsId, conversationKey: chat } },
    data: { lastActivityAt: new Date(Date.now() - 3 * 3600_000) },
  });
  await receive(credentialsId, 'telegram', text(chat, 'back'));
  expect(sent()).toEqual(['Q1', 'Q2', 'Q1']);
  const second = await sessionOf();
  expect(second).not.toBe(first);
  await receive(credentialsId, 'telegram', text(chat, 'y'), inbound(chat, { type: 'restart' }));
  expect(sent()).toEqual(['Q1', 'Q2', 'Q1', 'Q2', 'Q1']);
  expect(await sessionOf()).not.toBe(second);
});

test('a file sent by the person is stored and given to the bot as its address', async () => {
  const credentialsId = await createCredentials('whatsApp', 'media');
  await connectBot(
    v6Bot({
      groups: [
        group('g1', [textBubble('b1', 'Send a picture'), textInput('t', 'vfile'), textBubble('b2', 'Got {{File}}')]),
      ],
      variables: [{ id: 'vfile', name: 'File' }],
    }),
    credentialsId,
  );
  const to = '15550401';
  const bytes = Buffer.from('fake jpeg bytes');
  whatsApp.media.set('media-1', { bytes, mimeType: 'image/jpeg' });
  await receive(credentialsId, 'whatsApp', text(to, 'hi'));
  await receive(
    credentialsId,
    'whatsApp',
    inbound(to, { type: 'media', kind: 'image', mediaId: 'media-1', mimeType: 'image/jpeg' }),
  );
  const last = whatsApp.sentMessages().at(-1).text.body as string;
  const url = /^Got (http:\/\/localhost:\d+\/v1\/files\/[a-f0-9]{32}\/image\.jpg)$/.exec(last)?.[1];
  expect(url).toBeDefined();
  const served = await fetch(url!);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
});

test("a Wait block's continuation is due after the wait (capped)", async () => {
  const credentialsId = await createCredentials('telegram', 'wait');
  await connectBot(
    v6Bot({
      groups: [
        group('g1', [
          textBubble('b1', 'one'),
          { id: 'w', type: 'Wait', options: { secondsToWaitFor: '30' } },
          textBubble('b2', 'two'),
          textInput('t'),
        ]),
      ],
    }),
    credentialsId,
  );
  await receive(credentialsId, 'telegram', text('888', 'hi'));
  const deliveries = await server.db.channelDelivery.findMany({ where: { credentialsId }, orderBy: { id: 'asc' } });
  const texts = deliveries.map((delivery) => JSON.parse(delivery.request).body.text ?? 'action');
  expect(texts).toEqual(['action', 'one', 'two']);
  const gap = deliveries[2]!.createdAt.getTime() - deliveries[1]!.createdAt.getTime();
  expect(gap).toBe(WAIT_CAP_MS);
  expect(deliveries[2]!.sentAt!.getTime()).toBeGreaterThanOrEqual(deliveries[2]!.createdAt.getTime());
});

test('Set variable "Environment name" gives the channel the session runs in', async () => {
  const environmentBot = v6Bot({
    groups: [
      group('g1', [
        { id: 's', type: 'Set variable', options: { variableId: 'vEnv', type: 'Environment name' } },
        textBubble('b', 'Running on {{Env}}'),
        textInput('t'),
      ]),
    ],
    variables: [{ id: 'vEnv', name: 'Env' }],
  });
  const whatsAppId = await createCredentials('whatsApp', 'environment');
  await connectBot(environmentBot, whatsAppId);
  await receive(whatsAppId, 'whatsApp', text('15550901', 'hi'));
  expect(whatsApp.sentMessages().map((message) => message.text.body)).toEqual(['Running on whatsapp']);
  const telegramId = await createCredentials('telegram', 'environment');
  await connectBot(environmentBot, telegramId);
  await receive(telegramId, 'telegram', text('901', 'hi'));
  const sent = telegram.calls().filter((call) => call.method === 'sendMessage');
  expect(sent.map((call) => call.params.text)).toEqual(['Running on telegram']);
});
