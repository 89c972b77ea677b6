import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// A known path with a method it does not serve answers 405 (not 404), with Allow.

describe('wrong method on a known path', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test('405 with the error object and Allow', async () => {
    const deleted = await request(server.url, 'DELETE', '/v1/openapi.json');
    expect({ status: deleted.status, allow: deleted.headers.get('allow'), body: deleted.body }).toEqual({
      status: 405,
      allow: 'HEAD, GET',
      body: { code: 'METHOD_NOT_ALLOWED', message: 'Method DELETE not allowed; allowed: HEAD, GET', issues: [] },
    });
    const put = await request(server.url, 'PUT', '/v1/workspaces', { token: server.adminToken, json: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')?.split(', ').sort()).toEqual(['GET', 'HEAD', 'POST']);
  });

  test('an unknown path stays 404, and a chat CORS preflight still answers', async () => {
    const unknown = await request(server.url, 'DELETE', '/v1/nothing-here');
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not found', issues: [] },
    });
    const preflight = await request(server.url, 'OPTIONS', '/v1/bots/some-bot/startChat', {
      headers: { origin: 'https://site.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  });
});

describe('JSON routes and other media types', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test('a JSON body sent as text/plain or without Content-Type is 415 with the error object', async () => {
    const plain = await request(server.url, 'POST', '/v1/workspaces', {
      token: server.adminToken,
      raw: '{"name":"X"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect({ status: plain.status, body: plain.body }).toEqual({
      status: 415,
      body: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Content-Type must be application/json (got "text/plain")',
        issues: [],
      },
    });
    const none = await fetch(`${server.url}/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}` },
      body: new Uint8Array(Buffer.from('{"name":"X"}')),
    });
    expect(none.status).toBe(415);
    expect((await server.db.workspace.findMany({ where: { name: 'X' } })).length).toBe(0);
  });

  test('application/json with a charset is accepted', async () => {
    const ok = await request(server.url, 'POST', '/v1/workspaces', {
      token: server.adminToken,
      raw: '{"name":"Y"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(ok.status).toBe(200);
  });
});
