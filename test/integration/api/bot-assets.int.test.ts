import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBot, group, textBubble, v6Bot } from '../../helpers/chat';
import { graphql, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// A builder's images for a bot (the Theme tab's avatars) over real HTTP: the
// upload (REST and GraphQL), the file served back on the chat origin, the
// checks on type, bytes, size and name, who may upload, and the files going
// with the bot.

/** A 1×1 PNG, built here: the signature, then IHDR, IDAT and IEND chunks. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6d2e30000000049454e44ae426082',
  'hex',
);

let server: TestServer;
let uploadsDir: string;
let guest: { token: string };
let outsider: { token: string };

beforeAll(async () => {
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bot-assets-test-'));
  server = await startTestServer({ uploadsDir });
  guest = await createUserWithToken(server.db, 'guest@assets.test', {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  outsider = await createUserWithToken(server.db, 'outsider@assets.test');
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

async function newBot(): Promise<string> {
  return (await createBot(server, v6Bot({ groups: [group('g1', [textBubble('b1', 'Hi')])] }))).botId;
}

function upload(
  botId: string,
  body: { fileName: string; contentType: string; data: Buffer | string },
  token = server.adminToken,
) {
  const dataBase64 = typeof body.data === 'string' ? body.data : body.data.toString('base64');
  return request(server.url, 'POST', `/v1/bots/${botId}/assets`, {
    token,
    json: { fileName: body.fileName, contentType: body.contentType, dataBase64 },
  });
}

const FILE_URL = (name: string) => new RegExp(`^${server.chatUrl}/v1/files/[a-f0-9]{32}/${name.replace('.', '\\.')}$`);

test('an uploaded PNG is answered with its URL on the chat origin and served back as it was sent', async () => {
  const botId = await newBot();
  const uploaded = await upload(botId, { fileName: 'my avatar.png', contentType: 'image/png', data: PNG });
  expect(uploaded.status).toBe(200);
  expect(uploaded.body).toEqual({ url: expect.stringMatching(FILE_URL('my_avatar.png')) });

  const served = await fetch(uploaded.body.url);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  // Stored apart from visitors' uploads (results/, sessions/).
  expect(fs.readdirSync(path.join(uploadsDir, 'bots', botId, 'assets'))).toHaveLength(1);
});

test('GraphQL gives the same, and the name takes the extension of the content type', async () => {
  const botId = await newBot();
  const response = await graphql<{ uploadBotAsset: { url: string } }>(
    server.url,
    `
      mutation ($botId: ID!, $fileName: String!, $contentType: String!, $dataBase64: String!) {
        uploadBotAsset(botId: $botId, fileName: $fileName, contentType: $contentType, dataBase64: $dataBase64) {
          url
        }
      }
    `,
    { botId, fileName: 'Face.PNG', contentType: 'image/png', dataBase64: PNG.toString('base64') },
    server.adminToken,
  );
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data!.uploadBotAsset.url).toMatch(FILE_URL('Face.png'));
  const named = await upload(botId, { fileName: 'avatar', contentType: 'image/png', data: PNG });
  expect(named.body.url).toMatch(FILE_URL('avatar.png'));
  expect((await fetch(named.body.url)).headers.get('content-type')).toBe('image/png');
});

test('a text file claiming to be a PNG is refused, with the issue on its bytes', async () => {
  const botId = await newBot();
  const refused = await upload(botId, {
    fileName: 'a.png',
    contentType: 'image/png',
    data: Buffer.from('<script>alert(1)</script>'),
  });
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual({
    code: 'BAD_REQUEST',
    message: "The file's content is not image/png",
    issues: [{ message: "The file's content is not image/png", path: ['dataBase64'] }],
  });
  // Bytes of another image type than the one claimed.
  const gifBytes = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(10)]);
  expect((await upload(botId, { fileName: 'a.jpg', contentType: 'image/jpeg', data: gifBytes })).status).toBe(400);
  expect(fs.existsSync(path.join(uploadsDir, 'bots', botId))).toBe(false);
});

test('other content types, unsafe names, bad base64 and files over 1 MB are refused', async () => {
  const botId = await newBot();
  const svg = await upload(botId, { fileName: 'a.svg', contentType: 'image/svg+xml', data: Buffer.from('<svg/>') });
  expect(svg.status).toBe(400);
  expect(svg.body.issues).toEqual([expect.objectContaining({ path: ['contentType'] })]);

  for (const fileName of ['../../etc/passwd.png', 'a\\b.png', '', 'a\u0000.png', 'photo.gif']) {
    const refused = await upload(botId, { fileName, contentType: 'image/png', data: PNG });
    expect({ fileName, status: refused.status, issues: refused.body.issues }).toEqual({
      fileName,
      status: 400,
      issues: [expect.objectContaining({ path: ['fileName'] })],
    });
  }

  const notBase64 = await upload(botId, { fileName: 'a.png', contentType: 'image/png', data: '%%%not base64%%%' });
  expect(notBase64.status).toBe(400);
  expect(notBase64.body.issues).toEqual([expect.objectContaining({ path: ['dataBase64'] })]);

  const large = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1 - PNG.length)]);
  const tooLarge = await upload(botId, { fileName: 'big.png', contentType: 'image/png', data: large });
  expect(tooLarge.status).toBe(400);
  expect(tooLarge.body).toMatchObject({
    code: 'BAD_REQUEST',
    issues: [{ message: 'The image is larger than 1 MB', path: ['dataBase64'] }],
  });
  // Exactly 1 MB is accepted.
  const limit = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 - PNG.length)]);
  expect((await upload(botId, { fileName: 'limit.png', contentType: 'image/png', data: limit })).status).toBe(200);
});

test("a GUEST is refused like other writes; another workspace's user is told the bot is not found", async () => {
  const botId = await newBot();
  const asGuest = await upload(botId, { fileName: 'a.png', contentType: 'image/png', data: PNG }, guest.token);
  expect(asGuest.status).toBe(403);
  expect(asGuest.body).toMatchObject({ code: 'FORBIDDEN', message: 'Insufficient access' });
  const asOutsider = await upload(botId, { fileName: 'a.png', contentType: 'image/png', data: PNG }, outsider.token);
  expect(asOutsider.status).toBe(404);
  expect(asOutsider.body).toMatchObject({ code: 'NOT_FOUND' });
  const anonymous = await request(server.url, 'POST', `/v1/bots/${botId}/assets`, {
    json: { fileName: 'a.png', contentType: 'image/png', dataBase64: PNG.toString('base64') },
  });
  expect(anonymous.status).toBe(401);
  expect(fs.existsSync(path.join(uploadsDir, 'bots', botId))).toBe(false);
});

test('deleting the bot deletes its images: their URLs answer 404 and the bytes are gone', async () => {
  const botId = await newBot();
  const { url } = (await upload(botId, { fileName: 'a.png', contentType: 'image/png', data: PNG })).body as {
    url: string;
  };
  expect((await fetch(url)).status).toBe(200);
  expect((await request(server.url, 'DELETE', `/v1/bots/${botId}`, { token: server.adminToken })).status).toBe(200);
  expect((await fetch(url)).status).toBe(404);
  expect(fs.existsSync(path.join(uploadsDir, 'bots', botId, 'assets'))).toBe(false);
  expect(await server.db.uploadedFile.count({ where: { key: { startsWith: `bots/${botId}/` } } })).toBe(0);
});

describe('quotas: images per bot, bytes per workspace', () => {
  // Small limits, on a server of its own: 3 images a bot, 5 kB for a workspace's bots.
  let limited: TestServer;
  let limitedDir: string;
  beforeAll(async () => {
    limitedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bot-assets-quota-test-'));
    limited = await startTestServer({ uploadsDir: limitedDir, botAssets: { perBot: 3, workspaceBytes: 5 * 1024 } });
  });
  afterAll(async () => {
    await limited?.close();
    fs.rmSync(limitedDir, { recursive: true, force: true });
  });

  /** A PNG of `size` bytes (the signature is all the check reads). */
  const pngOf = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);
  const put = (botId: string, data: Buffer, fileName = 'a.png') =>
    request(limited.url, 'POST', `/v1/bots/${botId}/assets`, {
      token: limited.adminToken,
      json: { fileName, contentType: 'image/png', dataBase64: data.toString('base64') },
    });
  const stored = async (botId: string) => ({
    rows: await limited.db.uploadedFile.count({ where: { key: { startsWith: `bots/${botId}/assets/` } } }),
    files: fs.existsSync(path.join(limitedDir, 'bots', botId, 'assets'))
      ? fs.readdirSync(path.join(limitedDir, 'bots', botId, 'assets')).length
      : 0,
  });
  async function workspaceWithBots(count: number): Promise<{ workspaceId: string; botIds: string[] }> {
    const created = await request(limited.url, 'POST', '/v1/workspaces', {
      token: limited.adminToken,
      json: { name: `Quota ${Math.random()}` },
    });
    const workspaceId = created.body.workspace.id as string;
    const botIds: string[] = [];
    for (let i = 0; i < count; i += 1)
      botIds.push(
        (await createBot(limited, v6Bot({ groups: [group('g1', [textBubble('b1', 'Hi')])] }), workspaceId)).botId,
      );
    return { workspaceId, botIds };
  }

  test('a bot keeps at most PARLEY_BOT_ASSETS_PER_BOT images: the next is refused and nothing of it stored', async () => {
    const { botIds } = await workspaceWithBots(2);
    const [full, other] = botIds as [string, string];
    for (const name of ['1.png', '2.png', '3.png']) expect((await put(full, PNG, name)).status).toBe(200);
    const refused = await put(full, PNG, '4.png');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'BAD_REQUEST', message: 'A bot keeps at most 3 images', issues: [] });
    expect(await stored(full)).toEqual({ rows: 3, files: 3 });
    // The limit is the bot's: another bot of the workspace still has room.
    expect((await put(other, PNG)).status).toBe(200);
  });

  test("a workspace's bots keep at most PARLEY_BOT_ASSETS_WORKSPACE_MB together; deleting a bot frees its share", async () => {
    const { botIds } = await workspaceWithBots(2);
    const [first, second] = botIds as [string, string];
    expect((await put(first, pngOf(2048))).status).toBe(200);
    expect((await put(second, pngOf(2048))).status).toBe(200);
    const refused = await put(second, pngOf(2048));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'The bots of a workspace keep at most 5 kB of images',
      issues: [],
    });
    expect(await stored(second)).toEqual({ rows: 1, files: 1 });
    // Just up to the limit still fits.
    expect((await put(second, pngOf(1024))).status).toBe(200);

    // Another workspace has its own room.
    const elsewhere = await workspaceWithBots(1);
    expect((await put(elsewhere.botIds[0]!, pngOf(2048))).status).toBe(200);

    expect((await request(limited.url, 'DELETE', `/v1/bots/${first}`, { token: limited.adminToken })).status).toBe(200);
    expect((await put(second, pngOf(2048), 'again.png')).status).toBe(200);
    expect(await stored(second)).toEqual({ rows: 3, files: 3 });
  });

  test('uploads at once never take a bot past its limit', async () => {
    const { botIds } = await workspaceWithBots(1);
    const botId = botIds[0]!;
    const answers = await Promise.all(['1', '2', '3', '4', '5', '6'].map((name) => put(botId, PNG, `${name}.png`)));
    const accepted = answers.filter((answer) => answer.status === 200).length;
    expect(accepted).toBeLessThanOrEqual(3);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 400)).toBe(true);
    expect(await stored(botId)).toEqual({ rows: accepted, files: accepted });
  });
});
