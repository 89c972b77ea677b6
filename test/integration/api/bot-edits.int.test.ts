import { editBot } from '../../../src/services/bot-edits';
import { say, texts } from '../../helpers/chat';
import { graphql, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// POST /v1/bots/{botId}/edits (GraphQL editBot): a client that builds a bot
// step by step (an assistant) sends small edits instead of the whole
// definition; they apply all or none and save as a PATCH does.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const paragraph = (words: string) => ({ richText: [{ type: 'p', children: [{ text: words }] }] });
const text = (words: string, id?: string) => ({ ...(id ? { id } : {}), type: 'text', content: paragraph(words) });

/** A new bot as the console creates one: nothing but its start event. */
async function emptyBot(token = server.adminToken, workspaceId = server.adminWorkspaceId) {
  const created = await request(server.url, 'POST', '/v1/bots', {
    token,
    json: {
      workspaceId,
      bot: {
        version: '6.1',
        name: 'Built by edits',
        groups: [],
        events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 } }],
        edges: [],
        variables: [],
      },
    },
  });
  expect(created.status).toBe(200);
  return created.body.bot.id as string;
}

const postEdits = (
  botId: string,
  body: Record<string, unknown>,
  { token = server.adminToken, ifMatch }: { token?: string; ifMatch?: string } = {},
) =>
  request(server.url, 'POST', `/v1/bots/${botId}/edits`, {
    token,
    json: body,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

const threeGroups = [
  { op: 'addVariable', id: 'v-email', name: 'Email' },
  { op: 'addGroup', id: 'welcome', title: 'Welcome', blocks: [text('Hello there'), text('Let us get started')] },
  {
    op: 'addGroup',
    id: 'contact',
    title: 'Contact',
    blocks: [text('What is your e-mail?'), { type: 'email input', options: { variableId: 'v-email' } }],
  },
  { op: 'addGroup', id: 'thanks', title: 'Thanks', blocks: [text('Thanks, we will write to {{Email}}', 'bye')] },
  { op: 'connect', from: { eventId: 'start' }, to: { groupId: 'welcome' } },
  { op: 'connect', from: { groupId: 'welcome' }, to: { groupId: 'contact' } },
  { op: 'connect', from: { groupId: 'contact' }, to: { groupId: 'thanks' }, id: 'to-thanks' },
];

test('one POST of edits builds a three-group bot from an empty one; its preview runs it', async () => {
  const botId = await emptyBot();
  const edited = await postEdits(botId, { edits: threeGroups });
  expect(edited.status).toBe(200);
  expect(edited.headers.get('etag')).toBe('"1"');
  const { bot, created } = edited.body;
  expect(bot.groups.map((group: { title: string }) => group.title)).toEqual(['Welcome', 'Contact', 'Thanks']);
  // Groups added without a position do not pile up on one point.
  const xs = bot.groups.map((group: { graphCoordinates: { x: number } }) => group.graphCoordinates.x);
  expect(new Set(xs).size).toBe(3);
  expect(created).toEqual([
    { edit: 0, kind: 'variable', id: 'v-email' },
    { edit: 1, kind: 'group', id: 'welcome' },
    { edit: 1, kind: 'block', id: expect.any(String) },
    { edit: 1, kind: 'block', id: expect.any(String) },
    { edit: 2, kind: 'group', id: 'contact' },
    { edit: 2, kind: 'block', id: expect.any(String) },
    { edit: 2, kind: 'block', id: expect.any(String) },
    { edit: 3, kind: 'group', id: 'thanks' },
    { edit: 3, kind: 'block', id: 'bye' },
    { edit: 4, kind: 'edge', id: expect.any(String) },
    { edit: 5, kind: 'edge', id: expect.any(String) },
    { edit: 6, kind: 'edge', id: 'to-thanks' },
  ]);
  const emailBlockId = created[6].id;
  expect(bot.groups[1].blocks[1]).toEqual({
    id: emailBlockId,
    type: 'email input',
    options: { variableId: 'v-email' },
    outgoingEdgeId: 'to-thanks',
  });
  expect(bot.events[0].outgoingEdgeId).toBe(created[9].id);

  // What GET answers is what the edits saved.
  const read = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken });
  expect(read.body.bot.groups).toEqual(bot.groups);
  expect(read.headers.get('etag')).toBe('"1"');

  const preview = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, {
    token: server.adminToken,
    json: {},
  });
  expect(preview.status).toBe(200);
  expect(texts(preview.body)).toEqual(['Hello there', 'Let us get started', 'What is your e-mail?']);
  expect(preview.body.input).toMatchObject({ id: emailBlockId, type: 'email input' });
  const answered = await say(server, preview.body.sessionId, 'ada@example.com');
  expect(texts(answered.body)).toEqual(['Thanks, we will write to ada@example.com']);
});

