import { editorsOf, FORGET_AFTER_MS } from '../../../src/services/editor-presence';
import { createBot, group, textBubble, v6Bot } from '../../helpers/chat';
import { graphql } from '../../helpers/http';
import { openSse, type SseStream } from '../../helpers/sse';
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

jest.setTimeout(30_000);

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

const streams: SseStream[] = [];

afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all(streams.map((stream) => stream.ended));
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
  await editorsOf(server.db, botId, { userId: ann.userId, sessionKey: 'nobody' }, later);
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

  test('on PostgreSQL, a selection made on one is announced on the other within a second', async () => {
    if (server.provider !== 'postgresql') return; // SQLite serves from one process (its workers relay through the primary).
    const botId = await newBot();
    await selecting(bob.token, botId, 'bob-tab', null, peer.url);
    const onPeer = await watchEditors(botId, bob.token, 'bob-tab', peer.url);
    const started = Date.now();
    await selecting(ann.token, botId, 'ann-tab', { groupId: 'g1', blockId: 'b1' }, server.url);
    expect(await changeOf(onPeer, 1)).toEqual({ data: { editorsChanged: { botId, userId: ann.userId } } });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await readEditors(bob.token, botId, 'bob-tab', peer.url)).toEqual({
      'ann@presence.test': [{ groupId: 'g1', blockId: 'b1' }],
    });
  });
});

// Who is where: each tab says what it has selected; the others see it per tab,
// and hear of every change live (editorsChanged), then re-read (botEditors).

const SELECTING = `mutation($botId: ID!, $sessionKey: String!, $selection: EditorSelectionInput) {
  editingBot(botId: $botId, sessionKey: $sessionKey, selection: $selection) { user { email } selections { groupId blockId } }
}`;
const EDITORS = `query($botId: ID!, $sessionKey: String!) {
  botEditors(botId: $botId, sessionKey: $sessionKey) { user { email } selections { groupId blockId } }
}`;
const CHANGED = `subscription($botId: ID!, $sessionKey: String) {
  editorsChanged(botId: $botId, sessionKey: $sessionKey) { botId userId }
}`;

interface Where {
  user: { email: string };
  selections: { groupId: string | null; blockId: string | null }[];
}
type Selection = { groupId?: string | null; blockId?: string | null } | null;

/** editingBot with a selection (undefined: none sent); what the tab sees of the others, as e-mail → selections. */
async function selecting(
  token: string,
  botId: string,
  sessionKey: string,
  selection?: Selection,
  url = server.url,
): Promise<Record<string, Where['selections']>> {
  const variables = { botId, sessionKey, ...(selection !== undefined ? { selection } : {}) };
  const response = await graphql<{ editingBot: Where[] }>(url, SELECTING, variables, token);
  expect(response.body.errors).toBeUndefined();
  return Object.fromEntries(response.body.data!.editingBot.map((editor) => [editor.user.email, editor.selections]));
}

async function readEditors(token: string, botId: string, sessionKey: string, url = server.url) {
  const response = await graphql<{ botEditors: Where[] }>(url, EDITORS, { botId, sessionKey }, token);
  expect(response.body.errors).toBeUndefined();
  return Object.fromEntries(response.body.data!.botEditors.map((editor) => [editor.user.email, editor.selections]));
}

async function watchEditors(botId: string, token: string, sessionKey?: string, url = server.url) {
  const stream = await openSse(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: CHANGED, variables: { botId, sessionKey } }),
  });
  streams.push(stream);
  await stream.opened;
  return stream;
}

const changeOf = async (stream: SseStream, count: number) => JSON.parse((await stream.message(count, 5_000)).data);

