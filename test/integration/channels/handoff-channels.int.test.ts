import { settled, until } from '../../helpers/channel-events';
import {
  connectBotThroughApi,
  createWebhookCredentials,
  postTelegram,
  postWhatsApp,
  telegramText,
  waTextOf,
  whatsAppMessage,
} from '../../helpers/channel-webhooks';
import { handoffBot, inbox } from '../../helpers/handoff';
import { startChannelTestServer, type ChannelTestServer } from '../../helpers/channel-test-server';
import type { FakeTelegramApi } from '../../helpers/fake-telegram-api';
import type { FakeWhatsAppApi } from '../../helpers/fake-whatsapp-api';
import type { TestServer } from '../../helpers/test-server';

// Human handoff on the messaging channels (docs/handoff.md#messaging-channels):
// a person on WhatsApp or Telegram reaches a Handoff block; the conversation
// waits in the inbox with its channel; an agent's messages reach the person
// through the providers' stand-ins, in order after the bot's; the person's
// words go to the agent, never to the bot; handed back (or timed out) the
// bot's next messages are sent like a turn's; WhatsApp refuses replies 24
// hours after the person's last message.

let channels: ChannelTestServer;
let server: TestServer;
let whatsApp: FakeWhatsAppApi;
let telegram: FakeTelegramApi;

beforeAll(async () => {
  channels = await startChannelTestServer({ handoff: { sweepMs: 100 } });
  ({ server, whatsApp, telegram } = channels);
});

afterAll(() => channels?.close());

const admin = () => server.adminToken;

interface Line {
  authorKind: string;
  text: string;
}
const linesOf = async (conversationId: string) => {
  const read = await inbox(server, admin(), 'GET', `/v1/conversations/${conversationId}`);
  expect(read.status).toBe(200);
  return read.body as { channel: string; status: string; outcome: string | null; messages: Line[] };
};
const lines = (body: { messages: Line[] }) => body.messages.map((line) => [line.authorKind, line.text]);

