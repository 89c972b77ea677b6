import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { group, publishDefinition, textBubble, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Pages and static assets served by src/http: landing, chat page <head>,
// the 404 page, the client script with cache headers and compression. Bot
// pages, the script, files and the preview frame are on the chat origin; the
// console origin sends them there.

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
  expect(response.body).toContain('<a href="/app">Open the builder console</a>');
  // The chat origin's landing page sends people to the console's origin.
  const chatLanding = await request(server.chatUrl, 'GET', '/', { headers: html });
  expect(chatLanding.body).toContain(`<a href="${server.url}/app">Open the builder console</a>`);
});

test('/favicon.ico answers an icon on both origins, and pages link one (no 404 for browsers)', async () => {
  for (const base of [server.url, server.chatUrl]) {
    const icon = await fetch(`${base}/favicon.ico`);
    expect({ status: icon.status, type: icon.headers.get('content-type') }).toEqual({
      status: 200,
      type: 'image/svg+xml',
    });
    expect(await icon.text()).toMatch(/^<svg /);
  }
  const app = await request(server.url, 'GET', '/app', { headers: html });
  expect(app.body).toContain('<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,');
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
  const response = await request(server.chatUrl, 'GET', `/${publicId}`, { headers: html });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(response.body).toContain('<title>My &lt;bot&gt;</title>');
  expect(response.body).toContain('<meta name="description" content="Talk to us">');
  expect(response.body).toContain('<meta property="og:image" content="https://img.example/a.png">');
  expect(response.body).toContain('<link rel="icon" href="https://img.example/f.ico">');
  expect(response.body).not.toContain('window.custom=1');
  expect(response.body).toMatch(/<script src="\/static\/parley\.[\w-]+\.js" defer><\/script>/);
});

test("customHeadCode is used off the FREE plan, in a sandboxed frame of its own, never in the page's head", async () => {
  await server.db.workspace.update({ where: { id: server.adminWorkspaceId }, data: { plan: 'PRO' } });
  try {
    const { publicId } = await publishDefinition(
      server,
      bot({ metadata: { customHeadCode: '<script>window.custom="a&b"</script>' } }),
    );
    const response = await request(server.chatUrl, 'GET', `/${publicId}`, { headers: html });
    expect(response.body).not.toContain('<script>window.custom');
    expect(response.body).toContain(
      '<iframe hidden sandbox="allow-scripts" referrerpolicy="no-referrer-when-downgrade" title="The bot author’s head code" srcdoc="&lt;!doctype html&gt;&lt;html&gt;&lt;head&gt;&lt;meta charset=&quot;utf-8&quot;&gt;&lt;script&gt;window.custom=&quot;a&amp;b&quot;&lt;/script&gt;&lt;/head&gt;&lt;body&gt;&lt;/body&gt;&lt;/html&gt;"></iframe>',
    );
  } finally {
    await server.db.workspace.update({ where: { id: server.adminWorkspaceId }, data: { plan: 'FREE' } });
  }
});

test('404 page for an unknown bot or publicShare disabled; API clients keep the JSON 404', async () => {
  const { publicId } = await publishDefinition(server, bot({ publicShare: { isEnabled: false } }));
  for (const id of [publicId, 'unknown-bot']) {
    const response = await request(server.chatUrl, 'GET', `/${id}`, { headers: html });
    expect(response.status).toBe(404);
    expect(response.body).toContain("The bot you're looking for doesn't exist.");
  }
  for (const accept of ['application/json', 'application/json, text/html;q=0.5']) {
    const api = await request(server.chatUrl, 'GET', '/unknown-bot', { headers: { accept } });
    expect({ status: api.status, body: api.body }).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not found', issues: [] },
    });
  }
});

test('a share link is the page for clients that accept anything (curl, fetch tools) or send no Accept', async () => {
  const { publicId } = await publishDefinition(server, bot({}));
  for (const headers of [{ accept: '*/*' }, {}] as Record<string, string>[]) {
    const page = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      // node:http, since fetch adds an Accept header of its own.
      http
        .get(`${server.chatUrl}/${publicId}`, { headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode!, type: String(response.headers['content-type']), body }),
          );
        })
        .on('error', reject);
    });
    expect({ status: page.status, type: page.type }).toEqual({ status: 200, type: 'text/html; charset=utf-8' });
    expect(page.body).toContain('<!doctype html>');
    // The console origin sends such a client to the bot's page too.
    const redirected = await fetch(`${server.url}/${publicId}`, { headers, redirect: 'manual' });
    expect({ status: redirected.status, location: redirected.headers.get('location') }).toEqual({
      status: 302,
      location: `${server.chatUrl}/${publicId}`,
    });
  }
});

