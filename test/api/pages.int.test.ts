import zlib from 'node:zlib';
import { group, publishDefinition, textBubble, v6Bot } from '../helpers/chat';
import { request } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Pages and static assets served by src/http: landing, chat page <head>,
// the 404 page, the client script with cache headers and compression.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

function bot(settings: Record<string, unknown>) {
  return v6Bot({ groups: [group('g1', [textBubble('b1', 'Hello')])], settings });
}

test('landing page links OpenAPI and health, lists nothing private', async () => {
  const response = await request(server.url, 'GET', '/', { headers: html });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(response.body).toContain('href="/v1/openapi.json"');
  expect(response.body).toContain('href="/health"');
  expect(response.body).not.toContain('href="/graphql"'); // GraphiQL is off in tests (development only)
});

test('chat page: <head> from settings.metadata; customHeadCode dropped on the FREE plan', async () => {
  const { publicId } = await publishDefinition(
    server,
    bot({
      metadata: {
        title: 'My <bot>',
        description: 'Talk to us',
        imageUrl: 'https://img.example/a.png',
        favIconUrl: 'https://img.example/f.ico',
        customHeadCode: '<script>window.custom=1</script>',
      },
    }),
  );
  const response = await request(server.url, 'GET', `/${publicId}`, { headers: html });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.body).toContain('<title>My &lt;bot&gt;</title>');
  expect(response.body).toContain('<meta name="description" content="Talk to us">');
  expect(response.body).toContain('<meta property="og:image" content="https://img.example/a.png">');
  expect(response.body).toContain('<link rel="icon" href="https://img.example/f.ico">');
  expect(response.body).not.toContain('window.custom=1');
  expect(response.body).toMatch(/<script src="\/static\/parley\.[\w-]+\.js" defer><\/script>/);
});

test('customHeadCode is used off the FREE plan', async () => {
  await server.db.workspace.update({ where: { id: server.adminWorkspaceId }, data: { plan: 'PRO' } });
  try {
    const { publicId } = await publishDefinition(server, bot({ metadata: { customHeadCode: '<script>window.custom=1</script>' } }));
    const response = await request(server.url, 'GET', `/${publicId}`, { headers: html });
    expect(response.body).toContain('<script>window.custom=1</script>');
  } finally {
    await server.db.workspace.update({ where: { id: server.adminWorkspaceId }, data: { plan: 'FREE' } });
  }
});

test('404 page for an unknown bot or publicShare disabled; API clients keep the JSON 404', async () => {
  const { publicId } = await publishDefinition(server, bot({ publicShare: { isEnabled: false } }));
  for (const id of [publicId, 'unknown-bot']) {
    const response = await request(server.url, 'GET', `/${id}`, { headers: html });
    expect(response.status).toBe(404);
    expect(response.body).toContain("The bot you're looking for doesn't exist.");
  }
  const api = await request(server.url, 'GET', '/unknown-bot');
  expect({ status: api.status, body: api.body }).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'Not found', issues: [] } });
});

test('/embed.js: gzip when accepted, short cache, ETag revalidation; the hashed copy is immutable', async () => {
  const plain = await fetch(`${server.url}/embed.js`, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await plain.arrayBuffer());
  expect(plain.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
  expect(plain.headers.get('cache-control')).toBe('public, max-age=300');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(body.toString()).toContain('initBubble');

  const http = await import('node:http');
  const gzipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.url}/embed.js`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
  expect(gzipped.encoding).toBe('gzip');
  expect(zlib.gunzipSync(gzipped.body).equals(body)).toBe(true);

  const etag = plain.headers.get('etag')!;
  const again = await fetch(`${server.url}/embed.js`, { headers: { 'if-none-match': etag } });
  expect(again.status).toBe(304);

  const page = await request(server.url, 'GET', '/', { headers: html });
  expect(page.status).toBe(200);
  const { publicId } = await publishDefinition(server, bot({}));
  const chat = await request(server.url, 'GET', `/${publicId}`, { headers: html });
  const hashed = /src="(\/static\/parley\.[\w-]+\.js)"/.exec(chat.body)![1]!;
  const asset = await fetch(server.url + hashed);
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});
