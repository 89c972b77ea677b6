import { MINIMAL_BOT } from '../../helpers/bots';
import { publishDefinition, startChat } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startPeerServer, startTestServer, type TestServer } from '../../helpers/test-server';
import { onPostgres } from '../../helpers/test-database';

// Token buckets on the public chat routes: per client IP (X-Forwarded-For believed only from trusted proxies) and per bot.
const REFUSAL = { code: 'BAD_REQUEST', message: 'Too many requests, retry later', issues: [] };

describe('chat rate limits', () => {
  let untrusted: TestServer;
  let proxied: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    untrusted = await startTestServer({ rateLimit: { ipPoints: 3, botPoints: 100, windowSeconds: 1 } });
    proxied = await startTestServer({
      rateLimit: { ipPoints: 2, botPoints: 3, windowSeconds: 60, trustedProxies: '127.0.0.1, ::1/128' },
    });
    off = await startTestServer();
  });
  afterAll(async () => {
    await Promise.all([untrusted.close(), proxied.close(), off.close()]);
  });

  it('refuses a client over its budget with the chat error object and Retry-After, then lets it in again', async () => {
    const { publicId } = await publishDefinition(untrusted, MINIMAL_BOT);
    for (let index = 0; index < 3; index += 1) expect((await startChat(untrusted, publicId)).status).toBe(200);
    const refused = await startChat(untrusted, publicId);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(REFUSAL);
    expect(refused.headers.get('retry-after')).toBe('1');
    // The Typebot alias draws on the same budget.
    const alias = await request(untrusted.url, 'POST', `/api/v1/typebots/${publicId}/startChat`, { json: {} });
    expect([alias.status, alias.body]).toEqual([400, REFUSAL]);
    // X-Forwarded-For from an untrusted peer changes nothing.
    const spoofed = await startChat(untrusted, publicId, {}, { 'x-forwarded-for': '203.0.113.9' });
    expect([spoofed.status, spoofed.body]).toEqual([400, REFUSAL]);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await startChat(untrusted, publicId)).status).toBe(200);
    const metrics = await request(untrusted.url, 'GET', '/metrics');
    expect(metrics.body).toMatch(/parley_rate_limited_total\{limit="ip"\} [1-9]/);
  });

  it('counts each client behind a trusted proxy apart, and each bot across clients', async () => {
    const { publicId } = await publishDefinition(proxied, MINIMAL_BOT);
    const from = (ip: string) => startChat(proxied, publicId, {}, { 'x-forwarded-for': `198.51.100.200, ${ip}` });
    expect((await from('192.0.2.1')).status).toBe(200);
    expect((await from('192.0.2.1')).status).toBe(200);
    expect((await from('192.0.2.1')).body).toEqual(REFUSAL);
    // Another client has its own budget; the bot's budget (3) is spent by its chat.
    expect((await from('192.0.2.2')).status).toBe(200);
    const botRefused = await from('192.0.2.3');
    expect([botRefused.status, botRefused.body]).toEqual([400, REFUSAL]);
    const metrics = await request(proxied.url, 'GET', '/metrics');
    expect(metrics.body).toMatch(/parley_rate_limited_total\{limit="bot"\} [1-9]/);
  });

  it('does not limit when switched off', async () => {
    const { publicId } = await publishDefinition(off, MINIMAL_BOT);
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => startChat(off, publicId)).map(async (answer) => (await answer).status),
    );
    expect(statuses).toEqual(Array(10).fill(200));
  });
});

/** Four chat starts from one client, alternating between the servers, use up a budget of 4 on both. */
async function expectOneBudget(first: TestServer, second: TestServer): Promise<void> {
  const { publicId } = await publishDefinition(first, MINIMAL_BOT);
  expect((await startChat(first, publicId)).status).toBe(200);
  expect((await startChat(second, publicId)).status).toBe(200);
  expect((await startChat(first, publicId)).status).toBe(200);
  expect((await startChat(second, publicId)).status).toBe(200);
  expect((await startChat(first, publicId)).body).toEqual(REFUSAL);
  expect((await startChat(second, publicId)).body).toEqual(REFUSAL);
}