const agentSays = async (conversationId: string, text: string) => {
  const sent = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/messages`, { text });
  await settled(server);
  return sent;
};

const conversationOf = async (sessionIdOf: () => Promise<string | null | undefined>) => {
  const sessionId = await sessionIdOf();
  if (!sessionId) throw new Error('no session');
  return server.db.conversation.findFirstOrThrow({ where: { sessionId }, orderBy: { waitingSince: 'desc' } });
};

describe('WhatsApp', () => {
  const PHONE_NUMBER_ID = 'PN-handoff';
  const MESSAGES_PATH = `/v21.0/${PHONE_NUMBER_ID}/messages`;
  let credentialsId: string;

  beforeAll(async () => {
    credentialsId = await createWebhookCredentials(server, 'whatsApp', 'handoff');
    await connectBotThroughApi(server, handoffBot(), credentialsId);
  });

  /** What the person sent, and the stand-in's requests for it but the read receipt: the texts they were sent. */
  const sayFrom = async (person: string, body: string) => {
    const before = whatsApp.requests.length;
    const { update } = whatsAppMessage(PHONE_NUMBER_ID, person, waTextOf(body));
    expect(await postWhatsApp(server, credentialsId, update)).toBe(200);
    await settled(server);
    return sentSince(before);
  };
  const sentSince = (before: number) =>
    whatsApp.requests.slice(before).flatMap((each) => {
      expect([each.method, each.path]).toEqual(['POST', MESSAGES_PATH]);
      const body = each.body as { status?: string; to?: string; type?: string; text?: { body: string } };
      return body.status === 'read' ? [] : [[body.to, body.type === 'text' ? body.text!.body : body.type]];
    });
  const conversationOfPerson = (person: string) =>
    conversationOf(async () => {
      const row = await server.db.channelConversation.findUnique({
        where: { credentialsId_conversationKey: { credentialsId, conversationKey: person } },
      });
      return row?.sessionId;
    });

  test('the agent and the person talk through WhatsApp; handed back, the bot goes on there', async () => {
    const person = '33600000001';
    // The first message answers the bot's question (the name): the bot says the waiting message.
    expect(await sayFrom(person, 'Ann')).toEqual([[person, 'Hold on, Ann']]);
    const conversation = await conversationOfPerson(person);
    const waiting = await linesOf(conversation.id);
    expect(waiting).toMatchObject({ channel: 'whatsApp', status: 'waiting' });
    expect(lines(waiting)).toEqual([
      ['visitor', 'Ann'],
      ['bot', 'Hold on, Ann'],
    ]);

    // Answering takes it; the text reaches the person after the bot's.
    let before = whatsApp.requests.length;
    const sent = await agentSays(conversation.id, 'Hello Ann, I am Bea. How can I help?');
    expect(sent.status).toBe(200);
    expect(sentSince(before)).toEqual([[person, 'Hello Ann, I am Bea. How can I help?']]);

    // The person's words go to the agent: the bot does not answer them (only the read receipt goes).
    expect(await sayFrom(person, 'My parcel is late')).toEqual([]);
    const talking = await linesOf(conversation.id);
    expect(talking.status).toBe('active');
    expect(lines(talking).slice(2)).toEqual([
      ['agent', 'Hello Ann, I am Bea. How can I help?'],
      ['visitor', 'My parcel is late'],
    ]);

    // Two messages in a row arrive in order, then the hand-back's: the bot goes on along the block's edge.
    before = whatsApp.requests.length;
    expect((await agentSays(conversation.id, 'It leaves today.')).status).toBe(200);
    expect((await agentSays(conversation.id, 'Anything else?')).status).toBe(200);
    const released = await inbox(server, admin(), 'POST', `/v1/conversations/${conversation.id}/release`);
    expect(released.status).toBe(200);
    await settled(server);
    expect(sentSince(before)).toEqual([
      [person, 'It leaves today.'],
      [person, 'Anything else?'],
      [person, 'Back to the bot, Ann'],
    ]);
    expect(await linesOf(conversation.id)).toMatchObject({ status: 'closed', outcome: 'released' });

    // The next message answers the bot's question after the handoff, and the flow ends.
    expect(await sayFrom(person, 'No, thanks')).toEqual([]);
    const result = await server.db.answer.findMany({ where: { resultId: conversation.resultId! } });
    expect(result.map((answer) => answer.content).sort()).toEqual(['Ann', 'No, thanks']);
  });

  test('24 hours after the person last wrote, WhatsApp takes no reply: CONFLICT, nothing stored', async () => {
    const person = '33600000002';
    expect(await sayFrom(person, 'Bob')).toEqual([[person, 'Hold on, Bob']]);
    const conversation = await conversationOfPerson(person);
    const lastWrote = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await server.db.channelConversation.update({
      where: { credentialsId_conversationKey: { credentialsId, conversationKey: person } },
      data: { lastActivityAt: lastWrote },
    });
    const before = whatsApp.requests.length;
    const refused = await agentSays(conversation.id, 'Sorry for the wait');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'CONFLICT',
      message: `WhatsApp allows replies within 24 hours of the customer's last message; this customer last wrote at ${lastWrote.toISOString()}`,
      issues: [],
    });
    expect(sentSince(before)).toEqual([]);
    const unchanged = await linesOf(conversation.id);
    expect(unchanged.status).toBe('waiting');
    expect(lines(unchanged)).toEqual([
      ['visitor', 'Bob'],
      ['bot', 'Hold on, Bob'],
    ]);

    // The person writes again: the window opens again.
    expect(await sayFrom(person, 'Hello?')).toEqual([]);
    const again = whatsApp.requests.length;
    expect((await agentSays(conversation.id, 'Here I am')).status).toBe(200);
    expect(sentSince(again)).toEqual([[person, 'Here I am']]);
  });
});

