import http from 'node:http';
import { createToken } from '../../../src/services/tokens';
import { MINIMAL_BOT } from '../../helpers/bots';
import { signIn } from '../../helpers/console-session';
import { graphql, request } from '../../helpers/http';
import { openSse, type SseStream } from '../../helpers/sse';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Live streams (live results, draft saves, editors; REST and /graphql) are
// bounded: a user, all their tokens and console sessions together, and a
// client address may each hold only so many open in a process (429 naming
// the cap and its setting), and a stream ends cleanly after its lifetime.

jest.setTimeout(60_000);

const METRICS_TOKEN = 'stream-limits-metrics-token';
const PER_USER = 2;
const PER_ADDRESS = 3;

let server: TestServer;
let botId: string;
const streams: SseStream[] = [];

const BOT_EDITING =
  'subscription Editing($botId: ID!, $sessionKey: String!) { botEditing(botId: $botId, sessionKey: $sessionKey) { draftChanged { draftVersion } } }';

type Headers = Record<string, string>;
const bearer = (token: string, address?: string): Headers => ({
  authorization: `Bearer ${token}`,
  ...(address ? { 'x-forwarded-for': address } : {}),
});

async function track(opening: Promise<SseStream>): Promise<SseStream> {
  const stream = await opening;
  streams.push(stream);
  await stream.opened;
  return stream;
}

/** GET /v1/bots/{id}/results/live or /draft/live. */
const restStream = (base: string, bot: string, which: 'results' | 'draft', headers: Headers) =>
  track(openSse(`${base}/v1/bots/${bot}/${which}/live`, { headers }));

/** The editor's stream (botEditing) over SSE at /graphql. */
const graphqlStream = (base: string, bot: string, headers: Headers) =>
  track(
    openSse(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: BOT_EDITING, variables: { botId: bot, sessionKey: `tab-${streams.length}` } }),
    }),
  );

/** A refused stream's answer: its status and the error object it carries (a stream that opened is not waited for). */
async function refusal(stream: SseStream): Promise<{ status: number; type: string | null; body: unknown }> {
  const type = stream.headers.get('content-type');
  if (stream.status === 200) return { status: stream.status, type, body: stream.text };
  await stream.ended;
  return { status: stream.status, type, body: JSON.parse(stream.text) };
}

const refusedFor = (which: 'user' | 'address') => ({
  status: 429,
  type: 'application/json; charset=utf-8',
  body: {
    code: 'TOO_MANY_REQUESTS',
    message:
      which === 'user'
        ? `Too many live streams open for this user: at most ${PER_USER} at once (PARLEY_LIVE_STREAMS_PER_USER): close one (another tab, page or client) and retry`
        : `Too many live streams open from this address: at most ${PER_ADDRESS} at once (PARLEY_LIVE_STREAMS_PER_ADDRESS): close one (another tab, page or client) and retry`,
    issues: [],
  },
});

/** The `parley_live_subscriptions` gauge of the server at `base`. */
async function liveSubscriptions(base = server.url): Promise<number> {
  const metrics = await request(base, 'GET', '/metrics', { token: METRICS_TOKEN });
  return Number(/^parley_live_subscriptions (\d+)$/m.exec(String(metrics.body))![1]);
}

