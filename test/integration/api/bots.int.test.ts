import fs from 'node:fs';
import path from 'node:path';
import { createResult, recordAnswer } from '../../../src/services/results';
import { ISO_MS, request, type HttpResponse } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

const FIXTURES = path.join(__dirname, '../../fixtures/bots');
const fixtureNames = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .sort();

/** A fresh deep copy of a fixture export, as it is on disk. */
function fixture(name: string): Record<string, any> {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name.replace(/\.json$/, '')}.json`), 'utf8'));
}

/** A fixture without its own id and public id (for tests that do not care which id the bot gets). */
function anonymousFixture(name: string, overrides: Record<string, unknown> = {}): Record<string, any> {
  const bot = fixture(name);
  delete bot.id;
  delete bot.publicId;
  return { ...bot, ...overrides };
}

const BOT_KEYS = [
  'createdAt',
  'edges',
  'events',
  'groups',
  'icon',
  'id',
  'isClosed',
  'name',
  'publicId',
  'publishedAt',
  'settings',
  'shareUrl',
  'theme',
  'updatedAt',
  'variables',
  'version',
  'whatsAppCredentialsId',
  'workspaceId',
].sort();

const LIST_KEYS = [
  'createdAt',
  'icon',
  'id',
  'isClosed',
  'name',
  'publicId',
  'publishedAt',
  'shareUrl',
  'updatedAt',
  'workspaceId',
].sort();

const CONTENT_KEYS = [
  'version',
  'groups',
  'events',
  'edges',
  'variables',
  'theme',
  'settings',
  'whatsAppCredentialsId',
] as const;

/** What the definition of an export should read as once stored. */
function expectedContent(raw: Record<string, any>) {
  const version = raw.version ?? '3';
  return {
    version,
    groups: raw.groups,
    events: Number(version) >= 6 ? raw.events : null,
    edges: raw.edges,
    variables: raw.variables,
    theme: raw.theme ?? {},
    settings: raw.settings ?? {},
    whatsAppCredentialsId: raw.whatsAppCredentialsId ?? null,
  };
}

function contentOf(bot: Record<string, any>) {
  return Object.fromEntries(CONTENT_KEYS.map((key) => [key, bot[key]]));
}

/** The content as a snapshot stores it: a bot without a WhatsApp connection stores no key for it (it reads as null). */
function storedContentOf(bot: Record<string, any>) {
  const { whatsAppCredentialsId, ...content } = contentOf(bot);
  return whatsAppCredentialsId === null ? content : { ...content, whatsAppCredentialsId };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let emailCounter = 0;
async function newUser() {
  emailCounter += 1;
  return createUserWithToken(server.db, `bots-${emailCounter}-${Date.now()}@parley.test`);
}

function importBot(token: string, workspaceId: string, bot: unknown): Promise<HttpResponse> {
  return request(server.url, 'POST', '/v1/bots', { token, json: { workspaceId, bot } });
}

async function importOk(token: string, workspaceId: string, bot: unknown): Promise<Record<string, any>> {
  const response = await importBot(token, workspaceId, bot);
  expect(response.status).toBe(200);
  return response.body.bot;
}

function getBot(token: string, botId: string) {
  return request(server.url, 'GET', `/v1/bots/${botId}`, { token });
}

function patchBot(token: string, botId: string, bot: unknown) {
  return request(server.url, 'PATCH', `/v1/bots/${botId}`, { token, json: { bot } });
}

function listBots(token: string, workspaceId: string, query = '') {
  return request(server.url, 'GET', `/v1/bots?workspaceId=${workspaceId}${query}`, { token });
}

function publish(token: string, botId: string) {
  return request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token });
}

function unpublish(token: string, botId: string) {
  return request(server.url, 'POST', `/v1/bots/${botId}/unpublish`, { token });
}

describe('POST /v1/bots imports every fixture unchanged', () => {
  let user: Awaited<ReturnType<typeof newUser>>;
  beforeAll(async () => {
    user = await newUser();
  });

  test.each(fixtureNames)('%s', async (name) => {
    const raw = fixture(name);
    const response = await importBot(user.token, user.personalWorkspaceId, raw);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['bot']);
    const bot = response.body.bot;
    expect(Object.keys(bot).sort()).toEqual(BOT_KEYS);
    // First import of each fixture: its id is free, so it is kept.
    expect(bot.id).toBe(raw.id);
    expect(bot.workspaceId).toBe(user.personalWorkspaceId);
    expect(bot.name).toBe(raw.name);
    expect(bot.icon).toBe(raw.icon ?? null);
    expect(bot.publicId).toBe(raw.publicId ?? null);
    expect(bot.isClosed).toBe(false);
    expect(bot.createdAt).toMatch(ISO_MS);
    expect(bot.updatedAt).toMatch(ISO_MS);
    expect(bot.publishedAt).toBeNull();
    expect(contentOf(bot)).toEqual(expectedContent(raw));

    const read = await getBot(user.token, bot.id);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ bot });
  });

  test('legacy exports keep their version: v3 (no version field) and v4, with events null', async () => {
    const list = await listBots(user.token, user.personalWorkspaceId, '&limit=100');
    expect(list.status).toBe(200);
    const v3 = await getBot(user.token, fixture('legacy-v3-lead-gen').id);
    const v4 = await getBot(user.token, fixture('legacy-v4-prefilled').id);
    expect(v3.body.bot).toMatchObject({ version: '3', events: null });
    expect(v3.body.bot.groups[0].blocks[0].type).toBe('start');
    expect(v4.body.bot).toMatchObject({ version: '4', events: null });
  });

  test('every imported fixture is listed in its workspace', async () => {
    const list = await listBots(user.token, user.personalWorkspaceId, '&limit=100');
    expect(list.status).toBe(200);
    expect(list.body.nextCursor).toBeNull();
    expect(list.body.bots.map((bot: { id: string }) => bot.id).sort()).toEqual(
      fixtureNames.map((name) => fixture(name).id).sort(),
    );
  });
});

describe('import rules', () => {
  test("the export's id is kept when free and replaced when taken", async () => {
    const user = await newUser();
    const raw = fixture('faq');
    raw.id = `faq-${Date.now()}`;
    const first = await importOk(user.token, user.personalWorkspaceId, raw);
    expect(first.id).toBe(raw.id);
    const second = await importOk(user.token, user.personalWorkspaceId, raw);
    expect(second.id).not.toBe(raw.id);
    expect(second.id).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(contentOf(second)).toEqual(contentOf(first));
    // Both exist independently.
    expect((await getBot(user.token, first.id)).body.bot.id).toBe(first.id);
    expect((await getBot(user.token, second.id)).body.bot.id).toBe(second.id);
    // An id held by a bot in another workspace is taken too.
    const other = await newUser();
    const third = await importOk(other.token, other.personalWorkspaceId, raw);
    expect(third.id).not.toBe(raw.id);
    expect(third.workspaceId).toBe(other.personalWorkspaceId);
  });

  test('without an id or name, the bot gets a generated id and a default name', async () => {
    const user = await newUser();
    const raw = anonymousFixture('lead-gen');
    delete raw.name;
    const bot = await importOk(user.token, user.personalWorkspaceId, raw);
    expect(bot.id).toEqual(expect.any(String));
    expect(bot.id.length).toBeGreaterThan(0);
    expect(bot.name).toBe('My bot');
  });

  test("the export's workspaceId, isArchived and isClosed are ignored", async () => {
    const user = await newUser();
    const elsewhere = await newUser();
    const raw = anonymousFixture('lead-gen', {
      workspaceId: elsewhere.personalWorkspaceId,
      isArchived: true,
      isClosed: true,
    });
    const bot = await importOk(user.token, user.personalWorkspaceId, raw);
    expect(bot.workspaceId).toBe(user.personalWorkspaceId);
    expect(bot.isClosed).toBe(false);
    // Not archived: readable and listed in the request's workspace only.
    expect((await getBot(user.token, bot.id)).status).toBe(200);
    const mine = await listBots(user.token, user.personalWorkspaceId);
    expect(mine.body.bots.map((item: { id: string }) => item.id)).toEqual([bot.id]);
    const theirs = await listBots(elsewhere.token, elsewhere.personalWorkspaceId);
    expect(theirs.body.bots).toEqual([]);
    const row = await server.db.bot.findUniqueOrThrow({ where: { id: bot.id } });
    expect(row).toMatchObject({ workspaceId: user.personalWorkspaceId, isArchived: false, isClosed: false });
  });

  test('a given publicId is kept when free; taken is a 400 at ["bot","publicId"]', async () => {
    const user = await newUser();
    const publicId = `my-slug-${Date.now()}`;
    const first = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('nps', { publicId }));
    expect(first.publicId).toBe(publicId);

    const other = await newUser();
    const taken = await importBot(other.token, other.personalWorkspaceId, anonymousFixture('nps', { publicId }));
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ code: 'BAD_REQUEST' });
    expect(taken.body.issues).toEqual([
      expect.objectContaining({ path: ['bot', 'publicId'], message: expect.any(String) }),
    ]);
    // Nothing was created.
    expect((await listBots(other.token, other.personalWorkspaceId)).body.bots).toEqual([]);
  });

  test("a publicId that is one of the server's own paths (the console's /app, /graphql...) is a 400: its page could never be reached", async () => {
    const user = await newUser();
    // ...and paths a host commonly serves or that pass for sign-in pages.
    for (const publicId of [
      'app',
      'GraphQL',
      'v1',
      'login',
      'Sign-In',
      'admin',
      'robots.txt',
      'favicon.ico',
      'sitemap.xml',
    ]) {
      const response = await importBot(user.token, user.personalWorkspaceId, anonymousFixture('nps', { publicId }));
      expect(response.status).toBe(400);
      expect(response.body.issues).toEqual([
        { path: ['bot', 'publicId'], message: "is one of the server's own paths (app, graphql, v1, ...)" },
      ]);
    }
    expect((await listBots(user.token, user.personalWorkspaceId)).body.bots).toEqual([]);
  });

  test('a publicId with forbidden characters is a 400 at ["bot","publicId"]', async () => {
    const user = await newUser();
    const response = await importBot(
      user.token,
      user.personalWorkspaceId,
      anonymousFixture('nps', { publicId: 'with space/slash' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { path: unknown }) => issue.path)).toEqual([['bot', 'publicId']]);
  });

  test('an unknown block type is a 400 naming its path', async () => {
    const user = await newUser();
    const raw = anonymousFixture('lead-gen');
    raw.groups[2].blocks[0].type = 'hologram bubble';
    const response = await importBot(user.token, user.personalWorkspaceId, raw);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid input data',
      issues: [
        { message: expect.stringContaining('hologram bubble'), path: ['bot', 'groups', 2, 'blocks', 0, 'type'] },
      ],
    });
    expect((await listBots(user.token, user.personalWorkspaceId)).body.bots).toEqual([]);
  });

  test('several problems are all reported', async () => {
    const user = await newUser();
    const raw = anonymousFixture('quiz', { version: '6.1', name: '   ' });
    raw.groups[0].blocks[1].type = 'nope';
    raw.edges[0].to = {};
    const response = await importBot(user.token, user.personalWorkspaceId, raw);
    expect(response.status).toBe(400);
    const issuePaths = response.body.issues.map((issue: { path: unknown }) => issue.path);
    expect(issuePaths).toEqual(
      expect.arrayContaining([
        ['bot', 'name'],
        ['bot', 'groups', 0, 'blocks', 1, 'type'],
        ['bot', 'edges', 0, 'to', 'groupId'],
      ]),
    );
  });

  test('an unsupported version, a v6 bot without a start event, a v5 bot without a start block', async () => {
    const user = await newUser();
    const unsupported = await importBot(
      user.token,
      user.personalWorkspaceId,
      anonymousFixture('faq', { version: '7' }),
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.issues.map((issue: { path: unknown }) => issue.path)).toEqual([['bot', 'version']]);

    const noStart = await importBot(user.token, user.personalWorkspaceId, anonymousFixture('faq', { events: [] }));
    expect(noStart.status).toBe(400);
    expect(noStart.body.issues.map((issue: { path: unknown }) => issue.path)).toEqual([['bot', 'events']]);

    const v5 = await importBot(user.token, user.personalWorkspaceId, anonymousFixture('faq', { version: '5' }));
    expect(v5.status).toBe(400);
    expect(v5.body.issues.map((issue: { path: unknown }) => issue.path)).toEqual([['bot', 'groups']]);
  });

  test('bot must be an object; workspaceId is required', async () => {
    const user = await newUser();
    const notObject = await importBot(user.token, user.personalWorkspaceId, 'a bot');
    expect(notObject.status).toBe(400);
    expect(notObject.body.issues).toEqual([expect.objectContaining({ path: ['bot'] })]);
    const noWorkspace = await request(server.url, 'POST', '/v1/bots', {
      token: user.token,
      json: { bot: anonymousFixture('faq') },
    });
    expect(noWorkspace.status).toBe(400);
    expect(noWorkspace.body.issues).toEqual([expect.objectContaining({ path: ['workspaceId'] })]);
  });

  test('GET output can be POSTed back as an import (round trip)', async () => {
    const user = await newUser();
    const original = await importOk(
      user.token,
      user.personalWorkspaceId,
      anonymousFixture('product-recommendation', { icon: '🤖' }),
    );
    const read = (await getBot(user.token, original.id)).body.bot;

    // Into another workspace: the id is taken (by the original), so a new one is given.
    const other = await newUser();
    const copy = await importOk(other.token, other.personalWorkspaceId, read);
    expect(copy.id).not.toBe(original.id);
    expect(copy.workspaceId).toBe(other.personalWorkspaceId);
    expect(copy).toMatchObject({ name: read.name, icon: '🤖', publicId: null, isClosed: false, publishedAt: null });
    expect(contentOf(copy)).toEqual(contentOf(read));

    // A legacy bot round-trips in its own version.
    const legacy = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('legacy-v3-lead-gen'));
    const legacyRead = (await getBot(user.token, legacy.id)).body.bot;
    const legacyCopy = await importOk(user.token, user.personalWorkspaceId, legacyRead);
    expect(contentOf(legacyCopy)).toEqual(contentOf(legacyRead));
    expect(legacyCopy.version).toBe('3');

    // A published bot's output: its publicId is taken, so without it the import works.
    await publish(user.token, original.id);
    const published = (await getBot(user.token, original.id)).body.bot;
    const clash = await importBot(other.token, other.personalWorkspaceId, published);
    expect(clash.status).toBe(400);
    expect(clash.body.issues).toEqual([expect.objectContaining({ path: ['bot', 'publicId'] })]);
    const again = await importOk(other.token, other.personalWorkspaceId, { ...published, publicId: null });
    expect(contentOf(again)).toEqual(contentOf(published));
    expect(again.publishedAt).toBeNull();
  });
});

describe('GET /v1/bots lists live bots newest first with cursor pagination', () => {
  let user: Awaited<ReturnType<typeof newUser>>;
  const createdIds: string[] = [];
  beforeAll(async () => {
    user = await newUser();
    for (let index = 0; index < 5; index += 1) {
      const bot = await importOk(
        user.token,
        user.personalWorkspaceId,
        anonymousFixture('lead-gen', { name: `Bot ${index}` }),
      );
      createdIds.push(bot.id);
      await sleep(5); // distinct creation times
    }
  });

  test('without paging: every bot, newest first, nextCursor null', async () => {
    const response = await listBots(user.token, user.personalWorkspaceId);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['bots', 'nextCursor']);
    expect(response.body.nextCursor).toBeNull();
    expect(response.body.bots.map((bot: { id: string }) => bot.id)).toEqual([...createdIds].reverse());
    for (const bot of response.body.bots) {
      expect(Object.keys(bot).sort()).toEqual(LIST_KEYS);
      expect(bot.workspaceId).toBe(user.personalWorkspaceId);
    }
    expect(response.body.bots.map((bot: { name: string }) => bot.name)).toEqual([
      'Bot 4',
      'Bot 3',
      'Bot 2',
      'Bot 1',
      'Bot 0',
    ]);
  });

  test('pages of 2 follow the cursor to the end', async () => {
    const seen: string[] = [];
    const cursors: (string | null)[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page += 1) {
      const response = await listBots(
        user.token,
        user.personalWorkspaceId,
        `&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(response.status).toBe(200);
      expect(response.body.bots.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.bots.map((bot: { id: string }) => bot.id));
      cursor = response.body.nextCursor;
      cursors.push(cursor);
      if (cursor === null) break;
    }
    expect(seen).toEqual([...createdIds].reverse());
    expect(cursors).toHaveLength(3);
    expect(cursors[2]).toBeNull();
    expect(cursors[0]).toEqual(expect.any(String));
  });

  test('a page that ends exactly at the last bot has nextCursor null', async () => {
    const first = await listBots(user.token, user.personalWorkspaceId, '&limit=3');
    expect(first.body.bots).toHaveLength(3);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await listBots(user.token, user.personalWorkspaceId, `&limit=2&cursor=${first.body.nextCursor}`);
    expect(second.body.bots.map((bot: { id: string }) => bot.id)).toEqual([createdIds[1], createdIds[0]]);
    expect(second.body.nextCursor).toBeNull();
    const all = await listBots(user.token, user.personalWorkspaceId, '&limit=5');
    expect(all.body.bots).toHaveLength(5);
    expect(all.body.nextCursor).toBeNull();
  });

  test('deleted bots are not listed and do not break paging', async () => {
    const other = await newUser();
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await importOk(other.token, other.personalWorkspaceId, anonymousFixture('faq'))).id);
      await sleep(5);
    }
    expect((await request(server.url, 'DELETE', `/v1/bots/${ids[1]}`, { token: other.token })).status).toBe(200);
    const page = await listBots(other.token, other.personalWorkspaceId, '&limit=1');
    expect(page.body.bots.map((bot: { id: string }) => bot.id)).toEqual([ids[2]]);
    const next = await listBots(other.token, other.personalWorkspaceId, `&limit=1&cursor=${page.body.nextCursor}`);
    expect(next.body.bots.map((bot: { id: string }) => bot.id)).toEqual([ids[0]]);
    expect(next.body.nextCursor).toBeNull();
  });

  test('limit out of range and a missing workspaceId are 400s', async () => {
    for (const limit of ['0', '101']) {
      const response = await listBots(user.token, user.personalWorkspaceId, `&limit=${limit}`);
      expect(response.status).toBe(400);
      expect(response.body.issues.map((issue: { path: unknown }) => issue.path)).toEqual([['limit']]);
    }
    const missing = await request(server.url, 'GET', '/v1/bots', { token: user.token });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([expect.objectContaining({ path: ['workspaceId'] })]);
  });

  test('a workspace the caller is not a member of is a 404', async () => {
    const stranger = await newUser();
    const response = await listBots(stranger.token, user.personalWorkspaceId);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});

