import { createBot, group, publishBot, startChat, textBubble, texts, v6Bot, type Json } from '../../helpers/chat';
import { graphql, ISO_MS, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Draft checkpoints: the draft is kept as a revision of kind "draft" beside the
// publishes when an editing session closes (the first save after a quiet
// spell), before a restore or an import replaces it, and on request; read and
// restored like publishes, bounded in number, never what live chats run.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let serial = 0;
const email = (who: string) => `${who}-${Date.now()}-${(serial += 1)}@parley.test`;

const botSaying = (text: string) =>
  v6Bot({ name: 'Support', groups: [group('g1', [textBubble('b1', text)], 'Welcome')] });
const groupsSaying = (text: string) => botSaying(text).groups;
const wordsOf = (definition: Json): string => definition.groups[0].blocks[0].content.richText[0].children[0].text;

const get = (path: string, token = server.adminToken) => request(server.url, 'GET', path, { token });
const patch = (botId: string, bot: Json, token = server.adminToken) =>
  request(server.url, 'PATCH', `/v1/bots/${botId}`, { token, json: { bot } });
const restore = (botId: string, revision: number) =>
  request(server.url, 'POST', `/v1/bots/${botId}/revisions/${revision}/restore`, { token: server.adminToken });
const checkpoint = (botId: string, body: Json = {}, token = server.adminToken) =>
  request(server.url, 'POST', `/v1/bots/${botId}/revisions`, { token, json: body });

async function listed(botId: string): Promise<Json[]> {
  const answer = await get(`/v1/bots/${botId}/revisions`);
  expect(answer.status).toBe(200);
  return answer.body.revisions;
}
/** [revision, kind, reason] of each listed revision, newest first. */
const summary = async (botId: string) =>
  (await listed(botId)).map((revision) => [revision.revision, revision.kind, revision.reason]);
async function draftWords(botId: string): Promise<string> {
  return wordsOf((await get(`/v1/bots/${botId}`)).body.bot);
}
async function revisionWords(botId: string, revision: number): Promise<string> {
  const read = await get(`/v1/bots/${botId}/revisions/${revision}`);
  expect(read.status).toBe(200);
  return wordsOf(read.body.revision.definition);
}

/** As if nobody had touched the bot for 11 minutes (the quiet spell is 10 by default). */
async function leaveQuiet(botId: string): Promise<void> {
  await server.db.bot.update({ where: { id: botId }, data: { updatedAt: new Date(Date.now() - 11 * 60_000) } });
}

async function userOf(token: string): Promise<Json> {
  const me = await graphql(server.url, '{ me { id email name } }', {}, token);
  return me.body.data!.me;
}

test('quiet: the first save after a quiet spell keeps the draft it replaces, unless a revision already holds it', async () => {
  const { botId } = await createBot(server, botSaying('one'));
  expect((await patch(botId, { groups: groupsSaying('two') })).status).toBe(200);
  // Saves in one editing session keep nothing.
  expect(await summary(botId)).toEqual([]);

  await leaveQuiet(botId);
  expect((await patch(botId, { groups: groupsSaying('three') })).status).toBe(200);
  const [taken] = await listed(botId);
  const admin = await userOf(server.adminToken);
  expect(taken).toEqual({
    revision: 1,
    kind: 'draft',
    reason: 'quiet',
    note: null,
    publishedAt: expect.stringMatching(ISO_MS),
    author: admin,
    publisher: admin,
    isLive: false,
  });
  expect(await revisionWords(botId, 1)).toBe('two');
  expect(await draftWords(botId)).toBe('three');

  // The session goes on: nothing more.
  expect((await patch(botId, { groups: groupsSaying('four') })).status).toBe(200);
  expect(await summary(botId)).toEqual([[1, 'draft', 'quiet']]);

  // Published, then left quiet: the draft is the published revision already.
  await publishBot(server, botId);
  await leaveQuiet(botId);
  expect((await patch(botId, { groups: groupsSaying('five') })).status).toBe(200);
  expect(await summary(botId)).toEqual([
    [2, 'published', null],
    [1, 'draft', 'quiet'],
  ]);

  // Edits close a session too.
  await leaveQuiet(botId);
  const edited = await request(server.url, 'POST', `/v1/bots/${botId}/edits`, {
    token: server.adminToken,
    json: { edits: [{ op: 'updateGroup', groupId: 'g1', title: 'Hello' }] },
  });
  expect(edited.status).toBe(200);
  expect(await summary(botId)).toEqual([
    [3, 'draft', 'quiet'],
    [2, 'published', null],
    [1, 'draft', 'quiet'],
  ]);
  expect(await revisionWords(botId, 3)).toBe('five');
});

test('restore keeps the draft it replaces; a draft checkpoint restores like a publish and never goes live', async () => {
  const { botId } = await createBot(server, botSaying('published'));
  const { publicId } = await publishBot(server, botId);
  expect((await patch(botId, { groups: groupsSaying('unpublished work') })).status).toBe(200);

  expect((await restore(botId, 1)).status).toBe(200);
  expect(await draftWords(botId)).toBe('published');
  expect(await summary(botId)).toEqual([
    [2, 'draft', 'restore'],
    [1, 'published', null],
  ]);
  expect(await revisionWords(botId, 2)).toBe('unpublished work');

  // The checkpoint back; the draft it replaces is kept too (the newest revision holds other content).
  const back = await restore(botId, 2);
  expect(back.status).toBe(200);
  expect(wordsOf(back.body.bot)).toBe('unpublished work');
  expect(await summary(botId)).toEqual([
    [3, 'draft', 'restore'],
    [2, 'draft', 'restore'],
    [1, 'published', null],
  ]);
  expect(await revisionWords(botId, 3)).toBe('published');
  // Restored again at once: the draft does not change, so there is nothing to keep.
  expect((await restore(botId, 2)).status).toBe(200);
  expect(await summary(botId)).toHaveLength(3);
  const detail = await get(`/v1/bots/${botId}/revisions/2`);
  expect(detail.body.revision).toMatchObject({ kind: 'draft', reason: 'restore', isLive: false });
  expect(detail.body.revision.changes.blocksChanged).toEqual([]);

  // Live chats still run the publish; the next publish takes a new number.
  expect(texts((await startChat(server, publicId)).body)).toEqual(['published']);
  expect((await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).publishedRevision).toBe(1);
  await publishBot(server, botId);
  expect((await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).publishedRevision).toBe(4);
  expect((await listed(botId)).map((revision) => [revision.revision, revision.kind, revision.isLive])).toEqual([
    [4, 'published', true],
    [3, 'draft', false],
    [2, 'draft', false],
    [1, 'published', false],
  ]);
  expect(texts((await startChat(server, publicId)).body)).toEqual(['unpublished work']);
});

test('import: a save of the whole flow keeps the draft it replaces; a partial save or an unchanged draft does not', async () => {
  const { botId } = await createBot(server, botSaying('mine'));
  const whole = (text: string) => {
    const { name: _name, ...content } = botSaying(text);
    return content;
  };
  expect((await patch(botId, whole('imported'))).status).toBe(200);
  expect(await summary(botId)).toEqual([[1, 'draft', 'import']]);
  expect(await revisionWords(botId, 1)).toBe('mine');

  // Groups alone are an edit of the flow, not a new one.
  expect((await patch(botId, { groups: groupsSaying('edited') })).status).toBe(200);
  expect(await summary(botId)).toEqual([[1, 'draft', 'import']]);

  // Over GraphQL too, as the console's import over a bot does.
  const UPDATE = 'mutation($botId: ID!, $bot: JSON!) { updateBot(botId: $botId, bot: $bot) { draftVersion } }';
  const updated = await graphql(server.url, UPDATE, { botId, bot: whole('again') }, server.adminToken);
  expect(updated.body.errors).toBeUndefined();
  expect(await summary(botId)).toEqual([
    [2, 'draft', 'import'],
    [1, 'draft', 'import'],
  ]);
  expect(await revisionWords(botId, 2)).toBe('edited');

  // Importing over a draft just published keeps nothing: the publish holds it.
  await publishBot(server, botId);
  expect((await patch(botId, whole('over the publish'))).status).toBe(200);
  expect(await summary(botId)).toEqual([
    [3, 'published', null],
    [2, 'draft', 'import'],
    [1, 'draft', 'import'],
  ]);
});

test('manual: POST /v1/bots/{id}/revisions and checkpointDraft keep the draft with a note; GUEST is refused, another workspace is NOT_FOUND', async () => {
  const { botId } = await createBot(server, botSaying('moment'));
  const taken = await checkpoint(botId, { note: '  before the redesign  ' });
  expect(taken.status).toBe(200);
  const admin = await userOf(server.adminToken);
  expect(taken.body).toEqual({
    revision: 1,
    kind: 'draft',
    reason: 'manual',
    note: 'before the redesign',
    publishedAt: expect.stringMatching(ISO_MS),
    author: admin,
    publisher: admin,
    isLive: false,
  });

  const member = await createUserWithToken(server.db, email('member'), {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });
  const MUTATION =
    'mutation($botId: ID!) { checkpointDraft(botId: $botId) { revision kind reason note author { email } } }';
  const byMember = await graphql(server.url, MUTATION, { botId }, member.token);
  // Taken although nothing changed: the user chose this moment.
  expect(byMember.body.data?.checkpointDraft).toEqual({
    revision: 2,
    kind: 'draft',
    reason: 'manual',
    note: null,
    author: { email: (await userOf(member.token)).email },
  });

  const guest = await createUserWithToken(server.db, email('guest'), {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  const denied = await checkpoint(botId, {}, guest.token);
  expect([denied.status, denied.body]).toEqual([
    403,
    { code: 'FORBIDDEN', message: 'Insufficient access', issues: [] },
  ]);
  // A GUEST reads the history, checkpoints included.
  expect((await get(`/v1/bots/${botId}/revisions/1`, guest.token)).status).toBe(200);

  const stranger = await createUserWithToken(server.db, email('stranger'));
  const notFound = { code: 'NOT_FOUND', message: expect.any(String), issues: [] };
  const strange = await checkpoint(botId, {}, stranger.token);
  expect([strange.status, strange.body]).toEqual([404, notFound]);
  expect((await get(`/v1/bots/${botId}/revisions/1`, stranger.token)).status).toBe(404);
  expect(await summary(botId)).toEqual([
    [2, 'draft', 'manual'],
    [1, 'draft', 'manual'],
  ]);
});

test('retention: the newest 50 checkpoints, then one a day for 30 days; publishes are never dropped', async () => {
  const { botId } = await createBot(server, botSaying('kept'));
  const day = 24 * 60 * 60_000;
  const daysAgoAt = (days: number, hour: number) => {
    const at = new Date(Date.now() - days * day);
    at.setUTCHours(hour, 0, 0, 0);
    return at;
  };
  const { name: _name, ...definition } = botSaying('old');
  const row = (revision: number, createdAt: Date, kind = 'draft') => ({
    botId,
    revision,
    createdAt,
    kind,
    reason: kind === 'draft' ? 'quiet' : null,
    version: '6',
    definition,
  });
  await server.db.botSnapshot.createMany({
    data: [
      row(1, daysAgoAt(60, 12), 'published'),
      row(2, daysAgoAt(45, 12)),
      row(3, daysAgoAt(20, 8)),
      row(4, daysAgoAt(20, 9)),
      row(5, daysAgoAt(10, 12)),
      ...Array.from({ length: 50 }, (_, index) => row(6 + index, new Date(Date.now() - 60 * 60_000))),
    ],
  });
  await server.db.bot.update({ where: { id: botId }, data: { lastRevision: 55 } });

  expect((await checkpoint(botId)).body.revision).toBe(56);
  const revisions = (await listed(botId)).map((revision) => revision.revision);
  // 56..7 are the newest 50; beyond them 6 (today) and 5 and 4 (the last of their day) are kept;
  // 3 shares its day with 4, 2 is older than 30 days; 1 is a publish.
  expect(revisions).toEqual([...Array.from({ length: 53 }, (_, index) => 56 - index), 1]);

  // Through the API alone: checkpoints of one day beyond the newest 50 are one.
  const { botId: busy } = await createBot(server, botSaying('busy'));
  for (let index = 0; index < 53; index += 1) expect((await checkpoint(busy)).status).toBe(200);
  const kept = (await listed(busy)).map((revision) => revision.revision);
  expect(kept).toEqual(Array.from({ length: 51 }, (_, index) => 53 - index));
});