test('/embed.js: gzip when accepted, short cache, ETag revalidation; the hashed copy is immutable', async () => {
  const plain = await fetch(`${server.chatUrl}/embed.js`, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await plain.arrayBuffer());
  expect(plain.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
  expect(plain.headers.get('cache-control')).toBe('public, max-age=300');
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(body.toString()).toContain('initBubble');

  const http = await import('node:http');
  const gzipped = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
    http
      .get(`${server.chatUrl}/embed.js`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
  expect(gzipped.encoding).toBe('gzip');
  expect(zlib.gunzipSync(gzipped.body).equals(body)).toBe(true);

  const etag = plain.headers.get('etag')!;
  const again = await fetch(`${server.chatUrl}/embed.js`, { headers: { 'if-none-match': etag } });
  expect(again.status).toBe(304);

  const page = await request(server.url, 'GET', '/', { headers: html });
  expect(page.status).toBe(200);
  const { publicId } = await publishDefinition(server, bot({}));
  const chat = await request(server.chatUrl, 'GET', `/${publicId}`, { headers: html });
  const hashed = /src="(\/static\/parley\.[\w-]+\.js)"/.exec(chat.body)![1]!;
  const asset = await fetch(server.chatUrl + hashed);
  expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
});

describe('the two origins', () => {
  test('the console origin sends bot pages, the embed script and files to the chat origin, query kept', async () => {
    const { publicId } = await publishDefinition(server, bot({}));
    for (const path of [
      `/${publicId}?Name=Ann`,
      '/embed.js',
      '/static/parley.0123456789.js',
      '/v1/files/results/r1/0123/a.png',
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: html, redirect: 'manual' });
      expect({ path, status: response.status, location: response.headers.get('location') }).toEqual({
        path,
        status: 302,
        location: `${server.chatUrl}${path}`,
      });
    }
    // API clients asking the console origin for JSON at an unknown path keep the JSON 404.
    const api = await request(server.url, 'GET', `/${publicId}`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
  });

  test('the chat origin serves no console, no /graphql and no builder route; the public chat API answers on both', async () => {
    for (const [method, path] of [
      ['GET', '/app/assets/x.js'],
      ['POST', '/graphql'],
      ['GET', '/v1/workspaces'],
      ['GET', '/metrics'],
    ] as const) {
      const response = await request(server.chatUrl, method, path, {
        token: server.adminToken,
        json: method === 'POST' ? { query: '{ me { id } }' } : undefined,
      });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
    const { publicId } = await publishDefinition(server, bot({}));
    for (const base of [server.url, server.chatUrl]) {
      const started = await request(base, 'POST', `/v1/bots/${publicId}/startChat`, { json: {} });
      expect(started.status).toBe(200);
      expect(started.body.messages).toHaveLength(1);
    }
  });

  test("bot.shareUrl (GraphQL and REST) is the bot's page on the chat origin", async () => {
    const { botId, publicId } = await publishDefinition(server, bot({}));
    const rest = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken });
    expect(rest.body.bot.shareUrl).toBe(`${server.chatUrl}/${publicId}`);
    const gql = await request(server.url, 'POST', '/graphql', {
      token: server.adminToken,
      json: { query: `{ bot(botId: "${botId}") { shareUrl } }` },
    });
    expect(gql.body).toEqual({ data: { bot: { shareUrl: `${server.chatUrl}/${publicId}` } } });
    const page = await request(rest.body.bot.shareUrl, 'GET', '', { headers: html });
    expect(page.status).toBe(200);
  });

  test('the preview frame may be framed by the console only', async () => {
    const response = await request(server.chatUrl, 'GET', '/_parley/preview', { headers: html });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(`frame-ancestors ${server.url}`);
    expect(response.body).toContain(`window.__PARLEY_PREVIEW__={"consoleOrigin":"${server.url}"}`);
    const onConsole = await request(server.url, 'GET', '/_parley/preview', { headers: html });
    expect(onConsole.status).toBe(404);
  });
});

test('configured origins (PARLEY_PUBLIC_URL, PARLEY_CHAT_URL) are used as they are', async () => {
  const configured = await startTestServer({
    publicUrl: 'https://app.parley.example',
    chatUrl: 'https://chat.parley.example',
  });
  try {
    const { botId, publicId } = await publishDefinition(configured, bot({}));
    const rest = await request(configured.url, 'GET', `/v1/bots/${botId}`, { token: configured.adminToken });
    expect(rest.body.bot.shareUrl).toBe(`https://chat.parley.example/${publicId}`);
    const redirect = await fetch(`${configured.url}/${publicId}`, { headers: html, redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe(`https://chat.parley.example/${publicId}`);
    const frame = await request(configured.chatUrl, 'GET', '/_parley/preview', { headers: html });
    expect(frame.headers.get('content-security-policy')).toBe('frame-ancestors https://app.parley.example');
  } finally {
    await configured.close();
  }
});

test("one port for both origins (PARLEY_CHAT_PORT = PORT): the chat origin is told apart by PARLEY_CHAT_URL's host", async () => {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const shared = await startTestServer({
    port,
    chatPort: port,
    publicUrl: `http://console.localhost:${port}`,
    chatUrl: `http://chat.localhost:${port}`,
  });
  try {
    const { publicId } = await publishDefinition(shared, bot({}));
    const get = (host: string, path: string) =>
      new Promise<{ status: number; location?: string; body: string }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path, headers: { host, accept: 'text/html' } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
        });
        req.on('error', reject);
      });
    const page = await get(`chat.localhost:${port}`, `/${publicId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<parley-standard');
    const fromConsole = await get(`console.localhost:${port}`, `/${publicId}`);
    expect({ status: fromConsole.status, location: fromConsole.location }).toEqual({
      status: 302,
      location: `http://chat.localhost:${port}/${publicId}`,
    });
    expect((await get(`chat.localhost:${port}`, '/app')).body).not.toContain('id="console"');
    expect((await get(`console.localhost:${port}`, '/app')).body).toContain('id="console"');
  } finally {
    await shared.close();
  }
});