describe('GET and PATCH /v1/bots/{id}', () => {
  test('GET of an unknown id is a 404', async () => {
    const user = await newUser();
    const response = await getBot(user.token, 'no-such-bot');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'NOT_FOUND', issues: [] });
  });

  test('PATCH name only changes the name', async () => {
    const user = await newUser();
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('lead-gen'));
    await sleep(5);
    const response = await patchBot(user.token, bot.id, { name: '  Renamed bot  ' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.bot).sort()).toEqual(BOT_KEYS);
    expect(response.body.bot.name).toBe('Renamed bot');
    expect(contentOf(response.body.bot)).toEqual(contentOf(bot));
    expect(response.body.bot.createdAt).toBe(bot.createdAt);
    expect(new Date(response.body.bot.updatedAt).getTime()).toBeGreaterThan(new Date(bot.updatedAt).getTime());
    expect((await getBot(user.token, bot.id)).body).toEqual(response.body);
  });

  test('PATCH a definition key merges it into the stored definition', async () => {
    const user = await newUser();
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('lead-gen'));
    const variables = [...bot.variables, { id: 'vNewVariable', name: 'Extra', value: 5 }];
    const theme = { general: { font: 'Lato' } };
    const response = await patchBot(user.token, bot.id, { variables, theme });
    expect(response.status).toBe(200);
    const updated = response.body.bot;
    expect(updated.variables).toEqual([...bot.variables, { id: 'vNewVariable', name: 'Extra', value: '5' }]);
    expect(updated.theme).toEqual(theme);
    expect(updated.name).toBe(bot.name);
    for (const key of ['version', 'groups', 'events', 'edges', 'settings'] as const)
      expect(updated[key]).toEqual(bot[key]);
  });

  test('PATCH groups with a new group', async () => {
    const user = await newUser();
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('faq'));
    const groups = [
      ...bot.groups,
      { id: 'gNew', title: 'New group', graphCoordinates: { x: 1, y: 2 }, blocks: [{ id: 'bNew', type: 'text' }] },
    ];
    const response = await patchBot(user.token, bot.id, { groups });
    expect(response.status).toBe(200);
    expect(response.body.bot.groups).toHaveLength(bot.groups.length + 1);
    expect(response.body.bot.groups.at(-1)).toEqual({
      id: 'gNew',
      title: 'New group',
      graphCoordinates: { x: 1, y: 2 },
      blocks: [{ id: 'bNew', type: 'text' }],
    });
  });

  test('a bad patch is a 400 and changes nothing', async () => {
    const user = await newUser();
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('lead-gen'));
    const before = (await getBot(user.token, bot.id)).body;

    const groups = structuredClone(bot.groups);
    groups[1].blocks[0].type = 'unknown thing';
    const badType = await patchBot(user.token, bot.id, { name: 'Should not stick', groups });
    expect(badType.status).toBe(400);
    expect(badType.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid input data' });
    expect(badType.body.issues).toEqual([expect.objectContaining({ path: ['bot', 'groups', 1, 'blocks', 0, 'type'] })]);

    // The merged definition is validated whole: version 5 with v6 content has no start block.
    const badVersion = await patchBot(user.token, bot.id, { version: '5' });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.issues).toEqual([expect.objectContaining({ path: ['bot', 'groups'] })]);

    const noStart = await patchBot(user.token, bot.id, { events: [] });
    expect(noStart.status).toBe(400);
    expect(noStart.body.issues).toEqual([expect.objectContaining({ path: ['bot', 'events'] })]);

    const duplicate = await patchBot(user.token, bot.id, { variables: [...bot.variables, bot.variables[0]] });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.issues).toEqual([
      expect.objectContaining({ path: ['bot', 'variables', bot.variables.length, 'id'] }),
    ]);

    const badName = await patchBot(user.token, bot.id, { name: '' });
    expect(badName.status).toBe(400);
    expect(badName.body.issues).toEqual([expect.objectContaining({ path: ['bot', 'name'] })]);

    expect((await getBot(user.token, bot.id)).body).toEqual(before);
  });

  test('PATCH publicId to one that is taken is a 400; to a free one works', async () => {
    const user = await newUser();
    const holder = await importOk(
      user.token,
      user.personalWorkspaceId,
      anonymousFixture('nps', { publicId: `held-${Date.now()}` }),
    );
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('nps'));
    const taken = await patchBot(user.token, bot.id, { publicId: holder.publicId });
    expect(taken.status).toBe(400);
    expect(taken.body.issues).toEqual([expect.objectContaining({ path: ['bot', 'publicId'] })]);
    const free = await patchBot(user.token, bot.id, { publicId: `free-${Date.now()}` });
    expect(free.status).toBe(200);
    expect(free.body.bot.publicId).toMatch(/^free-/);
  });

  test("PATCH and GET of another workspace's bot are 404; a GUEST may read but not write", async () => {
    const owner = await newUser();
    const bot = await importOk(owner.token, owner.personalWorkspaceId, anonymousFixture('faq'));
    const stranger = await newUser();
    expect((await getBot(stranger.token, bot.id)).status).toBe(404);
    expect((await patchBot(stranger.token, bot.id, { name: 'x' })).status).toBe(404);

    const guest = await createUserWithToken(server.db, `guest-${Date.now()}@parley.test`, {
      workspaceId: owner.personalWorkspaceId,
      role: 'GUEST',
    });
    expect((await getBot(guest.token, bot.id)).status).toBe(200);
    const denied = await patchBot(guest.token, bot.id, { name: 'x' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'FORBIDDEN', message: 'Insufficient access' });
    expect((await publish(guest.token, bot.id)).status).toBe(403);
    expect((await importBot(guest.token, owner.personalWorkspaceId, anonymousFixture('faq'))).status).toBe(403);
    expect((await getBot(owner.token, bot.id)).body.bot.name).toBe(bot.name);
  });
});

