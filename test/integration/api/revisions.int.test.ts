import { createBot, group, publishBot, startChat, textBubble, texts, v6Bot, type Json } from '../../helpers/chat';
import { graphql, ISO_MS, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// A bot's version history: every publish is a revision, listed with who
// published it (draft checkpoints: draft-checkpoints.int.test.ts), read with what the draft changed since, exported, and
// restored into the draft as an edit (what is live changes at the next publish).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let serial = 0;
const email = (who: string) => `${who}-${Date.now()}-${(serial += 1)}@parley.test`;

const CONTENT_KEYS = ['version', 'groups', 'events', 'edges', 'variables', 'theme', 'settings'] as const;
const contentOf = (bot: Json): Json => Object.fromEntries(CONTENT_KEYS.map((key) => [key, bot[key]]));

const first = () =>
  v6Bot({
    name: 'Support',
    groups: [group('g1', [textBubble('b1', 'Hello')], 'Welcome'), group('g2', [textBubble('b2', 'Bye')], 'Goodbye')],
    variables: [{ id: 'v1', name: 'Name' }],
  });

const get = (path: string, token = server.adminToken) => request(server.url, 'GET', path, { token });
const patch = (botId: string, bot: Json, token = server.adminToken) =>
  request(server.url, 'PATCH', `/v1/bots/${botId}`, { token, json: { bot } });
const restore = (botId: string, revision: number | string, options: { token?: string; ifMatch?: string } = {}) =>
  request(server.url, 'POST', `/v1/bots/${botId}/revisions/${revision}/restore`, {
    token: options.token ?? server.adminToken,
    headers: options.ifMatch === undefined ? {} : { 'if-match': options.ifMatch },
  });

async function userOf(token: string): Promise<Json> {
  const me = await graphql(server.url, '{ me { id email name } }', {}, token);
  return me.body.data!.me;
}

async function chatTexts(publicId: string): Promise<string[]> {
  const started = await startChat(server, publicId);
  expect(started.status).toBe(200);
  return texts(started.body);
}

/**
 * Revision 1 by the admin (first()), revision 2 by a MEMBER (b1 reworded, g2
 * gone, g3 added, theme set), then a draft edit not published (g1 renamed).
 */
async function botWithHistory() {
  const member = await createUserWithToken(server.db, email('member'), {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });
  const { botId } = await createBot(server, first());
  const atFirst = contentOf((await get(`/v1/bots/${botId}`)).body.bot);
  await publishBot(server, botId);
  const second = v6Bot({
    groups: [
      group('g1', [textBubble('b1', 'Hello again')], 'Welcome'),
      group('g3', [textBubble('b3', 'New')], 'Extra'),
    ],
    variables: [{ id: 'v1', name: 'Name' }],
    theme: { general: { font: 'Inter' } },
  });
  expect((await patch(botId, contentOf(second))).status).toBe(200);
  const { publicId } = await publishBot(server, botId, member.token);
  const draft = (await get(`/v1/bots/${botId}`)).body.bot;
  draft.groups[0].title = 'Start';
  expect((await patch(botId, { groups: draft.groups })).status).toBe(200);
  return { botId, publicId, member, atFirst };
}

test('the list: every publish newest first, with its publisher and which one is live', async () => {
  const { botId, member } = await botWithHistory();
  const listed = await get(`/v1/bots/${botId}/revisions`);
  expect(listed.status).toBe(200);
  const publishedBy = async (token: string) => {
    const user = await userOf(token);
    return { kind: 'published', reason: null, note: null, author: user, publisher: user };
  };
  expect(listed.body).toEqual({
    revisions: [
      { revision: 2, publishedAt: expect.stringMatching(ISO_MS), ...(await publishedBy(member.token)), isLive: true },
      {
        revision: 1,
        publishedAt: expect.stringMatching(ISO_MS),
        ...(await publishedBy(server.adminToken)),
        isLive: false,
      },
    ],
  });
  expect(listed.body.revisions[1].publisher.email).toBe(server.adminEmail);
  expect(Date.parse(listed.body.revisions[0].publishedAt)).toBeGreaterThanOrEqual(
    Date.parse(listed.body.revisions[1].publishedAt),
  );

  // Revisions published before publishers were kept have none.
  await server.db.botSnapshot.update({
    where: { botId_revision: { botId, revision: 1 } },
    data: { publishedById: null },
  });
  expect((await get(`/v1/bots/${botId}/revisions`)).body.revisions[1].publisher).toBeNull();
});

test("a revision: its definition in the draft's shape and exactly what the draft changed since", async () => {
  const { botId, atFirst } = await botWithHistory();
  const read = await get(`/v1/bots/${botId}/revisions/1`);
  expect(read.status).toBe(200);
  expect(read.body).toEqual({
    revision: {
      revision: 1,
      kind: 'published',
      reason: null,
      note: null,
      publishedAt: expect.stringMatching(ISO_MS),
      author: await userOf(server.adminToken),
      publisher: await userOf(server.adminToken),
      isLive: false,
      definition: atFirst,
      changes: {
        groupsAdded: [{ id: 'g3', title: 'Extra' }],
        groupsRemoved: [{ id: 'g2', title: 'Goodbye' }],
        groupsChanged: [{ id: 'g1', title: 'Start' }],
        blocksAdded: [{ id: 'b3', type: 'text', groupId: 'g3', label: 'text in Extra' }],
        blocksRemoved: [{ id: 'b2', type: 'text', groupId: 'g2', label: 'text in Goodbye' }],
        blocksChanged: [{ id: 'b1', type: 'text', groupId: 'g1', label: 'text in Start' }],
        themeChanged: true,
        settingsChanged: false,
        variablesChanged: false,
        edgesChanged: false,
        eventsChanged: false,
      },
    },
  });
  const live = await get(`/v1/bots/${botId}/revisions/2`);
  expect(live.body.revision).toMatchObject({ revision: 2, isLive: true });
  expect(live.body.revision.changes).toEqual({
    groupsAdded: [],
    groupsRemoved: [],
    groupsChanged: [{ id: 'g1', title: 'Start' }],
    blocksAdded: [],
    blocksRemoved: [],
    blocksChanged: [],
    themeChanged: false,
    settingsChanged: false,
    variablesChanged: false,
    edgesChanged: false,
    eventsChanged: false,
  });
});

test('restore puts the revision in the draft as an edit; live chats keep the published revision until the next publish', async () => {
  const { botId, publicId, atFirst } = await botWithHistory();
  const before = await get(`/v1/bots/${botId}`);
  const etag = before.headers.get('etag')!;
  expect(etag).toBe('"2"');

  const restored = await restore(botId, 1, { ifMatch: etag });
  expect(restored.status).toBe(200);
  expect(restored.headers.get('etag')).toBe('"3"');
  const { draftVersion: _absent, ...expected } = {
    ...before.body.bot,
    ...atFirst,
    updatedAt: restored.body.bot.updatedAt,
  };
  expect(restored.body).toEqual({ bot: expected });
  expect(restored.body.bot).not.toHaveProperty('draftVersion');
  const after = await get(`/v1/bots/${botId}`);
  expect(after.headers.get('etag')).toBe('"3"');
  expect(after.body).toEqual(restored.body);
  // Metadata is not part of a revision: the name stays.
  expect(after.body.bot.name).toBe('Support');

  expect(await chatTexts(publicId)).toEqual(['Hello again']);
  // The draft the restore replaced (g1 renamed, never published) is kept as a checkpoint.
  const list = (await get(`/v1/bots/${botId}/revisions`)).body.revisions;
  expect(list.map((revision: Json) => [revision.revision, revision.kind, revision.isLive])).toEqual([
    [3, 'draft', false],
    [2, 'published', true],
    [1, 'published', false],
  ]);
  const changes = (await get(`/v1/bots/${botId}/revisions/1`)).body.revision.changes;
  expect(Object.values(changes).every((value) => value === false || (Array.isArray(value) && value.length === 0))).toBe(
    true,
  );

  await publishBot(server, botId);
  expect(await chatTexts(publicId)).toEqual(['Hello']);
  expect(
    (await get(`/v1/bots/${botId}/revisions`)).body.revisions.map((revision: Json) => [
      revision.revision,
      revision.isLive,
    ]),
  ).toEqual([
    [4, true],
    [3, false],
    [2, false],
    [1, false],
  ]);
});

test('restore with a stale If-Match is a 412 and changes nothing; without If-Match it applies', async () => {
  const { botId } = await botWithHistory();
  const stale = await restore(botId, 1, { ifMatch: '"1"' });
  expect(stale.status).toBe(412);
  expect(stale.body).toEqual({
    code: 'PRECONDITION_FAILED',
    message:
      'This bot was changed since version 1 (it is at version 2): reload it, or save again without the expected version to overwrite',
    issues: [{ message: 'the current version is 2', path: ['expectedVersion'] }],
  });
  const unchanged = await get(`/v1/bots/${botId}`);
  expect(unchanged.headers.get('etag')).toBe('"2"');
  expect(unchanged.body.bot.groups.map((g: Json) => g.id)).toEqual(['g1', 'g3']);
  const applied = await restore(botId, 1);
  expect(applied.status).toBe(200);
  expect(applied.headers.get('etag')).toBe('"3"');
  expect(applied.body.bot.groups.map((g: Json) => g.id)).toEqual(['g1', 'g2']);
});

test('an unknown revision is a 404; so is any revision of a bot in another workspace; a GUEST reads but cannot restore', async () => {
  const { botId } = await botWithHistory();
  const notFound = { code: 'NOT_FOUND', message: expect.any(String), issues: [] };
  for (const path of [`/v1/bots/${botId}/revisions/9`, `/v1/bots/${botId}/revisions/9/export`]) {
    const missing = await get(path);
    expect([missing.status, missing.body]).toEqual([404, notFound]);
  }
  const missing = await restore(botId, 9);
  expect([missing.status, missing.body]).toEqual([404, notFound]);

  const stranger = await createUserWithToken(server.db, email('stranger'));
  for (const path of [
    `/v1/bots/${botId}/revisions`,
    `/v1/bots/${botId}/revisions/1`,
    `/v1/bots/${botId}/revisions/1/export`,
  ]) {
    expect((await get(path, stranger.token)).status).toBe(404);
  }
  expect((await restore(botId, 1, { token: stranger.token })).status).toBe(404);

  const guest = await createUserWithToken(server.db, email('guest'), {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  expect((await get(`/v1/bots/${botId}/revisions`, guest.token)).status).toBe(200);
  expect((await get(`/v1/bots/${botId}/revisions/1`, guest.token)).status).toBe(200);
  const denied = await restore(botId, 1, { token: guest.token });
  expect([denied.status, denied.body]).toEqual([
    403,
    { code: 'FORBIDDEN', message: 'Insufficient access', issues: [] },
  ]);
  expect((await get(`/v1/bots/${botId}`)).headers.get('etag')).toBe('"2"');
});

test('export: the revision as a Typebot export file, which imports again', async () => {
  const { botId, publicId, atFirst } = await botWithHistory();
  const exported = await get(`/v1/bots/${botId}/revisions/1/export`);
  expect(exported.status).toBe(200);
  expect(exported.body).toEqual({ ...atFirst, id: botId, name: 'Support', icon: null, publicId });
  const imported = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    // Without its publicId, which the bot still holds (an import keeps a publicId only when free).
    json: { workspaceId: server.adminWorkspaceId, bot: { ...exported.body, publicId: null } },
  });
  expect(imported.status).toBe(200);
  expect(contentOf(imported.body.bot)).toEqual(atFirst);
});

test('GraphQL: Bot.revisions, Bot.revision and restoreRevision(expectedVersion) refused with CONFLICT on another version', async () => {
  const { botId } = await botWithHistory();
  const read = await graphql(
    server.url,
    'query($botId: ID!) { bot(botId: $botId) { revisions { revision isLive publisher { email } } revision(revision: 1) { revision changes { groupsRemoved { id } } } } }',
    { botId },
    server.adminToken,
  );
  expect(read.body.data?.bot).toEqual({
    revisions: [
      { revision: 2, isLive: true, publisher: { email: expect.stringMatching(/^member-/) } },
      { revision: 1, isLive: false, publisher: { email: server.adminEmail } },
    ],
    revision: { revision: 1, changes: { groupsRemoved: [{ id: 'g2' }] } },
  });
  const RESTORE =
    'mutation($botId: ID!, $expected: Int) { restoreRevision(botId: $botId, revision: 1, expectedVersion: $expected) { draftVersion groups } }';
  const stale = await graphql(server.url, RESTORE, { botId, expected: 0 }, server.adminToken);
  expect(stale.body.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
  const done = await graphql(server.url, RESTORE, { botId, expected: 2 }, server.adminToken);
  expect(done.body.data?.restoreRevision.draftVersion).toBe(3);
  expect(done.body.data?.restoreRevision.groups.map((g: Json) => g.id)).toEqual(['g1', 'g2']);
});