/** Polls the live subscriptions gauge until `settled` holds (10 s at most). */
async function gaugeSettles(settled: (count: number) => boolean, failure: string): Promise<void> {
  for (let tries = 0; !settled(await liveSubscriptions()); tries += 1) {
    if (tries > 200) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the server has let go of every stream a test opened (their slots are free by then). */
async function allClosed(base = server.url): Promise<void> {
  for (const stream of streams.splice(0)) stream.close();
  for (let tries = 0; (await liveSubscriptions(base)) > 0; tries += 1) {
    if (tries > 200) throw new Error(`streams still open: ${await liveSubscriptions(base)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function newBot(base: string, token: string, workspaceId: string): Promise<string> {
  const created = await request(base, 'POST', '/v1/bots', { token, json: { workspaceId, bot: MINIMAL_BOT } });
  expect(created.status).toBe(200);
  return created.body.bot.id;
}

const member = (email: string) =>
  createUserWithToken(server.db, `${email}-${Date.now()}@parley.test`, {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });

beforeAll(async () => {
  server = await startTestServer({
    metricsToken: METRICS_TOKEN,
    liveStreams: { streamsPerUser: PER_USER, streamsPerAddress: PER_ADDRESS },
    // The test's requests come from loopback and say which client they stand for, as a proxy's do.
    trustedProxies: '127.0.0.1,::1',
  });
  botId = await newBot(server.url, server.adminToken, server.adminWorkspaceId);
});
afterEach(() => allClosed());
afterAll(() => server.close());

describe('open streams per user', () => {
  test("a user's tokens and console sessions share the cap, on REST and /graphql; one more is 429 naming it", async () => {
    const admin = await server.db.apiToken.findFirstOrThrow({
      where: { name: { not: '' } },
      orderBy: { createdAt: 'asc' },
    });
    const { token: secondToken } = await createToken(server.db, admin.userId, 'second');
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    // Each from its own address: only the user's cap is in play.
    expect((await restStream(server.url, botId, 'results', bearer(server.adminToken, '203.0.113.1'))).status).toBe(200);
    const console = { cookie: session.cookie, 'x-parley-csrf': session.csrfToken, 'x-forwarded-for': '203.0.113.2' };
    expect((await graphqlStream(server.url, botId, console)).status).toBe(200);

    const overRest = await restStream(server.url, botId, 'draft', bearer(secondToken, '203.0.113.3'));
    expect(await refusal(overRest)).toEqual(refusedFor('user'));
    const overGraphql = await graphqlStream(server.url, botId, bearer(secondToken, '203.0.113.4'));
    expect(await refusal(overGraphql)).toEqual(refusedFor('user'));
    expect(await liveSubscriptions()).toBe(PER_USER);

    // Another user is not held back by this one's streams.
    const other = await member('stream-other');
    expect((await restStream(server.url, botId, 'draft', bearer(other.token, '203.0.113.5'))).status).toBe(200);
  });

  test('a closed stream frees its slot (REST and /graphql)', async () => {
    const user = await member('stream-closer');
    const rest = await restStream(server.url, botId, 'results', bearer(user.token, '203.0.113.10'));
    const viaGraphql = await graphqlStream(server.url, botId, bearer(user.token, '203.0.113.11'));
    expect([rest.status, viaGraphql.status]).toEqual([200, 200]);
    expect((await refusal(await restStream(server.url, botId, 'draft', bearer(user.token)))).status).toBe(429);

    // Round one closes the REST stream (the /graphql one stays open), round two the /graphql one.
    for (const [closing, othersOpen] of [
      [rest, 1],
      [viaGraphql, 0],
    ] as const) {
      closing.close();
      await closing.ended;
      // The server let go of it (the gauge counts subscriptions, freed with their slot).
      await gaugeSettles((count) => count <= othersOpen, 'the closed stream is still open on the server');
      const again =
        closing === rest
          ? await restStream(server.url, botId, 'draft', bearer(user.token, '203.0.113.12'))
          : await graphqlStream(server.url, botId, bearer(user.token, '203.0.113.13'));
      expect(again.status).toBe(200);
      // Its subscription starts listening once the answer's head is out.
      await gaugeSettles((count) => count === othersOpen + 1, 'the reopened stream is not listening');
      again.close();
      await again.ended;
      await gaugeSettles((count) => count <= othersOpen, 'the reopened stream is still open on the server');
    }
  });
});

describe('open streams per client address', () => {
  test('an address is capped whoever signs in; another address is not held back', async () => {
    const [first, second, third] = [await member('addr-a'), await member('addr-b'), await member('addr-c')];
    const shared = '198.51.100.7';
    expect((await restStream(server.url, botId, 'results', bearer(first.token, shared))).status).toBe(200);
    expect((await graphqlStream(server.url, botId, bearer(first.token, shared))).status).toBe(200);
    expect((await restStream(server.url, botId, 'draft', bearer(second.token, shared))).status).toBe(200);

    expect(await refusal(await restStream(server.url, botId, 'draft', bearer(third.token, shared)))).toEqual(
      refusedFor('address'),
    );
    expect(await refusal(await graphqlStream(server.url, botId, bearer(third.token, shared)))).toEqual(
      refusedFor('address'),
    );
    expect((await restStream(server.url, botId, 'draft', bearer(third.token, '198.51.100.8'))).status).toBe(200);
  });
});

describe('lifetime', () => {
  let brief: TestServer;
  let briefBot: string;
  beforeAll(async () => {
    // One stream per user: the next opens only once the last one ended and let go of its slot.
    brief = await startTestServer({
      metricsToken: METRICS_TOKEN,
      liveStreams: { streamsPerUser: 1, streamMaxMs: 400 },
    });
    briefBot = await newBot(brief.url, brief.adminToken, brief.adminWorkspaceId);
  });
  afterAll(async () => {
    await allClosed(brief.url);
    await brief.close();
  });

  /** Resolves when the stream ended; fails the test if it is still open after 10 s. */
  const endOf = (stream: SseStream) =>
    Promise.race([
      stream.ended,
      new Promise((_resolve, reject) => setTimeout(() => reject(new Error('the stream never ended')), 10_000).unref()),
    ]);

  test('a REST stream ends cleanly after its lifetime, frees its slot, and a reconnecting client catches up', async () => {
    const stream = await restStream(brief.url, briefBot, 'draft', bearer(brief.adminToken));
    const version = (
      await graphql(
        brief.url,
        'query($id: ID!) { bot(botId: $id) { draftVersion } }',
        { id: briefBot },
        brief.adminToken,
      )
    ).body.data.bot.draftVersion as number;
    await endOf(stream);
    expect(stream.failure).toBeUndefined();
    expect(stream.text).toBe(': stream open\n\n');

    // A save while no stream was open, read by the client that reconnects.
    const saved = await request(brief.url, 'PATCH', `/v1/bots/${briefBot}`, {
      token: brief.adminToken,
      json: { bot: { name: 'While away' } },
    });
    expect(saved.status).toBe(200);
    const again = await restStream(brief.url, briefBot, 'draft', bearer(brief.adminToken));
    expect(again.status).toBe(200);
    const missed = await request(brief.url, 'GET', `/v1/bots/${briefBot}/draft/changes?since=${version}`, {
      token: brief.adminToken,
    });
    expect(missed.body.changes.map((change: { version: number }) => change.version)).toEqual([version + 1]);
    await endOf(again);
  });

  test('a /graphql stream ends with `complete` after its lifetime and frees its slot', async () => {
    const stream = await graphqlStream(brief.url, briefBot, bearer(brief.adminToken));
    await endOf(stream);
    expect(stream.failure).toBeUndefined();
    expect(stream.messages).toEqual([{ event: 'complete', data: '' }]);
    const again = await graphqlStream(brief.url, briefBot, bearer(brief.adminToken));
    expect(again.status).toBe(200);
    await endOf(again);
  });
});

describe('a client going away', () => {
  /** A live results stream over a raw connection, once its first bytes came (the server has subscribed). */
  const rawStream = (address: string) =>
    new Promise<http.ClientRequest>((resolve, reject) => {
      const request = http.get(`${server.url}/v1/bots/${botId}/results/live`, {
        headers: bearer(server.adminToken, address),
      });
      request.on('response', (response) => response.once('data', () => resolve(request)));
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });

  test('is not a fault the server prints, whether the client closes its connection or resets it', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // Closed: the answer ends early (ERR_STREAM_PREMATURE_CLOSE). Reset, as a client that closes with data
      // unread does: the server's next read fails (ECONNRESET).
      for (const leave of ['destroy', 'resetAndDestroy'] as const) {
        const request = await rawStream(`203.0.113.40`);
        expect(await liveSubscriptions()).toBe(1);
        if (leave === 'destroy') request.destroy();
        else request.socket!.resetAndDestroy();
        for (let tries = 0; (await liveSubscriptions()) > 0; tries += 1) {
          if (tries > 200) throw new Error(`the stream left by ${leave} is still open on the server`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      expect(logged.mock.calls).toEqual([]);
    } finally {
      logged.mockRestore();
    }
  });
});
