import { editorsOf, FORGET_AFTER_MS } from '../../../src/services/editor-presence';
import { createBot, group, textBubble, v6Bot } from '../../helpers/chat';
import { graphql } from '../../helpers/http';
import { createUserWithToken, startPeerServer, startTestServer, type TestServer } from '../../helpers/test-server';

// Who else has a bot open in the editor: each tab calls editingBot with a key
// of its own every 15 s and sees the others of the last 45 s; leftBot removes
// its tab at once. Presence lives in the database, so every process sharing it
// sees the same editors.

const EDITING = `mutation($botId: ID!, $sessionKey: String!) {
  editingBot(botId: $botId, sessionKey: $sessionKey) { since user { id email } }
}`;
const LEFT = 'mutation($botId: ID!, $sessionKey: String!) { leftBot(botId: $botId, sessionKey: $sessionKey) }';

interface Editor {
  since: string;
  user: { id: string; email: string };
}

let server: TestServer;
let ann: { userId: string; token: string };
let bob: { userId: string; token: string };
let guest: { userId: string; token: string };
let outsider: { userId: string; token: string };

beforeAll(async () => {
  server = await startTestServer();
  const membership = (role: 'MEMBER' | 'GUEST') => ({ workspaceId: server.adminWorkspaceId, role });
  ann = await createUserWithToken(server.db, 'ann@presence.test', membership('MEMBER'));
  bob = await createUserWithToken(server.db, 'bob@presence.test', membership('MEMBER'));
  guest = await createUserWithToken(server.db, 'guest@presence.test', membership('GUEST'));
  outsider = await createUserWithToken(server.db, 'outsider@presence.test');
});

afterAll(async () => {
  await server?.close();
});

async function newBot(): Promise<string> {
  return (await createBot(server, v6Bot({ groups: [group('g1', [textBubble('b1', 'Hi')])] }))).botId;
}

/** The editors another tab would see, as e-mails; fails on any error. */
async function editing(token: string, botId: string, sessionKey: string, url = server.url): Promise<string[]> {
  const response = await graphql<{ editingBot: Editor[] }>(url, EDITING, { botId, sessionKey }, token);
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.editingBot.map((editor) => editor.user.email);
}

async function left(token: string, botId: string, sessionKey: string): Promise<boolean> {
  const response = await graphql<{ leftBot: boolean }>(server.url, LEFT, { botId, sessionKey }, token);
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.leftBot;
}

test('two members on one bot see each other, never themselves; leftBot removes a tab at once', async () => {
  const botId = await newBot();
  expect(await editing(ann.token, botId, 'ann-tab')).toEqual([]);
  expect(await editing(bob.token, botId, 'bob-tab')).toEqual(['ann@presence.test']);
  expect(await editing(ann.token, botId, 'ann-tab')).toEqual(['bob@presence.test']);

  const response = await graphql<{ editingBot: Editor[] }>(
    server.url,
    EDITING,
    { botId, sessionKey: 'bob-tab' },
    bob.token,
  );
  const [editor] = response.body.data!.editingBot;
  expect(editor!.user.id).toBe(ann.userId);
  expect(Date.now() - Date.parse(editor!.since)).toBeLessThan(30_000);

  expect(await left(bob.token, botId, 'bob-tab')).toBe(true);
  expect(await editing(ann.token, botId, 'ann-tab')).toEqual([]);
  // Unload and pagehide may both say so: the second is harmless.
  expect(await left(bob.token, botId, 'bob-tab')).toBe(false);
});

test("a user's other tab counts, once per user however many tabs; any role may take part", async () => {
  const botId = await newBot();
  await editing(ann.token, botId, 'ann-1');
  await editing(ann.token, botId, 'ann-2');
  await editing(guest.token, botId, 'guest-1');
  expect(await editing(ann.token, botId, 'ann-1')).toEqual(['ann@presence.test', 'guest@presence.test']);
  expect(await editing(bob.token, botId, 'bob-1')).toEqual(['ann@presence.test', 'guest@presence.test']);
  // Presence is per bot.
  expect(await editing(bob.token, await newBot(), 'bob-1')).toEqual([]);
});

