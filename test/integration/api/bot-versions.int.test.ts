import { createBot, group, textBubble, v6Bot } from '../../helpers/chat';
import { graphql, request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Two editors of one bot never overwrite each other silently (issue 22, point
// 7): every edit counts a draftVersion; REST answers it as the ETag and takes
// If-Match (412 PRECONDITION_FAILED on another version), GraphQL takes
// updateBot's expectedVersion (CONFLICT). Without either, the last save wins.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const definition = () => v6Bot({ groups: [group('g1', [textBubble('b1', 'Hello')])] });
const get = (botId: string) => request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken });
const patch = (botId: string, bot: unknown, ifMatch?: string) =>
  request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: { bot },
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

test('GET answers the version as the ETag, not in the documented body; each PATCH moves it on', async () => {
  const { botId } = await createBot(server, definition());
  const read = await get(botId);
  expect(read.status).toBe(200);
  expect(read.headers.get('etag')).toBe('"0"');
  expect(read.body.bot).not.toHaveProperty('draftVersion');
  const saved = await patch(botId, { name: 'First' }, '"0"');
  expect(saved.status).toBe(200);
  expect(saved.headers.get('etag')).toBe('"1"');
  expect(saved.body.bot).toMatchObject({ name: 'First' });
  expect(saved.body.bot).not.toHaveProperty('draftVersion');
  expect((await get(botId)).headers.get('etag')).toBe('"1"');
});

test('a save based on an older version is refused with 412 and changes nothing; a weak tag and * are understood', async () => {
  const { botId } = await createBot(server, definition());
  expect((await patch(botId, { name: 'Mine' }, '"0"')).status).toBe(200);
  const stale = await patch(botId, { name: 'Theirs' }, '"0"');
  expect(stale.status).toBe(412);
  expect(stale.body).toEqual({
    code: 'PRECONDITION_FAILED',
    message:
      'This bot was changed since version 0 (it is at version 1): reload it, or save again without the expected version to overwrite',
    issues: [{ message: 'the current version is 1', path: ['expectedVersion'] }],
  });
  const after = await get(botId);
  expect(after.body.bot.name).toBe('Mine');
  expect(after.headers.get('etag')).toBe('"1"');
  expect((await patch(botId, { name: 'Weak' }, 'W/"1"')).status).toBe(200);
  expect((await patch(botId, { name: 'Any' }, '*')).headers.get('etag')).toBe('"3"');
  // A tag this server never gave matches nothing.
  expect((await patch(botId, { name: 'Odd' }, '"abc"')).status).toBe(412);
  // Without If-Match the last save wins (REST clients that do not know versions keep working).
  const overwrite = await patch(botId, { name: 'Overwritten' });
  expect(overwrite.status).toBe(200);
  expect(overwrite.headers.get('etag')).toBe('"4"');
});

test('two saves of one version at once: exactly one lands, the other is told', async () => {
  const { botId } = await createBot(server, definition());
  const answers = await Promise.all(['A', 'B', 'C', 'D'].map((name) => patch(botId, { name }, '"0"')));
  expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412, 412, 412]);
  const winner = answers.find((answer) => answer.status === 200)!.body.bot.name;
  expect((await get(botId)).body.bot.name).toBe(winner);
  expect((await get(botId)).headers.get('etag')).toBe('"1"');
});

test('GraphQL: draftVersion, and updateBot(expectedVersion) refused with CONFLICT on another version', async () => {
  const { botId } = await createBot(server, definition());
  const UPDATE =
    'mutation Save($botId: ID!, $bot: JSON!, $expected: Int) { updateBot(botId: $botId, bot: $bot, expectedVersion: $expected) { name draftVersion } }';
  const first = await graphql(server.url, UPDATE, { botId, bot: { name: 'One' }, expected: 0 }, server.adminToken);
  expect(first.body).toEqual({ data: { updateBot: { name: 'One', draftVersion: 1 } } });
  const stale = await graphql(server.url, UPDATE, { botId, bot: { name: 'Two' }, expected: 0 }, server.adminToken);
  expect(stale.body.errors?.[0]).toMatchObject({ extensions: { code: 'CONFLICT' } });
  const read = await graphql(server.url, `{ bot(botId: "${botId}") { name draftVersion } }`, {}, server.adminToken);
  expect(read.body).toEqual({ data: { bot: { name: 'One', draftVersion: 1 } } });
});

test('the OpenAPI document describes the ETag, If-Match and the 412', async () => {
  const openapi = (await request(server.url, 'GET', '/v1/openapi.json')).body;
  const getBot = openapi.paths['/v1/bots/{botId}'].get;
  const patchBot = openapi.paths['/v1/bots/{botId}'].patch;
  expect(getBot.responses['200'].headers.ETag.schema).toEqual({ type: 'string' });
  expect(JSON.stringify(getBot.responses['200'].content)).not.toContain('draftVersion');
  expect(patchBot.parameters).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: 'If-Match', in: 'header', required: false })]),
  );
  expect(JSON.stringify(patchBot.requestBody)).not.toContain('expectedVersion');
  expect(patchBot.responses['412']).toEqual({ $ref: '#/components/responses/Error412' });
});
