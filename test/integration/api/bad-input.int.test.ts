import http from 'node:http';
import { request, type HttpResponse } from '../../helpers/http';
import { MINIMAL_BOT } from '../../helpers/bots';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Malformed requests (docs/api-decisions.md#addressing, #errors): every one is a 4xx with
// the documented error object, never a 500.

let server: TestServer;
let workspaceId: string;
let botId: string;
let small: TestServer;

beforeAll(async () => {
  [server, small] = await Promise.all([startTestServer(), startTestServer({ bodyLimit: 1024 })]);
  const created = await request(server.url, 'POST', '/v1/workspaces', {
    token: server.adminToken,
    json: { name: 'Inputs', icon: '🧪' },
  });
  expect(created.status).toBe(200);
  workspaceId = created.body.workspace.id;
  const bot = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    json: { workspaceId, bot: MINIMAL_BOT },
  });
  expect(bot.status).toBe(200);
  botId = bot.body.bot.id;
});
afterAll(async () => {
  await Promise.all([server?.close(), small?.close()]);
});

const send = (
  method: string,
  path: string,
  options: { json?: unknown; raw?: string; headers?: Record<string, string> } = {},
) => request(server.url, method, path, { token: server.adminToken, ...options });

function expectError(response: HttpResponse, status: number, code: string, message: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  expect(response.body).toEqual({ code, message, issues: expect.any(Array) });
  expect(Object.keys(response.body).sort()).toEqual(['code', 'issues', 'message']);
  for (const issue of response.body.issues) {
    expect(typeof issue.message).toBe('string');
    if ('path' in issue) expect(Array.isArray(issue.path)).toBe(true);
  }
}

function expectInvalid(response: HttpResponse, path?: (string | number)[]) {
  expectError(response, 400, 'BAD_REQUEST', 'Invalid input data');
  expect(response.body.issues.length).toBeGreaterThan(0);
  if (path)
    expect(response.body.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]),
    );
}

async function workspaceNow() {
  const response = await send('GET', `/v1/workspaces/${workspaceId}`);
  expect(response.status).toBe(200);
  return response.body.workspace;
}

describe('bodies that are not a JSON object', () => {
  test.each([
    ['truncated JSON', '{"name":'],
    ['single quotes', "{'name':'x'}"],
    ['trailing comma', '{"name":"x",}'],
    ['plain text', 'name=x'],
    ['bare word', 'undefined'],
  ])('%s is a 400 Invalid input data', async (_label, raw) => {
    const response = await send('POST', '/v1/workspaces', { raw });
    expectInvalid(response);
    expect(response.body.code).toBe('BAD_REQUEST');
  });

  test('malformed JSON on PATCH changes nothing', async () => {
    const before = await workspaceNow();
    expectInvalid(await send('PATCH', `/v1/workspaces/${workspaceId}`, { raw: '{"name": "Broken"' }));
    expect(await workspaceNow()).toEqual(before);
  });

  test.each([
    ['an array', '[{"name":"x"}]'],
    ['an empty array', '[]'],
    ['a string', '"x"'],
    ['a number', '42'],
    ['true', 'true'],
    ['null', 'null'],
  ])('a body that is %s is a 400', async (_label, raw) => {
    expectInvalid(await send('POST', '/v1/workspaces', { raw }));
    expectInvalid(await send('PATCH', `/v1/workspaces/${workspaceId}`, { raw }));
    expectInvalid(await send('POST', '/v1/bots', { raw }));
  });

  test('a malformed body on the bot routes is a 400 too', async () => {
    expectInvalid(await send('POST', '/v1/bots', { raw: '{"workspaceId":' }));
    expectInvalid(await send('PATCH', `/v1/bots/${botId}`, { raw: '{"bot":{' }));
  });

  test('invalid UTF-8 / binary garbage is a 400', async () => {
    const response = await fetch(`${server.url}/v1/workspaces`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0xc3]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid input data',
      issues: expect.any(Array),
    });
  });

  test('an empty body on create is a missing name, not a crash', async () => {
    expectInvalid(await send('POST', '/v1/workspaces', { raw: '' }), ['name']);
  });
});