test('a heartbeat older than 45 s no longer counts; forgotten tabs are deleted after 10 minutes', async () => {
  const botId = await newBot();
  await editing(bob.token, botId, 'bob-tab');
  const stale = new Date(Date.now() - 46_000);
  await server.db.botEditorPresence.updateMany({ where: { botId, sessionKey: 'bob-tab' }, data: { seenAt: stale } });
  expect(await editing(ann.token, botId, 'ann-tab')).toEqual([]);

  // A new heartbeat brings the tab back.
  expect(await editing(bob.token, botId, 'bob-tab')).toEqual(['ann@presence.test']);

  // Ten minutes on, a reader sweeps every tab not seen since (it is the only cleanup there is).
  const later = new Date(Date.now() + FORGET_AFTER_MS + 60_000);
  await editorsOf(server.db, botId, 'nobody', later);
  expect(await server.db.botEditorPresence.count({ where: { botId } })).toBe(0);
});

test('outside the workspace: NOT_FOUND, as reading the bot answers; no token: UNAUTHORIZED', async () => {
  const botId = await newBot();
  await editing(ann.token, botId, 'ann-tab');
  const read = await graphql(server.url, 'query($botId: ID!) { bot(botId: $botId) { id } }', { botId }, outsider.token);
  expect(read.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  for (const operation of [EDITING, LEFT]) {
    const response = await graphql(server.url, operation, { botId, sessionKey: 'outsider-tab' }, outsider.token);
    expect(response.body.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND', issues: [] });
    expect(response.body.data).toBeNull();
  }
  // An unknown bot answers the same as another workspace's.
  const unknown = await graphql(server.url, EDITING, { botId: 'no-such-bot', sessionKey: 'ann-tab' }, ann.token);
  expect(unknown.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  const anonymous = await graphql(server.url, EDITING, { botId, sessionKey: 'anon-tab' });
  expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
  // Neither left a trace.
  expect(await server.db.botEditorPresence.findMany({ where: { botId }, select: { userId: true } })).toEqual([
    { userId: ann.userId },
  ]);
});

test.each([
  ['empty', ''],
  ['too long', 'k'.repeat(65)],
  ['a space', 'my tab'],
  ['a non-ASCII letter', 'tab-ä'],
])('a sessionKey with %s is a BAD_REQUEST on sessionKey', async (_label, sessionKey) => {
  const botId = await newBot();
  for (const operation of [EDITING, LEFT]) {
    const response = await graphql(server.url, operation, { botId, sessionKey }, ann.token);
    expect(response.body.errors?.[0]?.extensions).toEqual({
      code: 'BAD_REQUEST',
      issues: [{ path: ['sessionKey'], message: expect.any(String) }],
    });
  }
  expect(await server.db.botEditorPresence.count({ where: { botId } })).toBe(0);
});

test('the longest valid sessionKey is accepted', async () => {
  const botId = await newBot();
  expect(await editing(ann.token, botId, 'A-z_0'.repeat(12) + 'abcd')).toEqual([]);
});

describe('two processes on one database', () => {
  let peer: TestServer;
  beforeAll(async () => {
    peer = await startPeerServer(server);
  });
  afterAll(async () => {
    await peer?.close();
  });

  test('a heartbeat on one is seen from the other, and so is leaving', async () => {
    const botId = await newBot();
    await editing(ann.token, botId, 'ann-tab', server.url);
    expect(await editing(bob.token, botId, 'bob-tab', peer.url)).toEqual(['ann@presence.test']);
    expect(await editing(ann.token, botId, 'ann-tab', server.url)).toEqual(['bob@presence.test']);
    const response = await graphql<{ leftBot: boolean }>(peer.url, LEFT, { botId, sessionKey: 'bob-tab' }, bob.token);
    expect(response.body.data?.leftBot).toBe(true);
    expect(await editing(ann.token, botId, 'ann-tab', server.url)).toEqual([]);
  });
});