describe('publish and unpublish', () => {
  test('hasUnpublishedChanges: true before publishing, false right after, true once the draft changes', async () => {
    const user = await newUser();
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('lead-gen', {}));
    const changed = async () =>
      (
        await request(server.url, 'POST', '/graphql', {
          token: user.token,
          json: { query: `{ bot(botId: "${bot.id}") { hasUnpublishedChanges } }` },
        })
      ).body.data.bot.hasUnpublishedChanges;
    expect(await changed()).toBe(true);
    expect((await publish(user.token, bot.id)).status).toBe(200);
    expect(await changed()).toBe(false);
    expect((await patchBot(user.token, bot.id, { name: 'Renamed' })).status).toBe(200);
    expect(await changed()).toBe(false);
    const read = (await getBot(user.token, bot.id)).body.bot;
    expect(
      (await patchBot(user.token, bot.id, { settings: { ...read.settings, general: { isBrandingEnabled: false } } }))
        .status,
    ).toBe(200);
    expect(await changed()).toBe(true);
  });

  test('a bot with nothing but its start is not published: a clear 400, nothing changes', async () => {
    const user = await newUser();
    const empty = {
      version: '6',
      name: 'Blank',
      groups: [],
      events: [{ id: 'e', type: 'start', graphCoordinates: { x: 0, y: 0 } }],
      edges: [],
      variables: [],
      theme: {},
      settings: {},
    };
    const bot = await importOk(user.token, user.personalWorkspaceId, empty);
    const response = await publish(user.token, bot.id);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'This bot has nothing in it yet: add a message or a question to its flow before publishing it',
      issues: [],
    });
    expect((await getBot(user.token, bot.id)).body.bot).toMatchObject({ publicId: null, publishedAt: null });
  });

  test('publishing generates a public id (kebab name + "-" + last 7 characters of the id) and sets publishedAt', async () => {
    const user = await newUser();
    const bot = await importOk(
      user.token,
      user.personalWorkspaceId,
      anonymousFixture('lead-gen', { name: 'Élan Vital: Lead Gen!' }),
    );
    expect(bot.publicId).toBeNull();
    const response = await publish(user.token, bot.id);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['bot']);
    expect(Object.keys(response.body.bot).sort()).toEqual(BOT_KEYS);
    expect(response.body.bot.publicId).toBe(`elan-vital-lead-gen-${bot.id.slice(-7)}`);
    expect(response.body.bot.publishedAt).toMatch(ISO_MS);
    expect((await getBot(user.token, bot.id)).body.bot).toMatchObject({
      publicId: response.body.bot.publicId,
      publishedAt: response.body.bot.publishedAt,
    });
    const list = await listBots(user.token, user.personalWorkspaceId);
    expect(list.body.bots[0]).toMatchObject({ id: bot.id, publishedAt: response.body.bot.publishedAt });
  });

  test('a bot with a public id keeps it when published', async () => {
    const user = await newUser();
    const publicId = `kept-${Date.now()}`;
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('faq', { publicId }));
    const response = await publish(user.token, bot.id);
    expect(response.status).toBe(200);
    expect(response.body.bot.publicId).toBe(publicId);
  });

  /** The snapshot new live chats run: the bot's published revision. */
  async function liveSnapshot(botId: string) {
    const bot = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
    if (bot.publishedRevision === null) return null;
    return server.db.botSnapshot.findUniqueOrThrow({
      where: { botId_revision: { botId, revision: bot.publishedRevision } },
    });
  }

  test('the published snapshot equals the draft at publish time and ignores later draft changes', async () => {
    const user = await newUser();
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('quiz'));
    const first = await publish(user.token, bot.id);
    expect(first.status).toBe(200);
    const snapshot = (await liveSnapshot(bot.id))!;
    expect(snapshot.definition).toEqual(storedContentOf(bot));
    expect(snapshot.version).toBe(bot.version);
    expect(snapshot.revision).toBe(1);

    const groups = structuredClone(bot.groups);
    groups[0].title = 'Changed after publishing';
    const patched = await patchBot(user.token, bot.id, { groups, name: 'Changed name' });
    expect(patched.status).toBe(200);
    expect(patched.body.bot.publishedAt).toBe(first.body.bot.publishedAt);
    const unchanged = (await liveSnapshot(bot.id))!;
    expect(unchanged.definition).toEqual(storedContentOf(bot));
    expect(unchanged.revision).toBe(1);

    await sleep(10);
    const second = await publish(user.token, bot.id);
    expect(second.status).toBe(200);
    expect(second.body.bot.publicId).toBe(first.body.bot.publicId);
    expect(new Date(second.body.bot.publishedAt).getTime()).toBeGreaterThan(
      new Date(first.body.bot.publishedAt).getTime(),
    );
    const republished = (await liveSnapshot(bot.id))!;
    expect(republished.revision).toBe(2);
    expect(republished.definition).toEqual(storedContentOf(patched.body.bot));
    expect((republished.definition as any).groups[0].title).toBe('Changed after publishing');
    // The first revision stays, unchanged, for sessions that started on it.
    const revisions = await server.db.botSnapshot.findMany({ where: { botId: bot.id }, orderBy: { revision: 'asc' } });
    expect(revisions.map((revision) => revision.revision)).toEqual([1, 2]);
    expect(revisions[0]!.definition).toEqual(storedContentOf(bot));
  });

  test('a legacy bot is published in its own version', async () => {
    const user = await newUser();
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('legacy-v4-prefilled'));
    expect((await publish(user.token, bot.id)).status).toBe(200);
    const snapshot = (await liveSnapshot(bot.id))!;
    expect(snapshot.version).toBe('4');
    expect(snapshot.definition).toEqual(storedContentOf(bot));
  });

  test('unpublish clears publishedAt and the live revision; unpublishing again is a 400', async () => {
    const user = await newUser();
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('nps'));
    const notYet = await unpublish(user.token, bot.id);
    expect(notYet.status).toBe(400);
    expect(notYet.body.code).toBe('BAD_REQUEST');

    expect((await publish(user.token, bot.id)).status).toBe(200);
    const response = await unpublish(user.token, bot.id);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.bot).sort()).toEqual(BOT_KEYS);
    expect(response.body.bot.publishedAt).toBeNull();
    expect(await liveSnapshot(bot.id)).toBeNull();
    expect((await getBot(user.token, bot.id)).body.bot.publishedAt).toBeNull();

    const again = await unpublish(user.token, bot.id);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'BAD_REQUEST', issues: [] });

    // And it can be published again.
    const republished = await publish(user.token, bot.id);
    expect(republished.status).toBe(200);
    expect(republished.body.bot.publishedAt).toMatch(ISO_MS);
  });

  test('publish and unpublish of an unknown bot are 404', async () => {
    const user = await newUser();
    expect((await publish(user.token, 'no-such-bot')).status).toBe(404);
    expect((await unpublish(user.token, 'no-such-bot')).status).toBe(404);
  });
});