describe('who is where', () => {
  test("each tab's selection is answered to the others, per tab, never to the tab itself", async () => {
    const botId = await newBot();
    expect(await selecting(ann.token, botId, 'ann-1', { groupId: 'g1', blockId: 'b1' })).toEqual({});
    expect(await selecting(ann.token, botId, 'ann-2', { groupId: 'g2' })).toEqual({
      'ann@presence.test': [{ groupId: 'g1', blockId: 'b1' }],
    });
    // A tab with nothing selected counts as present, with no selection of its own.
    await selecting(ann.token, botId, 'ann-3', null);
    expect(await selecting(bob.token, botId, 'bob-1')).toEqual({
      'ann@presence.test': [
        { groupId: 'g1', blockId: 'b1' },
        { groupId: 'g2', blockId: null },
      ],
    });
    expect(await readEditors(ann.token, botId, 'ann-1')).toEqual({
      'ann@presence.test': [{ groupId: 'g2', blockId: null }],
      'bob@presence.test': [],
    });

    // A heartbeat without a selection keeps the tab's; null clears it; ids naming nothing in the bot are kept as sent.
    await selecting(ann.token, botId, 'ann-1');
    await selecting(ann.token, botId, 'ann-2', null);
    await selecting(ann.token, botId, 'ann-3', { blockId: 'not-in-the-bot' });
    expect(await readEditors(bob.token, botId, 'bob-1')).toEqual({
      'ann@presence.test': [
        { groupId: null, blockId: 'not-in-the-bot' },
        { groupId: 'g1', blockId: 'b1' },
      ],
    });

    // A tab that left, or was not heard from for 45 s, has no selection to show.
    await left(ann.token, botId, 'ann-3');
    const stale = new Date(Date.now() - 46_000);
    await server.db.botEditorPresence.updateMany({ where: { botId, sessionKey: 'ann-1' }, data: { seenAt: stale } });
    expect(await readEditors(bob.token, botId, 'bob-1')).toEqual({ 'ann@presence.test': [] });
    // botEditors is a read: it records no tab.
    expect(await server.db.botEditorPresence.count({ where: { botId, sessionKey: 'bob-1' } })).toBe(1);
    await readEditors(bob.token, botId, 'bob-reader');
    expect(await server.db.botEditorPresence.count({ where: { botId, sessionKey: 'bob-reader' } })).toBe(0);
  });

  test.each([
    ['groupId', 'empty', ''],
    ['groupId', 'too long', 'g'.repeat(65)],
    ['blockId', 'a space', 'my block'],
    ['blockId', 'markup', '<img src=x>'],
  ])('a selection %s that is %s is a BAD_REQUEST on it, and nothing is stored', async (field, _label, id) => {
    const botId = await newBot();
    const response = await graphql(
      server.url,
      SELECTING,
      { botId, sessionKey: 'ann-tab', selection: { [field]: id } },
      ann.token,
    );
    expect(response.body.errors?.[0]?.extensions).toEqual({
      code: 'BAD_REQUEST',
      issues: [{ path: ['selection', field], message: expect.any(String) }],
    });
    expect(await server.db.botEditorPresence.count({ where: { botId } })).toBe(0);
  });

  test('the longest valid ids are accepted', async () => {
    const botId = await newBot();
    const id = 'A-z_0'.repeat(12) + 'abcd';
    await selecting(ann.token, botId, 'ann-tab', { groupId: id, blockId: id });
    expect(await readEditors(bob.token, botId, 'bob-tab')).toEqual({
      'ann@presence.test': [{ groupId: id, blockId: id }],
    });
  });

  test('editorsChanged tells of arriving, selecting and leaving, not of heartbeats that change nothing', async () => {
    const botId = await newBot();
    // Bob's arrival goes through the fanout before the streams under test open: on PostgreSQL its
    // NOTIFY comes back later, and would reach a stream opened meanwhile.
    const arrivals = await watchEditors(botId, guest.token);
    await selecting(bob.token, botId, 'bob-tab');
    expect(await changeOf(arrivals, 1)).toEqual({ data: { editorsChanged: { botId, userId: bob.userId } } });
    const bobs = await watchEditors(botId, bob.token, 'bob-tab');
    const anyones = await watchEditors(botId, guest.token);

    await selecting(ann.token, botId, 'ann-tab', { groupId: 'g1' });
    expect(await changeOf(bobs, 1)).toEqual({ data: { editorsChanged: { botId, userId: ann.userId } } });
    // The same selection again, or no selection at all: nothing to tell.
    await selecting(ann.token, botId, 'ann-tab', { groupId: 'g1' });
    await selecting(ann.token, botId, 'ann-tab');
    await readEditors(ann.token, botId, 'ann-tab');
    await selecting(ann.token, botId, 'ann-tab', { groupId: 'g1', blockId: 'b1' });
    expect(await changeOf(bobs, 2)).toEqual({ data: { editorsChanged: { botId, userId: ann.userId } } });
    // Bob's own tab changing is not sent to his stream, but is to others'.
    await selecting(bob.token, botId, 'bob-tab', { groupId: 'g1' });
    await left(ann.token, botId, 'ann-tab');
    expect(await changeOf(bobs, 3)).toEqual({ data: { editorsChanged: { botId, userId: ann.userId } } });
    // Leaving twice is said once.
    await left(ann.token, botId, 'ann-tab');
    await selecting(ann.token, botId, 'ann-tab');
    expect(await changeOf(bobs, 4)).toEqual({ data: { editorsChanged: { botId, userId: ann.userId } } });

    const users = async (count: number) =>
      (await Promise.all([1, 2, 3, 4, 5].slice(0, count).map((n) => changeOf(anyones, n)))).map(
        (change) => change.data.editorsChanged.userId,
      );
    expect(await users(5)).toEqual([ann.userId, ann.userId, bob.userId, ann.userId, ann.userId]);
    // Every event has reached both streams by now (one fanout, in order): none was sent for the quiet beats.
    expect(bobs.messages).toHaveLength(4);
    expect(anyones.messages).toHaveLength(5);
  });

  test('editorsChanged refuses outsiders (NOT_FOUND, as reading the bot) and a bad sessionKey (BAD_REQUEST)', async () => {
    const botId = await newBot();
    const outside = await watchEditors(botId, outsider.token);
    const refusal = await changeOf(outside, 1);
    expect(refusal.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const bad = await watchEditors(botId, ann.token, 'not a key');
    expect((await changeOf(bad, 1)).errors?.[0]?.extensions).toEqual({
      code: 'BAD_REQUEST',
      issues: [{ path: ['sessionKey'], message: expect.any(String) }],
    });
    // And botEditors answers as editingBot does.
    const read = await graphql(server.url, EDITORS, { botId, sessionKey: 'x' }, outsider.token);
    expect(read.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('botEditing: one stream for an editor tab', () => {
  const EDITING = `subscription($botId: ID!, $sessionKey: String!) {
    botEditing(botId: $botId, sessionKey: $sessionKey) {
      draftChanged { draftVersion clientKey }
      editorsChanged { userId }
    }
  }`;

  test('carries the draft’s saves and the others’ presence, in order, but not the tab’s own presence', async () => {
    const botId = await newBot();
    const stream = await openSse(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bob.token}` },
      body: JSON.stringify({ query: EDITING, variables: { botId, sessionKey: 'bob-tab' } }),
    });
    streams.push(stream);
    await stream.opened;
    await selecting(bob.token, botId, 'bob-tab', { groupId: 'g1' });
    await selecting(ann.token, botId, 'ann-tab', { groupId: 'g1' });
    const saved = await graphql<{ editBot: { bot: { draftVersion: number } } }>(
      server.url,
      `
        mutation ($botId: ID!) {
          editBot(
            botId: $botId
            edits: [{ op: "updateGroup", groupId: "g1", title: "Renamed" }]
            clientKey: "ann-tab"
          ) {
            bot {
              draftVersion
            }
          }
        }
      `,
      { botId },
      ann.token,
    );
    expect(saved.body.errors).toBeUndefined();
    expect(await changeOf(stream, 1)).toEqual({
      data: { botEditing: { draftChanged: null, editorsChanged: { userId: ann.userId } } },
    });
    expect(await changeOf(stream, 2)).toEqual({
      data: {
        botEditing: {
          // Ann's tab key is hers: Bob's stream carries her save without it.
          draftChanged: { draftVersion: saved.body.data!.editBot.bot.draftVersion, clientKey: null },
          editorsChanged: null,
        },
      },
    });
    expect(stream.messages).toHaveLength(2);
  });

  test('someone outside the workspace gets no stream', async () => {
    const botId = await newBot();
    const outsider = await createUserWithToken(server.db, `outsider-editing-${botId}@presence.test`);
    const stream = await openSse(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${outsider.token}` },
      body: JSON.stringify({ query: EDITING, variables: { botId, sessionKey: 'x' } }),
    });
    streams.push(stream);
    await stream.opened.catch(() => undefined);
    const first = JSON.parse((await stream.message(1, 5_000)).data);
    // As for a bot that does not exist: nothing says it does.
    expect(first.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

// A tab is its user's and its key together: keys are never shown to another
// user, and one that leaks anyway opens a tab of the sender's own.
describe('whose tab', () => {
  const ADMIN = 'admin@parley.test';

  test("a GUEST sending the admin's key can neither close nor take over the admin's tab: it is a tab of the guest's", async () => {
    const botId = await newBot();
    await selecting(server.adminToken, botId, 'admin-tab', { groupId: 'g1' });
    const adminTab = await watchEditors(botId, server.adminToken, 'admin-tab');

    // Closing it: the guest had no tab under that key, and the admin's stays.
    expect(await left(guest.token, botId, 'admin-tab')).toBe(false);
    expect(await readEditors(bob.token, botId, 'bob-tab')).toEqual({ [ADMIN]: [{ groupId: 'g1', blockId: null }] });

    // Heartbeating under it: the guest's own tab, listed next to the admin's, and the admin's tab is told of it.
    expect(await selecting(guest.token, botId, 'admin-tab', { groupId: 'g-guest' })).toEqual({
      [ADMIN]: [{ groupId: 'g1', blockId: null }],
    });
    expect(await changeOf(adminTab, 1)).toEqual({ data: { editorsChanged: { botId, userId: guest.userId } } });
    expect(await readEditors(bob.token, botId, 'bob-tab')).toEqual({
      [ADMIN]: [{ groupId: 'g1', blockId: null }],
      'guest@presence.test': [{ groupId: 'g-guest', blockId: null }],
    });
    expect(await readEditors(server.adminToken, botId, 'admin-tab')).toEqual({
      'guest@presence.test': [{ groupId: 'g-guest', blockId: null }],
    });

    // Leaving under it closes the guest's tab only.
    expect(await left(guest.token, botId, 'admin-tab')).toBe(true);
    expect(await changeOf(adminTab, 2)).toEqual({ data: { editorsChanged: { botId, userId: guest.userId } } });
    expect(await readEditors(bob.token, botId, 'bob-tab')).toEqual({ [ADMIN]: [{ groupId: 'g1', blockId: null }] });
    expect(await selecting(server.adminToken, botId, 'admin-tab')).toEqual({});
  });
});