describe('fields of the wrong type', () => {
  test.each([
    ['{"name":5}', { name: 5 }, ['name']],
    ['{"name":null}', { name: null }, ['name']],
    ['{"name":true}', { name: true }, ['name']],
    ['{"name":{}}', { name: {} }, ['name']],
    ['{"name":["x"]}', { name: ['x'] }, ['name']],
    ['{"name":"ok","icon":[]}', { name: 'ok', icon: [] }, ['icon']],
    ['{"name":"ok","icon":7}', { name: 'ok', icon: 7 }, ['icon']],
  ])('create with %s is a 400 naming the field', async (_label, json, path) => {
    const before = (await send('GET', '/v1/workspaces')).body.workspaces.length;
    expectInvalid(await send('POST', '/v1/workspaces', { json }), path);
    expect((await send('GET', '/v1/workspaces')).body.workspaces).toHaveLength(before);
  });

  test.each([
    ['{"name":5}', { name: 5 }, ['name']],
    ['{"name":null}', { name: null }, ['name']],
    ['{"icon":[]}', { icon: [] }, ['icon']],
    ['{"icon":{"url":"x"}}', { icon: { url: 'x' } }, ['icon']],
    ['{"name":"x","icon":false}', { name: 'x', icon: false }, ['icon']],
  ])('update with %s is a 400 naming the field, and nothing changes', async (_label, json, path) => {
    const before = await workspaceNow();
    expectInvalid(await send('PATCH', `/v1/workspaces/${workspaceId}`, { json }), path);
    expect(await workspaceNow()).toEqual(before);
  });

  test('several wrong fields give one issue each', async () => {
    const response = await send('POST', '/v1/workspaces', { json: { name: 1, icon: 2 } });
    expectInvalid(response);
    const paths = response.body.issues.map((issue: { path?: unknown }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining([['name'], ['icon']]));
  });

  test('member fields of the wrong type', async () => {
    expectInvalid(await send('POST', `/v1/workspaces/${workspaceId}/members`, { json: { email: 5, role: 'MEMBER' } }), [
      'email',
    ]);
    expectInvalid(
      await send('POST', `/v1/workspaces/${workspaceId}/members`, { json: { email: 'a@b.co', role: ['ADMIN'] } }),
      ['role'],
    );
  });

  test('bot fields of the wrong type', async () => {
    expectInvalid(await send('POST', '/v1/bots', { json: { workspaceId, bot: 'not an object' } }), ['bot']);
    expectInvalid(await send('POST', '/v1/bots', { json: { bot: MINIMAL_BOT } }), ['workspaceId']);
    // GraphQL's ID would take a number; the REST body documents a string.
    expectInvalid(await send('POST', '/v1/bots', { json: { workspaceId: 12, bot: MINIMAL_BOT } }), ['workspaceId']);
    expectInvalid(await send('POST', '/v1/bots', { json: { workspaceId: { id: workspaceId }, bot: MINIMAL_BOT } }), [
      'workspaceId',
    ]);
    expectInvalid(await send('PATCH', `/v1/bots/${botId}`, { json: { bot: [] } }), ['bot']);
  });
});

describe('unknown body fields are ignored', () => {
  test('on create: plan, flags and id cannot be chosen by the caller', async () => {
    const response = await send('POST', '/v1/workspaces', {
      json: {
        name: 'Sneaky',
        id: 'chosen-id',
        plan: 'UNLIMITED',
        isVerified: true,
        isSuspended: true,
        customChatsLimit: 1e9,
        extra: { deep: [1] },
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.workspace).toEqual(
      expect.objectContaining({
        name: 'Sneaky',
        plan: 'FREE',
        isVerified: null,
        isSuspended: false,
        isPastDue: false,
        paymentProviderId: null,
      }),
    );
    expect(response.body.workspace.id).not.toBe('chosen-id');
    const read = await send('GET', `/v1/workspaces/${response.body.workspace.id}`);
    expect(read.body.workspace.customChatsLimit).toBeNull();
  });

  test('on update: unknown keys next to a known one are ignored', async () => {
    const response = await send('PATCH', `/v1/workspaces/${workspaceId}`, {
      json: { name: 'Inputs 2', plan: 'PRO', isPastDue: true },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ workspace: { name: 'Inputs 2', icon: '🧪' } });
    const read = await workspaceNow();
    expect(read.isPastDue).toBe(false);
    const list = await send('GET', '/v1/workspaces');
    expect(list.body.workspaces.find((w: { id: string }) => w.id === workspaceId).plan).toBe('FREE');
  });

  test('on member invitation: an unknown key is ignored', async () => {
    const response = await send('POST', `/v1/workspaces/${workspaceId}/members`, {
      json: { email: 'ignored-extra@parley.test', role: 'GUEST', isAdmin: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.invitation.role).toBe('GUEST');
  });
});

describe('query parameters', () => {
  test('unknown timeFilter is a 400 at ["timeFilter"]', async () => {
    for (const value of ['forever', 'LAST7DAYS', 'last_7_days', '']) {
      expectInvalid(await send('GET', `/v1/bots/${botId}/analytics/stats?timeFilter=${encodeURIComponent(value)}`), [
        'timeFilter',
      ]);
    }
  });

  test('every documented timeFilter is accepted', async () => {
    for (const value of ['today', 'last7Days', 'last30Days', 'monthToDate', 'lastMonth', 'yearToDate', 'allTime']) {
      const response = await send('GET', `/v1/bots/${botId}/analytics/stats?timeFilter=${value}`);
      expect({ value, status: response.status }).toEqual({ value, status: 200 });
      expect(response.body).toEqual({ stats: { totalViews: 0, totalStarts: 0, totalCompleted: 0 } });
    }
  });

  test('a non-IANA timeZone is a 400 at ["timeZone"]', async () => {
    for (const value of ['Mars/Olympus', '+02:00', 'GMT+2', 'Z', 'not a zone', '']) {
      const response = await send(
        'GET',
        `/v1/bots/${botId}/analytics/stats?timeFilter=today&timeZone=${encodeURIComponent(value)}`,
      );
      expectInvalid(response, ['timeZone']);
    }
  });

  test('IANA time zones are accepted', async () => {
    for (const value of ['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'Pacific/Kiritimati']) {
      const response = await send(
        'GET',
        `/v1/bots/${botId}/analytics/stats?timeFilter=today&timeZone=${encodeURIComponent(value)}`,
      );
      expect({ value, status: response.status }).toEqual({ value, status: 200 });
    }
  });

  test.each([['0'], ['abc'], ['-1'], ['101'], ['1.5'], ['']])(
    'limit=%s on GET /v1/bots is a 400 at ["limit"]',
    async (limit) => {
      expectInvalid(await send('GET', `/v1/bots?workspaceId=${workspaceId}&limit=${limit}`), ['limit']);
    },
  );

  test('limit=1 and limit=100 are accepted', async () => {
    for (const limit of ['1', '100']) {
      const response = await send('GET', `/v1/bots?workspaceId=${workspaceId}&limit=${limit}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ bots: [expect.objectContaining({ id: botId })], nextCursor: null });
    }
  });

  test('GET /v1/bots without workspaceId is a 400 at ["workspaceId"]', async () => {
    expectInvalid(await send('GET', '/v1/bots'), ['workspaceId']);
  });

  test('GET /v1/billing/invoices without workspaceId is a 400 at ["workspaceId"]', async () => {
    expectInvalid(await send('GET', '/v1/billing/invoices'), ['workspaceId']);
  });

  test('an unknown cursor is not a 500', async () => {
    const response = await send('GET', `/v1/bots?workspaceId=${workspaceId}&cursor=does-not-exist`);
    expect(response.status).toBeLessThan(500);
  });
});

describe('body size limit', () => {
  test('a body over the limit is a 413 with the error object', async () => {
    const json = { name: 'Big', icon: 'x'.repeat(2000) };
    const response = await request(small.url, 'POST', '/v1/workspaces', { token: small.adminToken, json });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE', expect.any(String) as unknown as string);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
    const list = await request(small.url, 'GET', '/v1/workspaces', { token: small.adminToken });
    expect(list.body.workspaces.map((w: { name: string }) => w.name)).not.toContain('Big');
  });

  test('a body over the limit on PATCH is a 413 and changes nothing', async () => {
    const path = `/v1/workspaces/${small.adminWorkspaceId}`;
    const before = (await request(small.url, 'GET', path, { token: small.adminToken })).body;
    const response = await request(small.url, 'PATCH', path, {
      token: small.adminToken,
      json: { name: 'y'.repeat(5000) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String), issues: [] });
    expect((await request(small.url, 'GET', path, { token: small.adminToken })).body).toEqual(before);
  });

  test('a body just under the limit is accepted', async () => {
    const json = { name: 'Fits', icon: `https://example.com/${'x'.repeat(880)}.png` };
    expect(Buffer.byteLength(JSON.stringify(json))).toBeLessThanOrEqual(1024);
    const response = await request(small.url, 'POST', '/v1/workspaces', { token: small.adminToken, json });
    expect(response.status).toBe(200);
  });

  test('a chunked body (no Content-Length) over the limit is a 413 too', async () => {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/v1/workspaces', small.url);
      const req = http.request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${small.adminToken}`,
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
        },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.write('{"name":"Chunked","icon":"');
      for (let i = 0; i < 4; i += 1) req.write('z'.repeat(500));
      req.end('"}');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.any(String), issues: [] });
  });

  test('bot routes have their own, larger limit', async () => {
    const bot = {
      ...MINIMAL_BOT,
      name: 'Large bot',
      variables: Array.from({ length: 40 }, (_, i) => ({ id: `v${i}`, name: `variable number ${i}` })),
    };
    const json = { workspaceId: small.adminWorkspaceId, bot };
    expect(Buffer.byteLength(JSON.stringify(json))).toBeGreaterThan(1024);
    const response = await request(small.url, 'POST', '/v1/bots', { token: small.adminToken, json });
    expect(response.status).toBe(200);
    expect(response.body.bot.name).toBe('Large bot');
  });
});

describe('paths', () => {
  test.each([
    ['GET', '/v1/nope'],
    ['GET', '/nope'],
    ['POST', '/v1/workspaces/x/y/z'],
    ['GET', '/v2/workspaces'],
    ['DELETE', '/v1/billing/usage/extra'],
  ])('%s %s is a 404 error object', async (method, path) => {
    // A client that prefers JSON: any other gets the chat origin's page for a one-segment path (a share link).
    const response = await send(method, path, { headers: { accept: 'application/json' } });
    expectError(response, 404, 'NOT_FOUND', 'Not found');
    expect(response.body.issues).toEqual([]);
  });

  test('an unknown path without a token is still a 404', async () => {
    const response = await request(server.url, 'GET', '/v1/definitely/not/here');
    expectError(response, 404, 'NOT_FOUND', 'Not found');
  });

  test('percent-encoded garbage in a path parameter is not a 500', async () => {
    for (const id of ['%00', '%E0%A4%A', "'%20OR%201=1--", '..%2F..%2Fetc']) {
      const response = await send('GET', `/v1/workspaces/${id}`);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body).toEqual({
        code: expect.any(String),
        message: expect.any(String),
        issues: expect.any(Array),
      });
    }
  });
});

describe('order of checks', () => {
  test('a wrongly typed body without a token is a 401: who asks comes before what is asked', async () => {
    const response = await request(server.url, 'POST', '/v1/workspaces', { json: { name: 5 } });
    expectError(response, 401, 'UNAUTHORIZED', 'Authorization not provided');
  });

  test('a wrongly typed query parameter with an unknown token is a 401', async () => {
    const response = await request(server.url, 'GET', `/v1/bots/${botId}/analytics/stats?timeFilter=never`, {
      token: 'not-a-token',
    });
    expectError(response, 401, 'UNAUTHORIZED', 'Invalid or revoked token');
  });
});