describe('DELETE /v1/bots/{id}', () => {
  test('archives the bot: 404 afterwards, gone from the list, public id freed, results kept archived', async () => {
    const user = await newUser();
    const publicId = `to-free-${Date.now()}`;
    const bot = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('lead-gen', { publicId }));
    const keep = await importOk(user.token, user.personalWorkspaceId, anonymousFixture('faq'));
    expect((await publish(user.token, bot.id)).status).toBe(200);
    const started = await createResult(server.db, bot.id);
    await recordAnswer(server.db, started.id, { blockId: bot.groups[0].blocks[2].id, content: 'Hi' });
    const viewed = await createResult(server.db, bot.id);

    const response = await request(server.url, 'DELETE', `/v1/bots/${bot.id}`, { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Bot deleted' });

    const read = await getBot(user.token, bot.id);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('NOT_FOUND');
    expect(
      (await listBots(user.token, user.personalWorkspaceId)).body.bots.map((item: { id: string }) => item.id),
    ).toEqual([keep.id]);
    expect((await patchBot(user.token, bot.id, { name: 'x' })).status).toBe(404);
    expect((await publish(user.token, bot.id)).status).toBe(404);
    expect((await request(server.url, 'DELETE', `/v1/bots/${bot.id}`, { token: user.token })).status).toBe(404);
    expect(await server.db.botSnapshot.count({ where: { botId: bot.id } })).toBe(0);
    expect((await server.db.bot.findUniqueOrThrow({ where: { id: bot.id } })).publishedRevision).toBeNull();

    // Its results stay, archived.
    const results = await server.db.result.findMany({ where: { botId: bot.id }, orderBy: { createdAt: 'asc' } });
    expect(results.map((result) => result.id).sort()).toEqual([started.id, viewed.id].sort());
    for (const result of results) expect(result.isArchived).toBe(true);
    expect(results.find((result) => result.id === started.id)!.hasStarted).toBe(true);
    expect(await server.db.answer.count({ where: { resultId: started.id } })).toBe(0);

    // Its public id can be taken by another bot (import and PATCH).
    const other = await newUser();
    const taker = await importOk(other.token, other.personalWorkspaceId, anonymousFixture('nps', { publicId }));
    expect(taker.publicId).toBe(publicId);
    expect((await patchBot(other.token, taker.id, { publicId: null })).status).toBe(200);
    const patched = await patchBot(user.token, keep.id, { publicId });
    expect(patched.status).toBe(200);
    expect(patched.body.bot.publicId).toBe(publicId);
  });

  test('a GUEST cannot delete and a stranger gets 404', async () => {
    const owner = await newUser();
    const bot = await importOk(owner.token, owner.personalWorkspaceId, anonymousFixture('faq'));
    const guest = await createUserWithToken(server.db, `guest-del-${Date.now()}@parley.test`, {
      workspaceId: owner.personalWorkspaceId,
      role: 'GUEST',
    });
    expect((await request(server.url, 'DELETE', `/v1/bots/${bot.id}`, { token: guest.token })).status).toBe(403);
    const stranger = await newUser();
    expect((await request(server.url, 'DELETE', `/v1/bots/${bot.id}`, { token: stranger.token })).status).toBe(404);
    expect((await getBot(owner.token, bot.id)).status).toBe(200);
  });
});