// PostgreSQL deployments may run several processes: their counters live in one UNLOGGED table.
(onPostgres ? describe : describe.skip)('chat rate limits across processes (PostgreSQL)', () => {
  const options = { rateLimit: { ipPoints: 4, botPoints: 100, windowSeconds: 60 } };
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer(options);
    second = await startPeerServer(first, options);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('shares one client budget between two servers on one database', async () => {
    await expectOneBudget(first, second);
    const rows = await first.db.$queryRawUnsafe<{ relpersistence: string }[]>(
      `SELECT relpersistence::text AS relpersistence FROM pg_class WHERE relname = 'parley_rate_limits'`,
    );
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });
});

// Builder routes: a budget per client IP, and a client sending unknown tokens is shut out for a while; refused with 429.
const BUILDER_REFUSAL = { code: 'TOO_MANY_REQUESTS', message: 'Too many requests, retry later', issues: [] };

describe('builder rate limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      rateLimit: { ipPoints: 1000, botPoints: 1000, builderPoints: 4, authFailurePoints: 2, windowSeconds: 1 },
    });
  });
  afterAll(() => server.close());
  const pause = () => new Promise((resolve) => setTimeout(resolve, 1100));

  it('refuses a client over its builder budget with 429, the error object and Retry-After; the public chat is not charged', async () => {
    await pause();
    for (let index = 0; index < 4; index += 1)
      expect((await request(server.url, 'GET', '/v1/workspaces', { token: server.adminToken })).status).toBe(200);
    const refused = await request(server.url, 'GET', '/v1/workspaces', { token: server.adminToken });
    expect([refused.status, refused.body]).toEqual([429, BUILDER_REFUSAL]);
    expect(refused.headers.get('retry-after')).toBe('1');
    const graphqlRefused = await request(server.url, 'POST', '/graphql', {
      token: server.adminToken,
      json: { query: '{ me { email } }' },
    });
    expect([graphqlRefused.status, graphqlRefused.body]).toEqual([429, BUILDER_REFUSAL]);
    await pause();
    expect((await request(server.url, 'GET', '/v1/workspaces', { token: server.adminToken })).status).toBe(200);
    const metrics = await request(server.url, 'GET', '/metrics');
    expect(metrics.body).toMatch(/parley_rate_limited_total\{limit="builder"\} [1-9]/);
  });

  it('shuts out a client that sent too many unknown tokens, even with a valid one, until its budget refills', async () => {
    await pause();
    expect((await request(server.url, 'GET', '/v1/workspaces', { token: 'guess-1' })).status).toBe(401);
    // GraphQL answers an unknown token with an error in a 200: it counts all the same.
    const viaGraphql = await request(server.url, 'POST', '/graphql', {
      token: 'guess-2',
      json: { query: '{ me { email } }' },
    });
    expect(viaGraphql.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const shutOut = await request(server.url, 'GET', '/v1/workspaces', { token: server.adminToken });
    expect([shutOut.status, shutOut.body]).toEqual([429, BUILDER_REFUSAL]);
    await pause();
    expect((await request(server.url, 'GET', '/v1/workspaces', { token: server.adminToken })).status).toBe(200);
  });
});

// REDIS_URL: every process draws on the same counters, whatever the database (CI starts a Redis; PARLEY_TEST_REDIS_URL).
const redisUrl = process.env.PARLEY_TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('chat rate limits across processes (Redis)', () => {
  const redis = { url: redisUrl ?? '', prefix: `parley-test-${process.pid}-${Date.now()}` };
  const options = { rateLimit: { ipPoints: 4, botPoints: 100, windowSeconds: 60 }, redis };
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await startTestServer(options);
    second = await startPeerServer(first, options);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('shares one client budget between two servers', async () => {
    await expectOneBudget(first, second);
  });

  it('a Redis that does not answer is a clear start-up error', async () => {
    await expect(startTestServer({ ...options, redis: { url: 'redis://127.0.0.1:1', prefix: 'x' } })).rejects.toThrow(
      /^Redis is not reachable at redis:\/\/127\.0\.0\.1:1/,
    );
  });
});