describe('Telegram', () => {
  let credentialsId: string;

  beforeAll(async () => {
    credentialsId = await createWebhookCredentials(server, 'telegram', 'handoff');
    await connectBotThroughApi(server, handoffBot(), credentialsId);
  });

  /** The texts sent since the `before`-th request (typing actions left out), as [chat, text]. */
  const sentSince = (before: number) =>
    telegram
      .calls()
      .slice(before)
      .flatMap((call) => {
        const params = call.params as { chat_id?: string; text?: string };
        if (call.method === 'sendChatAction') return [];
        expect(call.method).toBe('sendMessage');
        return [[params.chat_id, params.text]];
      });
  const sayIn = async (chat: number, text: string) => {
    const before = telegram.requests.length;
    expect(await postTelegram(server, credentialsId, telegramText(chat, text).update)).toBe(200);
    await settled(server);
    return sentSince(before);
  };
  const conversationOfChat = (chat: number) =>
    conversationOf(async () => {
      const row = await server.db.channelConversation.findUnique({
        where: { credentialsId_conversationKey: { credentialsId, conversationKey: String(chat) } },
      });
      return row?.sessionId;
    });

  test('the agent and the person talk through Telegram, a day later too; handed back, the bot goes on', async () => {
    const chat = 5001;
    const key = String(chat);
    expect(await sayIn(chat, 'Cy')).toEqual([[key, 'Hold on, Cy']]);
    const conversation = await conversationOfChat(chat);
    expect(await linesOf(conversation.id)).toMatchObject({ channel: 'telegram', status: 'waiting' });

    // Telegram has no service window: a day after the person last wrote the reply still goes.
    await server.db.channelConversation.update({
      where: { credentialsId_conversationKey: { credentialsId, conversationKey: key } },
      data: { lastActivityAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    let before = telegram.requests.length;
    expect((await agentSays(conversation.id, 'Hi Cy <3, what is up?')).status).toBe(200);
    // Sent as text, never as markup.
    expect(sentSince(before)).toEqual([[key, 'Hi Cy &lt;3, what is up?']]);

    // However long the silence, the person's words go to the agent (the conversation does not start over).
    expect(await sayIn(chat, 'Where is my parcel?')).toEqual([]);
    expect(lines(await linesOf(conversation.id)).slice(-2)).toEqual([
      ['agent', 'Hi Cy <3, what is up?'],
      ['visitor', 'Where is my parcel?'],
    ]);

    before = telegram.requests.length;
    expect((await agentSays(conversation.id, 'On its way.')).status).toBe(200);
    const released = await inbox(server, admin(), 'POST', `/v1/conversations/${conversation.id}/release`, {
      groupId: 'later',
    });
    expect(released.status).toBe(200);
    await settled(server);
    expect(sentSince(before)).toEqual([
      [key, 'On its way.'],
      [key, 'Later group'],
    ]);
  });

  test('nobody takes it in time: the bot goes on, on Telegram', async () => {
    const chat = 5002;
    expect(await sayIn(chat, 'Di')).toEqual([[String(chat), 'Hold on, Di']]);
    const conversation = await conversationOfChat(chat);
    const before = telegram.requests.length;
    await server.db.conversation.update({ where: { id: conversation.id }, data: { timeoutAt: new Date() } });
    await until(async () => (await linesOf(conversation.id)).outcome === 'timedOut', 'the time-out');
    await settled(server);
    expect(sentSince(before)).toEqual([[String(chat), 'Back to the bot, Di']]);
  });

  test('closed: nothing is sent; the next message starts the bot anew', async () => {
    const chat = 5003;
    const key = String(chat);
    expect(await sayIn(chat, 'Ed')).toEqual([[key, 'Hold on, Ed']]);
    const conversation = await conversationOfChat(chat);
    const before = telegram.requests.length;
    expect((await agentSays(conversation.id, 'Bye Ed')).status).toBe(200);
    const closed = await inbox(server, admin(), 'POST', `/v1/conversations/${conversation.id}/close`);
    expect(closed.status).toBe(200);
    await settled(server);
    expect(sentSince(before)).toEqual([[key, 'Bye Ed']]);

    expect(await sayIn(chat, 'Fay')).toEqual([[key, 'Hold on, Fay']]);
    const next = await conversationOfChat(chat);
    expect(next.id).not.toBe(conversation.id);
    expect(next.status).toBe('waiting');
  });
});

test('a line whose outbox rows were never stored (a crash) goes with the answer to the next message', async () => {
  const credentialsId = await createWebhookCredentials(server, 'telegram', 'handoff-crash');
  await connectBotThroughApi(server, handoffBot(), credentialsId);
  const chat = 6001;
  const key = String(chat);
  const post = async (text: string) => {
    const before = telegram.requests.length;
    expect(await postTelegram(server, credentialsId, telegramText(chat, text).update)).toBe(200);
    await settled(server);
    return telegram
      .calls()
      .slice(before)
      .filter((call) => call.method === 'sendMessage')
      .map((call) => (call.params as { text: string }).text);
  };
  expect(await post('Gus')).toEqual(['Hold on, Gus']);
  const row = await server.db.channelConversation.findUniqueOrThrow({
    where: { credentialsId_conversationKey: { credentialsId, conversationKey: key } },
  });
  const conversation = await server.db.conversation.findFirstOrThrow({ where: { sessionId: row.sessionId! } });
  // The agent's line committed, its process died before the outbox rows: the mark did not move.
  const { lastSeq } = await server.db.conversation.update({
    where: { id: conversation.id },
    data: { lastSeq: { increment: 1 } },
  });
  await server.db.conversationMessage.create({
    data: { conversationId: conversation.id, seq: lastSeq, createdAt: new Date(), authorKind: 'agent', text: 'Lost?' },
  });
  expect(await post('Anyone there?')).toEqual(['Lost?']);
  // Given once: the next agent message is the only one sent.
  const before = telegram.requests.length;
  expect((await agentSays(conversation.id, 'Found it.')).status).toBe(200);
  expect(
    telegram
      .calls()
      .slice(before)
      .map((call) => (call.params as { text?: string }).text),
  ).toEqual(['Found it.']);
});