test('further edits change the bot step by step; renaming a variable carries its mentions', async () => {
  const botId = await emptyBot();
  expect((await postEdits(botId, { edits: threeGroups })).status).toBe(200);
  const edited = await postEdits(botId, {
    expectedVersion: 1,
    edits: [
      { op: 'renameVariable', variableId: 'v-email', name: 'Address' },
      { op: 'updateBlock', blockId: 'bye', content: { richText: paragraph('Bye {{Address}}!').richText } },
      { op: 'removeGroup', groupId: 'welcome' },
      { op: 'connect', from: { eventId: 'start' }, to: { groupId: 'contact' } },
    ],
  });
  expect(edited.status).toBe(200);
  expect(edited.headers.get('etag')).toBe('"2"');
  expect(edited.body.bot.variables).toEqual([{ id: 'v-email', name: 'Address' }]);
  expect(edited.body.bot.groups.map((group: { id: string }) => group.id)).toEqual(['contact', 'thanks']);
  const preview = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, {
    token: server.adminToken,
    json: {},
  });
  expect(texts(preview.body)).toEqual(['What is your e-mail?']);
  expect(texts((await say(server, preview.body.sessionId, 'bo@example.com')).body)).toEqual(['Bye bo@example.com!']);
});

test('a stale expectedVersion is a 409 CONFLICT (412 with If-Match) and changes nothing', async () => {
  const botId = await emptyBot();
  expect((await postEdits(botId, { edits: [{ op: 'addGroup', title: 'A' }] })).status).toBe(200);
  const stale = await postEdits(botId, { edits: [{ op: 'addGroup', title: 'B' }], expectedVersion: 0 });
  expect(stale.status).toBe(409);
  expect(stale.body).toEqual({
    code: 'CONFLICT',
    message:
      'This bot was changed since version 0 (it is at version 1): reload it, or save again without the expected version to overwrite',
    issues: [{ message: 'the current version is 1', path: ['expectedVersion'] }],
  });
  const ifMatch = await postEdits(botId, { edits: [{ op: 'addGroup', title: 'B' }] }, { ifMatch: '"0"' });
  expect(ifMatch.status).toBe(412);
  expect(ifMatch.body.code).toBe('PRECONDITION_FAILED');
  const read = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken });
  expect(read.body.bot.groups.map((group: { title: string }) => group.title)).toEqual(['A']);
  expect(read.headers.get('etag')).toBe('"1"');
  expect((await postEdits(botId, { edits: [{ op: 'addGroup', title: 'B' }] }, { ifMatch: '"1"' })).status).toBe(200);
});

test('edit lists sent at once without a version all land: one that loses the race is applied again', async () => {
  const botId = await emptyBot();
  const answers = await Promise.all(
    ['A', 'B', 'C', 'D'].map((title) => postEdits(botId, { edits: [{ op: 'addGroup', title }] })),
  );
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  const read = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken });
  expect(read.body.bot.groups.map((group: { title: string }) => group.title).sort()).toEqual(['A', 'B', 'C', 'D']);
  expect(read.headers.get('etag')).toBe('"4"');
  // The same through the service, all started in one tick: they read the same version, and all but one lose the race.
  const saved = await Promise.all(
    ['E', 'F', 'G'].map((title) => editBot(server.db, botId, [{ op: 'addGroup', title }])),
  );
  expect(saved.map((each) => each.bot.draftVersion).sort()).toEqual([5, 6, 7]);
});

