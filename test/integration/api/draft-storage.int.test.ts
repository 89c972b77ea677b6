import { graphql, request } from '../../helpers/http';
import { MINIMAL_BOT } from '../../helpers/bots';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// What a workspace's bots keep of their drafts is bounded (docs/security.md#draft-storage):
// the change log is read a page at a time, a restore logs no copy, a deleted bot
// takes its log and revisions with it, a workspace has a quota, and checkpoints and
// restores are rate-limited per user.

jest.setTimeout(60_000);

const PER_READ = 3;
const READ_BYTES = 6_000;
const QUOTA = 80_000;
const REVISIONS_PER_WINDOW = 3;

let server: TestServer;
let users = 0;

beforeAll(async () => {
  server = await startTestServer({
    drafts: { changesPerRead: PER_READ, changesReadBytes: READ_BYTES, workspaceStorageBytes: QUOTA },
    rateLimit: {
      ipPoints: 1_000_000,
      botPoints: 1_000_000,
      builderPoints: 1_000_000,
      authFailurePoints: 1_000_000,
      revisionPoints: REVISIONS_PER_WINDOW,
      windowSeconds: 600,
    },
  });
});
afterAll(async () => {
  await server.close();
});

/** A user of their own workspace: each test has its own quota and its own checkpoint budget. */
async function newUser(): Promise<{ token: string; workspaceId: string; userId: string }> {
  users += 1;
  const user = await createUserWithToken(server.db, `storage-${users}@parley.test`);
  return { token: user.token, workspaceId: user.personalWorkspaceId, userId: user.userId };
}

async function newBot(user: { token: string; workspaceId: string }): Promise<string> {
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: user.token,
    json: { workspaceId: user.workspaceId, bot: MINIMAL_BOT },
  });
  expect(created.status).toBe(200);
  return created.body.bot.id;
}

/** The bot's one message, `length` characters long (tag makes each save's text differ). */
const groupsWithText = (tag: string, length: number) => [
  {
    id: 'g1',
    title: 'G',
    blocks: [
      {
        id: 'b1',
        type: 'text',
        content: { richText: [{ type: 'p', children: [{ text: tag.padEnd(length, '.') }] }] },
      },
    ],
  },
];

const save = (token: string, botId: string, tag: string, length = 20) =>
  request(server.url, 'PATCH', `/v1/bots/${botId}`, { token, json: { bot: { groups: groupsWithText(tag, length) } } });

async function saves(token: string, botId: string, count: number, length = 20): Promise<void> {
  for (let index = 0; index < count; index += 1)
    expect((await save(token, botId, `save ${index}`, length)).status).toBe(200);
}

const changesSince = async (token: string, botId: string, since: number) =>
  (await request(server.url, 'GET', `/v1/bots/${botId}/draft/changes?since=${since}`, { token })).body as {
    draftVersion: number;
    changes: { version: number; patch: unknown }[] | null;
  };

const versions = (changes: { version: number }[] | null) => changes?.map((change) => change.version) ?? null;

