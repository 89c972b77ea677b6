import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { group, publishDefinition, say, startChat, textBubble, texts, v6Bot } from '../../helpers/chat';
import { errorBody, request } from '../../helpers/http';
import { startFakeS3, type FakeS3 } from '../../helpers/fake-s3';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// File uploads of file inputs over real HTTP: the upload URL for the block the
// session waits on, the bytes PUT to it, the file served back, the reply
// carrying its URL, the limits, and files going with archived results.

function fileBot(fileOptions: Record<string, unknown> = {}): Record<string, unknown> {
  return v6Bot({
    groups: [
      group('g1', [
        textBubble('hi', 'Send a file'),
        { id: 'f1', type: 'file input', options: { variableId: 'vfile', ...fileOptions } },
        textBubble('got', 'Got {{File}}'),
      ]),
    ],
    variables: [{ id: 'vfile', name: 'File' }],
  });
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6d2e30000000049454e44ae426082',
  'hex',
);

function put(url: string, body: Buffer, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'PUT',
    body: new Uint8Array(body),
    headers: { 'content-type': 'image/png', ...headers },
  });
}

function uploadUrl(server: TestServer, sessionId: string, body: Record<string, unknown>) {
  return request(server.url, 'POST', `/v1/sessions/${sessionId}/uploads`, { json: body });
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

describe('uploads', () => {
  let server: TestServer;
  let uploadsDir: string;
  beforeAll(async () => {
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-uploads-test-'));
    server = await startTestServer({ uploadsDir, uploadMaxBytes: 4096 });
  });
  afterAll(() => server.close());

  test('an upload URL for the awaited file input; the file is served back and its URL answers the input', async () => {
    const { botId, publicId } = await publishDefinition(server, fileBot());
    const started = await startChat(server, publicId);
    const { sessionId, resultId } = started.body;
    const granted = await uploadUrl(server, sessionId, {
      blockId: 'f1',
      fileName: 'my photo (1).png',
      fileType: 'image/png',
      fileSize: PNG.length,
    });
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      presignedUrl: expect.stringMatching(new RegExp(`^${server.chatUrl}/v1/uploads/[A-Za-z0-9_-]+$`)),
      fileUrl: expect.stringMatching(new RegExp(`^${server.chatUrl}/v1/files/[a-f0-9]{32}/my_photo_1_.png$`)),
      maxFileSize: 4096,
    });
    // Nothing is served before the bytes come.
    expect((await fetch(granted.body.fileUrl)).status).toBe(404);

    const uploaded = await put(granted.body.presignedUrl, PNG);
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toEqual({ size: PNG.length });

    const served = await fetch(granted.body.fileUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline; filename="my_photo_1_.png"');

    const reply = await say(server, sessionId, granted.body.fileUrl);
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual([`Got ${granted.body.fileUrl}`]);
    const result = await request(server.url, 'GET', `/v1/bots/${botId}/results/${resultId}`, {
      token: server.adminToken,
    });
    expect(
      result.body.result.answers.map((answer: { blockId: string; content: string }) => [
        answer.blockId,
        answer.content,
      ]),
    ).toEqual([['f1', granted.body.fileUrl]]);

    // Archiving the result deletes its files.
    expect(
      (
        await request(server.url, 'DELETE', `/v1/bots/${botId}/results?resultIds=${resultId}`, {
          token: server.adminToken,
        })
      ).status,
    ).toBe(200);
    expect((await fetch(granted.body.fileUrl)).status).toBe(404);
    expect(fs.existsSync(path.join(uploadsDir, 'results', resultId))).toBe(false);
  });

  test("deleting a bot deletes its results' files", async () => {
    const { botId, publicId } = await publishDefinition(server, fileBot());
    const { sessionId } = (await startChat(server, publicId)).body;
    const granted = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'a.png' });
    expect((await put(granted.body.presignedUrl, PNG)).status).toBe(200);
    expect((await fetch(granted.body.fileUrl)).status).toBe(200);
    expect((await request(server.url, 'DELETE', `/v1/bots/${botId}`, { token: server.adminToken })).status).toBe(200);
    expect((await fetch(granted.body.fileUrl)).status).toBe(404);
  });

  test('only the block the session waits on, and only a known session', async () => {
    const { publicId } = await publishDefinition(server, fileBot());
    const { sessionId } = (await startChat(server, publicId)).body;
    const wrongBlock = await uploadUrl(server, sessionId, { blockId: 'hi', fileName: 'a.png' });
    expect(wrongBlock.status).toBe(400);
    expect(wrongBlock.body).toEqual(errorBody('BAD_REQUEST', 'The session is not waiting for a file on this block'));
    const unknown = await uploadUrl(server, 'no-such-session', { blockId: 'f1', fileName: 'a.png' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(errorBody('BAD_REQUEST', 'Session not found'));
    const missingName = await uploadUrl(server, sessionId, { blockId: 'f1' });
    expect(missingName.status).toBe(400);
    expect(missingName.body.issues).toEqual([expect.objectContaining({ path: ['fileName'] })]);
  });

  test('the allowed file types and the size limit', async () => {
    const { publicId } = await publishDefinition(
      server,
      fileBot({ allowedFileTypes: { isEnabled: true, types: ['image/*'] } }),
    );
    const { sessionId } = (await startChat(server, publicId)).body;
    const pdf = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'cv.pdf' });
    expect(pdf.body).toEqual(errorBody('BAD_REQUEST', 'Files of this type are not accepted here: cv.pdf'));
    const declaredTooBig = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'big.png', fileSize: 5000 });
    expect(declaredTooBig.body).toEqual(errorBody('BAD_REQUEST', 'big.png is larger than 4 kB'));

    const granted = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'big.png' });
    expect(granted.status).toBe(200);
    const before = filesUnder(uploadsDir).length;
    const tooBig = await put(granted.body.presignedUrl, Buffer.alloc(5000, 1));
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toEqual(errorBody('PAYLOAD_TOO_LARGE', 'File larger than 4096 bytes'));
    expect((await fetch(granted.body.fileUrl)).status).toBe(404);
    expect(filesUnder(uploadsDir).length).toBe(before);
  });

  test("the bot's allowed origins hold for upload URLs", async () => {
    const { publicId } = await publishDefinition(server, {
      ...fileBot(),
      settings: { security: { allowedOrigins: ['https://shop.example'] } },
    });
    const { sessionId } = (await startChat(server, publicId, {}, { origin: 'https://shop.example' })).body;
    const elsewhere = await request(server.url, 'POST', `/v1/sessions/${sessionId}/uploads`, {
      json: { blockId: 'f1', fileName: 'a.png' },
      headers: { origin: 'https://evil.example' },
    });
    expect(elsewhere.body).toEqual(errorBody('BAD_REQUEST', 'Origin not allowed'));
    const allowed = await request(server.url, 'POST', `/v1/sessions/${sessionId}/uploads`, {
      json: { blockId: 'f1', fileName: 'a.png' },
      headers: { origin: 'https://shop.example' },
    });
    expect(allowed.status).toBe(200);
  });

  test('a forged or altered upload URL is refused', async () => {
    const forged = await put(
      `${server.url}/v1/uploads/${Buffer.from('{"data":"AAAA","iv":"AAAA"}').toString('base64url')}`,
      PNG,
    );
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual(errorBody('FORBIDDEN', 'Invalid upload URL'));
    expect((await fetch(`${server.url}/v1/files/results/x/../../etc/passwd`)).status).toBe(404);
  });

  test("a file's URL names no result or session; it serves only the name it was given", async () => {
    const { publicId } = await publishDefinition(server, fileBot());
    const { sessionId, resultId } = (await startChat(server, publicId)).body;
    const granted = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'id.png' });
    expect(granted.body.fileUrl).not.toContain(resultId);
    expect(granted.body.fileUrl).not.toContain(sessionId);
    expect((await put(granted.body.presignedUrl, PNG)).status).toBe(200);
    expect((await fetch(granted.body.fileUrl)).status).toBe(200);
    expect((await fetch(granted.body.fileUrl.replace(/id\.png$/, 'other.png'))).status).toBe(404);
  });

  test('an upload URL is spent by its first upload: the stored file cannot be replaced', async () => {
    const { publicId } = await publishDefinition(server, fileBot());
    const { sessionId } = (await startChat(server, publicId)).body;
    const granted = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'once.png' });
    expect((await put(granted.body.presignedUrl, PNG)).status).toBe(200);
    const replaced = await put(granted.body.presignedUrl, Buffer.from('not the same file'));
    expect(replaced.status).toBe(403);
    expect(await replaced.json()).toEqual(errorBody('FORBIDDEN', 'This upload URL was already used'));
    expect(Buffer.from(await (await fetch(granted.body.fileUrl)).arrayBuffer())).toEqual(PNG);
    // Two uploads at once: one is stored, the other refused.
    const racing = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'race.png' });
    const statuses = (await Promise.all([put(racing.body.presignedUrl, PNG), put(racing.body.presignedUrl, PNG)]))
      .map((response) => response.status)
      .sort();
    expect(statuses).toEqual([200, 403]);
  });

  test('an upload refused as too large leaves its URL usable until it expires', async () => {
    const { publicId } = await publishDefinition(server, fileBot());
    const { sessionId } = (await startChat(server, publicId)).body;
    const granted = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'retry.png' });
    expect((await put(granted.body.presignedUrl, Buffer.alloc(5000, 1))).status).toBe(413);
    expect((await put(granted.body.presignedUrl, PNG)).status).toBe(200);
  });

  test('the Typebot embed paths answer the same operation, with Typebot statuses', async () => {
    const { publicId } = await publishDefinition(server, fileBot());
    const { sessionId } = (await startChat(server, publicId)).body;
    for (const version of ['v1', 'v2', 'v3']) {
      const granted = await request(server.url, 'POST', `/api/${version}/generate-upload-url`, {
        json: { fileName: 'a.png', sessionId, fileType: 'image/png', fileSize: 10, blockId: 'f1' },
      });
      expect(granted.status).toBe(200);
      expect(Object.keys(granted.body).sort()).toEqual(['fileUrl', 'maxFileSize', 'presignedUrl']);
    }
    const unknown = await request(server.url, 'POST', '/api/v3/generate-upload-url', {
      json: { fileName: 'a.png', sessionId: 'nope', blockId: 'f1' },
    });
    expect(unknown.status).toBe(404);
    const preflight = await fetch(`${server.url}/v1/uploads/some-token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('PUT, OPTIONS');
  });
});

describe('uploads to an S3-compatible bucket (PARLEY_S3_*)', () => {
  let server: TestServer;
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
    server = await startTestServer({
      uploadMaxBytes: 4096,
      s3: {
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.url,
        accessKeyId: 'test',
        secretAccessKey: 'test-secret',
        forcePathStyle: true,
        prefix: 'parley',
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await s3.close();
  });

  test('the file goes to the bucket, is served from it, refused past the limit, and deleted with its result', async () => {
    const { botId, publicId } = await publishDefinition(server, fileBot());
    const { sessionId, resultId } = (await startChat(server, publicId)).body;
    const granted = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'scan.pdf', fileSize: PNG.length });
    expect((await put(granted.body.presignedUrl, PNG)).status).toBe(200);
    const [fileId, name] = new URL(granted.body.fileUrl).pathname.replace('/v1/files/', '').split('/');
    expect(s3.objects.get(`parley/results/${resultId}/${fileId}/${name}`)).toEqual(PNG);
    const served = await fetch(granted.body.fileUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const again = await uploadUrl(server, sessionId, { blockId: 'f1', fileName: 'big.bin' });
    const tooBig = await put(again.body.presignedUrl, Buffer.alloc(6000, 2));
    expect(tooBig.status).toBe(413);
    expect([...s3.objects.keys()].filter((candidate) => candidate.endsWith('big.bin'))).toEqual([]);

    expect(
      (
        await request(server.url, 'DELETE', `/v1/bots/${botId}/results?resultIds=${resultId}`, {
          token: server.adminToken,
        })
      ).status,
    ).toBe(200);
    expect([...s3.objects.keys()].filter((candidate) => candidate.includes(resultId))).toEqual([]);
    expect((await fetch(granted.body.fileUrl)).status).toBe(404);
  });
});

describe('attachments and audio clips of text inputs', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  const textBot = (options: Record<string, unknown>) =>
    v6Bot({
      groups: [
        group('g1', [
          { id: 't1', type: 'text input', options: { variableId: 'vmsg', ...options } },
          textBubble('got', 'Got {{Message}}{{Clip}}'),
        ]),
      ],
      variables: [
        { id: 'vmsg', name: 'Message' },
        { id: 'vclip', name: 'Clip' },
      ],
    });

  async function uploaded(sessionId: string, fileName: string): Promise<string> {
    const granted = await uploadUrl(server, sessionId, { blockId: 't1', fileName });
    expect(granted.status).toBe(200);
    expect((await put(granted.body.presignedUrl, PNG)).status).toBe(200);
    return granted.body.fileUrl;
  }

  test('a text input taking attachments: the reply carries the file URLs, stored with the answer', async () => {
    const { botId, publicId } = await publishDefinition(server, textBot({ attachments: { isEnabled: true } }));
    const { sessionId, resultId } = (await startChat(server, publicId)).body;
    const url = await uploaded(sessionId, 'receipt.png');
    const reply = await request(server.url, 'POST', `/v1/sessions/${sessionId}/continueChat`, {
      json: { message: { type: 'text', text: 'see attached', attachedFileUrls: [url] } },
    });
    expect(reply.status).toBe(200);
    const result = await request(server.url, 'GET', `/v1/bots/${botId}/results/${resultId}`, {
      token: server.adminToken,
    });
    expect(result.body.result.answers.map((answer: { attachedFileUrls: string[] }) => answer.attachedFileUrls)).toEqual(
      [[url]],
    );
  });

  test("a text input taking audio clips: the audio reply's URL goes to the clip variable", async () => {
    const { publicId } = await publishDefinition(
      server,
      textBot({ audioClip: { isEnabled: true, saveVariableId: 'vclip' } }),
    );
    const { sessionId } = (await startChat(server, publicId)).body;
    const url = await uploaded(sessionId, 'clip.webm');
    const reply = await request(server.url, 'POST', `/v1/sessions/${sessionId}/continueChat`, {
      json: { message: { type: 'audio', url } },
    });
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual([`Got ${url}`]);
  });

  test('a plain text input takes no upload', async () => {
    const { publicId } = await publishDefinition(server, textBot({}));
    const { sessionId } = (await startChat(server, publicId)).body;
    const refused = await uploadUrl(server, sessionId, { blockId: 't1', fileName: 'a.png' });
    expect(refused.body).toEqual(errorBody('BAD_REQUEST', 'The session is not waiting for a file on this block'));
  });
});