test('an id the draft does not have is a 400 naming the edit; nothing of the list is saved', async () => {
  const botId = await emptyBot();
  const refused = await postEdits(botId, {
    edits: [
      { op: 'addGroup', id: 'g1', title: 'One' },
      { op: 'addBlock', groupId: 'g9', block: text('Hi') },
    ],
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({
    code: 'BAD_REQUEST',
    message: 'Edit 1 (addBlock) cannot be applied: No group with id "g9" in the draft',
    issues: [{ message: 'No group with id "g9" in the draft', path: ['edits', 1, 'groupId'] }],
  });
  const read = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken });
  expect(read.body.bot.groups).toEqual([]);
  expect(read.headers.get('etag')).toBe('"0"');
});

test('edits that are not edits, and a draft the save refuses, are 400s with their paths', async () => {
  const botId = await emptyBot();
  const malformed = await postEdits(botId, {
    edits: [{ op: 'addGroup' }, { op: 'explode' }, { op: 'addBlock', groupId: 'g', block: { type: 'nope' } }],
  });
  expect(malformed.status).toBe(400);
  expect(malformed.body.code).toBe('BAD_REQUEST');
  expect(malformed.body.issues).toEqual([
    { message: expect.stringMatching(/^op must be one of addGroup, /), path: ['edits', 1, 'op'] },
    { message: expect.stringContaining('unknown block type "nope"'), path: ['edits', 2, 'block', 'type'] },
  ]);
  // The edited draft goes through the save's checks: a colour that is not one is refused as updateBot refuses it.
  const colour = await postEdits(botId, {
    edits: [{ op: 'updateTheme', theme: { chat: { hostBubbles: { backgroundColor: 'blurple' } } } }],
  });
  expect(colour.status).toBe(400);
  expect(colour.body.issues).toEqual([
    expect.objectContaining({ path: ['bot', 'theme', 'chat', 'hostBubbles', 'backgroundColor'] }),
  ]);
});

test('a GUEST is refused (403); a bot of another workspace answers as PATCH does (404)', async () => {
  const owner = await createUserWithToken(server.db, 'owner@edits.test');
  const botId = await emptyBot(owner.token, owner.personalWorkspaceId);
  const guest = await createUserWithToken(server.db, 'guest@edits.test', {
    workspaceId: owner.personalWorkspaceId,
    role: 'GUEST',
  });
  const denied = await postEdits(botId, { edits: [{ op: 'addGroup', title: 'X' }] }, { token: guest.token });
  expect(denied.status).toBe(403);
  expect(denied.body).toEqual({ code: 'FORBIDDEN', message: 'Insufficient access', issues: [] });

  const stranger = await createUserWithToken(server.db, 'stranger@edits.test');
  const patched = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: stranger.token,
    json: { bot: { name: 'x' } },
  });
  const edited = await postEdits(botId, { edits: [{ op: 'addGroup', title: 'X' }] }, { token: stranger.token });
  expect(edited.status).toBe(404);
  expect(edited.body).toEqual(patched.body);
  const read = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: owner.token });
  expect(read.body.bot.groups).toEqual([]);
});

test('GraphQL: editBot answers the bot and the created ids, typed', async () => {
  const botId = await emptyBot();
  const EDIT = `mutation Edit($botId: ID!, $edits: JSON!, $expectedVersion: Int) {
    editBot(botId: $botId, edits: $edits, expectedVersion: $expectedVersion) {
      bot { draftVersion groups }
      created { edit kind id }
    }
  }`;
  const answer = await graphql(
    server.url,
    EDIT,
    { botId, expectedVersion: 0, edits: [{ op: 'addGroup', title: 'Hi', blocks: [text('Hello')] }] },
    server.adminToken,
  );
  expect(answer.body.errors).toBeUndefined();
  const { bot, created } = answer.body.data.editBot;
  expect(bot.draftVersion).toBe(1);
  expect(created).toEqual([
    { edit: 0, kind: 'group', id: bot.groups[0].id },
    { edit: 0, kind: 'block', id: bot.groups[0].blocks[0].id },
  ]);
  const stale = await graphql(
    server.url,
    EDIT,
    { botId, expectedVersion: 0, edits: [{ op: 'removeGroup', groupId: bot.groups[0].id }] },
    server.adminToken,
  );
  expect(stale.body.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
});