describe('reading the change log', () => {
  test('a read answers at most PARLEY_DRAFT_CHANGES_PER_READ saves; the reader goes on from the last one', async () => {
    const user = await newUser();
    const botId = await newBot(user);
    await saves(user.token, botId, 7);
    const first = await changesSince(user.token, botId, 0);
    expect(first.draftVersion).toBe(7);
    expect(versions(first.changes)).toEqual([1, 2, 3]);
    expect(versions((await changesSince(user.token, botId, 3)).changes)).toEqual([4, 5, 6]);
    expect(versions((await changesSince(user.token, botId, 6)).changes)).toEqual([7]);
  });

  test('and at most PARLEY_DRAFT_CHANGES_READ_MB of patches; one save over it alone answers null', async () => {
    const user = await newUser();
    const botId = await newBot(user);
    // Each patch holds its 2,500-character text: two fit in 6,000 bytes, three do not.
    await saves(user.token, botId, 3, 2_500);
    expect(versions((await changesSince(user.token, botId, 0)).changes)).toEqual([1, 2]);
    expect(versions((await changesSince(user.token, botId, 2)).changes)).toEqual([3]);
    expect((await save(user.token, botId, 'too big for one read', 7_000)).status).toBe(200);
    expect(await changesSince(user.token, botId, 3)).toEqual({ draftVersion: 4, changes: null });
  });

  test('a version older than what is kept answers null: read the draft again', async () => {
    const user = await newUser();
    const botId = await newBot(user);
    await saves(user.token, botId, 4);
    // As the log keeps only the newest saves: the first two are gone.
    await server.db.botDraftChange.deleteMany({ where: { botId, version: { lte: 2 } } });
    expect(await changesSince(user.token, botId, 0)).toEqual({ draftVersion: 4, changes: null });
    expect(await changesSince(user.token, botId, 1)).toEqual({ draftVersion: 4, changes: null });
    expect(versions((await changesSince(user.token, botId, 2)).changes)).toEqual([3, 4]);
  });

  test('ten aliases in one query share the bytes of one read', async () => {
    const user = await newUser();
    const botId = await newBot(user);
    await saves(user.token, botId, 4, 2_500);
    const aliases = Array.from({ length: 10 }, (_, index) => `a${index}: draftChanges(since: 0) { version patch }`);
    const read = await graphql(
      server.url,
      `query($botId: ID!) { bot(botId: $botId) { ${aliases.join(' ')} } }`,
      { botId },
      user.token,
    );
    expect(read.status).toBe(200);
    expect(read.body.errors).toBeUndefined();
    const answered = Object.values(read.body.data.bot as Record<string, { patch: unknown }[] | null>);
    const bytes = answered
      .flatMap((changes) => changes ?? [])
      .reduce((total, change) => total + Buffer.byteLength(JSON.stringify(change.patch)), 0);
    expect(bytes).toBeLessThanOrEqual(READ_BYTES);
    expect(answered.flatMap((changes) => changes ?? [])).toHaveLength(2);
  });
});

test('a restore logs which revision it put back, not a copy of it; readers read the draft again', async () => {
  const user = await newUser();
  const botId = await newBot(user);
  expect((await save(user.token, botId, 'published text', 3_000)).status).toBe(200);
  expect((await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token: user.token })).status).toBe(200);
  expect((await save(user.token, botId, 'later text', 3_000)).status).toBe(200);
  const restored = await request(server.url, 'POST', `/v1/bots/${botId}/revisions/1/restore`, {
    token: user.token,
    json: {},
  });
  expect(restored.status).toBe(200);
  const change = await server.db.botDraftChange.findUniqueOrThrow({ where: { botId_version: { botId, version: 3 } } });
  expect(change).toMatchObject({ patch: {}, restoredRevision: 1 });
  expect(change.size).toBeLessThan(100);
  expect(await changesSince(user.token, botId, 2)).toEqual({ draftVersion: 3, changes: null });
  // The draft is the revision's again, as a reader that reloads finds it.
  const bot = (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: user.token })).body.bot;
  expect(bot.groups[0].blocks[0].content.richText[0].children[0].text).toMatch(/^published text/);
});

test('deleting a bot deletes its change log, its revisions and its editors’ presence', async () => {
  const user = await newUser();
  const botId = await newBot(user);
  await saves(user.token, botId, 3);
  expect(
    (await request(server.url, 'POST', `/v1/bots/${botId}/revisions`, { token: user.token, json: {} })).status,
  ).toBe(200);
  const presence = await graphql(
    server.url,
    'mutation($botId: ID!) { editingBot(botId: $botId, sessionKey: "tab-1") { __typename } }',
    { botId },
    user.token,
  );
  expect(presence.body.errors).toBeUndefined();
  const kept = async () => ({
    changes: await server.db.botDraftChange.count({ where: { botId } }),
    revisions: await server.db.botSnapshot.count({ where: { botId } }),
    editors: await server.db.botEditorPresence.count({ where: { botId } }),
  });
  expect(await kept()).toEqual({ changes: 3, revisions: 1, editors: 1 });
  expect((await request(server.url, 'DELETE', `/v1/bots/${botId}`, { token: user.token })).status).toBe(200);
  expect(await kept()).toEqual({ changes: 0, revisions: 0, editors: 0 });
});

