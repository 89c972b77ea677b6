import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { publishDefinition, say, startChat } from '../../helpers/chat';
import { handoffBot, inbox } from '../../helpers/handoff';
import { ISO_MS } from '../../helpers/http';
import { callTool, httpClient, okTool } from '../../helpers/mcp';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// An assistant reads the inbox of conversations handed to people
// (docs/handoff.md): what visitors wait for, and one conversation's
// transcript and variables. Replying stays with people: no tool writes there.

jest.setTimeout(60_000);

let server: TestServer;
let admin: Client;
const clients: Client[] = [];

const connect = async (token: string) => {
  const client = await httpClient(server.url, token);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await connect(server.adminToken);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server.close();
});

/** A visitor reaches the bot's Handoff block, giving their name; answers the conversation's id. */
async function handOff(publicId: string, name: string): Promise<string> {
  const sessionId: string = (await startChat(server, publicId)).body.sessionId;
  expect((await say(server, sessionId, name)).body.handoff).toEqual({ status: 'waiting' });
  return (await server.db.conversation.findFirstOrThrow({ where: { sessionId } })).id;
}

test('the tools about conversations only read', async () => {
  const { tools } = await admin.listTools();
  const about = tools.filter((tool) => /conversation/.test(tool.name));
  expect(about.map((tool) => tool.name).sort()).toEqual(['get_conversation', 'list_waiting_conversations']);
  for (const tool of about) expect(tool.annotations).toMatchObject({ readOnlyHint: true });
});

test('lists what waits, longest first, for the workspace or one bot; reads a transcript and its variables', async () => {
  const support = await publishDefinition(server, handoffBot({ team: 'billing' }));
  const sales = await publishDefinition(server, { ...handoffBot(), name: 'Sales bot' });
  const ann = await handOff(support.publicId, 'Ann');
  const bob = await handOff(sales.publicId, 'Bob');
  const cid = await handOff(support.publicId, 'Cid');
  const taken = await handOff(support.publicId, 'Dee');
  expect((await inbox(server, server.adminToken, 'POST', `/v1/conversations/${taken}/take`)).status).toBe(200);

  const all = await okTool(admin, 'list_waiting_conversations', { workspaceId: server.adminWorkspaceId });
  const mine = all.waiting.filter((conversation: { id: string }) => [ann, bob, cid, taken].includes(conversation.id));
  expect(mine.map((conversation: { id: string }) => conversation.id)).toEqual([ann, bob, cid]);
  expect(mine[0]).toEqual({
    id: ann,
    botId: support.botId,
    botName: 'Support bot',
    team: 'billing',
    channel: 'web',
    waitingSince: expect.stringMatching(ISO_MS),
    waitingMinutes: expect.any(Number),
    timeoutAt: expect.stringMatching(ISO_MS),
    lastMessage: { from: 'bot', text: 'Hold on, Ann' },
  });
  expect(mine[1]).toMatchObject({ botName: 'Sales bot', team: null });
  expect(all.note).toBeUndefined();

  const ofSupport = await okTool(admin, 'list_waiting_conversations', {
    workspaceId: server.adminWorkspaceId,
    botId: support.botId,
  });
  expect(ofSupport.waiting.map((conversation: { id: string }) => conversation.id)).toEqual([ann, cid]);

  // A person writes in the taken one; the visitor answers: the transcript has every line, oldest first.
  await inbox(server, server.adminToken, 'POST', `/v1/conversations/${taken}/messages`, { text: 'Hi Dee' });
  const { sessionId } = await server.db.conversation.findUniqueOrThrow({ where: { id: taken } });
  await say(server, sessionId, 'My parcel never came');
  const read = await okTool(admin, 'get_conversation', { conversationId: taken });
  const person = await server.db.user.findFirstOrThrow({ where: { email: server.adminEmail } });
  expect(read).toEqual({
    id: taken,
    botId: support.botId,
    botName: 'Support bot',
    resultId: expect.any(String),
    status: 'active',
    outcome: null,
    channel: 'web',
    team: 'billing',
    assignee: person.name || person.email,
    waitingSince: expect.stringMatching(ISO_MS),
    timeoutAt: expect.stringMatching(ISO_MS),
    takenAt: expect.stringMatching(ISO_MS),
    endedAt: null,
    transcript: [
      { from: 'visitor', text: 'Dee', at: expect.stringMatching(ISO_MS) },
      { from: 'bot', text: 'Hold on, Dee', at: expect.stringMatching(ISO_MS) },
      { from: `agent ${person.name || person.email}`, text: 'Hi Dee', at: expect.stringMatching(ISO_MS) },
      { from: 'visitor', text: 'My parcel never came', at: expect.stringMatching(ISO_MS) },
    ],
    variables: { Name: 'Dee' },
  });
});

test('a guest reads; outside the workspace nothing is found, as the API says', async () => {
  const bot = await publishDefinition(server, handoffBot());
  const waiting = await handOff(bot.publicId, 'Eve');
  const guest = await createUserWithToken(server.db, 'inbox-guest@example.com', {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  const guestClient = await connect(guest.token);
  const listed = await okTool(guestClient, 'list_waiting_conversations', {
    workspaceId: server.adminWorkspaceId,
    botId: bot.botId,
  });
  expect(listed.waiting.map((conversation: { id: string }) => conversation.id)).toEqual([waiting]);
  expect((await okTool(guestClient, 'get_conversation', { conversationId: waiting })).variables).toEqual({
    Name: 'Eve',
  });

  const outsider = await connect((await createUserWithToken(server.db, 'inbox-outsider@example.com')).token);
  const list = await callTool(outsider, 'list_waiting_conversations', { workspaceId: server.adminWorkspaceId });
  expect(list.isError).toBe(true);
  expect(list.value.error).toMatchObject({ code: 'NOT_FOUND' });
  const get = await callTool(outsider, 'get_conversation', { conversationId: waiting });
  expect(get.isError).toBe(true);
  expect(get.value.error).toEqual({ code: 'NOT_FOUND', message: 'Conversation not found', issues: [] });
});
