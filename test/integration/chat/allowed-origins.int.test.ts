import {
  continueChat,
  createBot,
  group,
  publishBot,
  startChat,
  textBubble,
  textInput,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// settings.security.allowedOrigins (issue 35 §3): listing the sites a bot is
// embedded on never locks out Parley's own pages, and entries are origins.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const REFUSED = { code: 'BAD_REQUEST', message: 'Origin not allowed', issues: [] };
const ORIGIN_SHAPE = 'An origin is a scheme and host such as https://example.com, without a path';

function askBot(allowedOrigins: unknown[]) {
  return v6Bot({
    groups: [group('g1', [textBubble('b1', 'Hello'), textInput('b2')])],
    settings: { security: { allowedOrigins } },
  });
}

const storedOrigins = async (botId: string) =>
  (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot.settings.security
    .allowedOrigins;

test("the bot's share page (chat origin) and the console's preview (console origin) are never refused", async () => {
  const { botId } = await createBot(server, askBot(['https://shop.example']));
  const { publicId } = await publishBot(server, botId);
  const fromSharePage = await startChat(server, publicId, {}, { origin: server.chatUrl });
  expect(fromSharePage.status).toBe(200);
  expect(
    (await continueChat(server, fromSharePage.body.sessionId, { message: 'Ada' }, { origin: server.chatUrl })).status,
  ).toBe(200);
  expect((await startChat(server, publicId, {}, { origin: server.url })).status).toBe(200);
  expect((await startChat(server, publicId, {}, { origin: 'https://shop.example' })).status).toBe(200);
  const elsewhere = await startChat(server, publicId, {}, { origin: 'https://evil.example' });
  expect([elsewhere.status, elsewhere.body]).toEqual([400, REFUSED]);
  // The share page framed by a site that names itself: that site must be listed.
  const framed = await startChat(
    server,
    publicId,
    {},
    { origin: server.chatUrl, 'x-typebot-iframe-referrer-origin': 'https://evil.example' },
  );
  expect([framed.status, framed.body]).toEqual([400, REFUSED]);
});

test('origins are saved as browsers send them: a trailing slash, case and a default port are tidied away', async () => {
  const { botId } = await createBot(server, askBot(['http://site/', 'HTTPS://Shop.Example:443', 'http://site']));
  expect(await storedOrigins(botId)).toEqual(['http://site', 'https://shop.example']);
  const { publicId } = await publishBot(server, botId);
  expect((await startChat(server, publicId, {}, { origin: 'http://site' })).status).toBe(200);
  expect((await startChat(server, publicId, {}, { origin: 'https://shop.example' })).status).toBe(200);
});

test('an entry that is no origin (a path, a query, another scheme) is refused with 400 at its path', async () => {
  const invalid = (index: number) => ({
    code: 'BAD_REQUEST',
    message: 'Invalid input data',
    issues: [{ message: ORIGIN_SHAPE, path: ['bot', 'settings', 'security', 'allowedOrigins', index] }],
  });
  for (const entry of ['https://example.com/path', 'https://example.com/?a=1', 'ftp://example.com', 'example.com']) {
    const created = await request(server.url, 'POST', '/v1/bots', {
      token: server.adminToken,
      json: { workspaceId: server.adminWorkspaceId, bot: askBot(['https://ok.example', entry]) },
    });
    expect([entry, created.status, created.body]).toEqual([entry, 400, invalid(1)]);
  }
  const { botId } = await createBot(server, askBot(['https://ok.example']));
  const patched = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: { bot: { settings: { security: { allowedOrigins: ['https://ok.example', 'https://example.com/path'] } } } },
  });
  expect([patched.status, patched.body]).toEqual([400, invalid(1)]);
  expect(await storedOrigins(botId)).toEqual(['https://ok.example']);
});

test('lists stored before entries were checked match by their origin, and saving such a bot still works', async () => {
  const { botId } = await createBot(server, askBot([]));
  const row = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
  const draft = row.draft as Record<string, unknown>;
  await server.db.bot.update({
    where: { id: botId },
    data: {
      draft: { ...draft, settings: { security: { allowedOrigins: ['http://site/', 'https://example.com/path'] } } },
    },
  });
  const { publicId } = await publishBot(server, botId);
  expect((await startChat(server, publicId, {}, { origin: 'http://site' })).status).toBe(200);
  expect((await startChat(server, publicId, {}, { origin: 'https://example.com' })).status).toBe(200);
  expect((await startChat(server, publicId, {}, { origin: 'https://evil.example' })).body).toEqual(REFUSED);
  const renamed = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: { bot: { name: 'Renamed' } },
  });
  expect(renamed.status).toBe(200);
  expect(await storedOrigins(botId)).toEqual(['http://site', 'https://example.com']);
});