describe('the workspace draft storage quota', () => {
  const usedBy = async (workspaceId: string) => {
    const live = { bot: { workspaceId, isArchived: false } };
    const drafts = await server.db.bot.findMany({ where: { workspaceId, isArchived: false }, select: { draft: true } });
    const revisions = await server.db.botSnapshot.findMany({ where: live, select: { definition: true } });
    const changes = await server.db.botDraftChange.findMany({ where: live, select: { patch: true } });
    const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
    return (
      drafts.reduce((sum, row) => sum + bytes(row.draft), 0) +
      revisions.reduce((sum, row) => sum + bytes(row.definition), 0) +
      changes.reduce((sum, row) => sum + bytes(row.patch), 0)
    );
  };

  test('a save past it is refused with 400 naming the limit; nothing is saved; a save that frees room is taken', async () => {
    const user = await newUser();
    const botId = await newBot(user);
    // Each save keeps its 30,000 characters twice: in the draft and in its logged patch.
    expect((await save(user.token, botId, 'first', 30_000)).status).toBe(200);
    const refused = await save(user.token, botId, 'second', 30_000);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('PARLEY_WORKSPACE_DRAFT_STORAGE_MB'),
      issues: [],
    });
    expect(refused.body.message).toContain('78 kB');
    expect(refused.body.message).toMatch(/delete bots/);
    const bot = (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: user.token })).body.bot;
    expect(bot.groups[0].blocks[0].content.richText[0].children[0].text).toMatch(/^first/);
    // A manual checkpoint (a copy of the 30 kB draft) and a new bot of that size are refused alike.
    const checkpoint = await request(server.url, 'POST', `/v1/bots/${botId}/revisions`, {
      token: user.token,
      json: {},
    });
    expect(checkpoint.status).toBe(400);
    const another = await request(server.url, 'POST', '/v1/bots', {
      token: user.token,
      json: { workspaceId: user.workspaceId, bot: { ...MINIMAL_BOT, groups: groupsWithText('copy', 30_000) } },
    });
    expect(another.status).toBe(400);
    expect(await usedBy(user.workspaceId)).toBeLessThanOrEqual(QUOTA);
    // Making the draft smaller is always taken: it is how room is made.
    expect((await save(user.token, botId, 'short')).status).toBe(200);
  });

  test('saves at once in several bots never take the workspace past it', async () => {
    const user = await newUser();
    const bots = await Promise.all(Array.from({ length: 5 }, () => newBot(user)));
    // Five saves of ~24 kB (each kept twice): together ~240 kB, three times the quota.
    const answers = await Promise.all(bots.map((botId, index) => save(user.token, botId, `bot ${index}`, 12_000)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toContain(200);
    expect(statuses).toContain(400);
    expect(statuses.every((status) => status === 200 || status === 400)).toBe(true);
    expect(await usedBy(user.workspaceId)).toBeLessThanOrEqual(QUOTA);
  });

  test('a deleted bot frees its share', async () => {
    const user = await newUser();
    const botId = await newBot(user);
    expect((await save(user.token, botId, 'big', 30_000)).status).toBe(200);
    const other = await newBot(user);
    expect((await save(user.token, other, 'big too', 30_000)).status).toBe(400);
    expect((await request(server.url, 'DELETE', `/v1/bots/${botId}`, { token: user.token })).status).toBe(200);
    expect((await save(user.token, other, 'big too', 30_000)).status).toBe(200);
  });
});

test('checkpoints and restores are rate-limited per user: 429 with Retry-After, other users unaffected', async () => {
  const user = await newUser();
  const botId = await newBot(user);
  expect((await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token: user.token })).status).toBe(200);
  for (let index = 0; index < REVISIONS_PER_WINDOW - 1; index += 1)
    expect(
      (await request(server.url, 'POST', `/v1/bots/${botId}/revisions`, { token: user.token, json: { note: 'n' } }))
        .status,
    ).toBe(200);
  expect(
    (await request(server.url, 'POST', `/v1/bots/${botId}/revisions/1/restore`, { token: user.token, json: {} }))
      .status,
  ).toBe(200);
  const refused = await request(server.url, 'POST', `/v1/bots/${botId}/revisions`, { token: user.token, json: {} });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(refused.body).toEqual({
    code: 'TOO_MANY_REQUESTS',
    message: expect.stringMatching(/^Too many checkpoints and restores: try again in \d+ seconds?$/),
    issues: [],
  });
  const viaGraphql = await graphql(
    server.url,
    'mutation($botId: ID!) { restoreRevision(botId: $botId, revision: 1) { draftVersion } }',
    { botId },
    user.token,
  );
  expect(viaGraphql.status).toBe(429);
  // Saves are not checkpoints: editing goes on.
  expect((await save(user.token, botId, 'still editing')).status).toBe(200);
  // Another member of the workspace has a budget of their own.
  const member = await createUserWithToken(server.db, `storage-member-${users}@parley.test`, {
    workspaceId: user.workspaceId,
    role: 'MEMBER',
  });
  expect(
    (await request(server.url, 'POST', `/v1/bots/${botId}/revisions`, { token: member.token, json: {} })).status,
  ).toBe(200);
});
