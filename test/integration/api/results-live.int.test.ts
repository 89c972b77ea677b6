import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { group, publishDefinition, say, startChat, textInput, v6Bot, type CreatedBot } from '../../helpers/chat';
import { errorBody, ISO_MS, request } from '../../helpers/http';
import { openSse, type SseStream } from '../../helpers/sse';
import { createUserWithToken, startTestServer, TEST_ENCRYPTION_KEY, type TestServer } from '../../helpers/test-server';
import { onPostgres } from '../../helpers/test-database';

// Live results (resultUpdated) over real HTTP: GraphQL over SSE at /graphql
// and the REST SSE route, fed by real chats; members only; a client going
// away releases its subscription; on PostgreSQL, a chat served by another
// server process (a real `parley serve` subprocess) reaches a subscriber here.

jest.setTimeout(60_000);

const METRICS_TOKEN = 'live-metrics-token';
const root = path.resolve(__dirname, '../../..');

let server: TestServer;
let member: { token: string };
let echo: { base: string; onRequest: (() => Promise<void>) | undefined; close(): Promise<void> };

/** A local stand-in of a third party the HTTP request block calls; a test decides what a call does meanwhile. */
async function startEcho(): Promise<typeof echo> {
  const state: typeof echo = { base: '', onRequest: undefined, close: async () => undefined };
  const listening = http.createServer((req, res) => {
    void (state.onRequest?.() ?? Promise.resolve()).then(() => {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      listening.closeAllConnections();
      listening.close(() => resolve());
    });
  return state;
}

beforeAll(async () => {
  // Access re-checked at every event, so a member removed mid-stream is cut off at the next one.
  server = await startTestServer({ metricsToken: METRICS_TOKEN, outboundAllow: '127.0.0.1', liveRecheckMs: 0 });
  member = await createUserWithToken(server.db, `live-member-${Date.now()}@parley.test`, {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });
  echo = await startEcho();
});
afterAll(async () => {
  await server.close();
  await echo.close();
});

/** Two questions, then the end: start (created), first answer (answered), second answer (completed). */
const twoQuestions = v6Bot({
  groups: [
    group('g1', [textInput('ask-name', 'v-name', 'to-g2')], 'Name'),
    group('g2', [textInput('ask-note')], 'Note'),
  ],
  edges: [{ id: 'to-g2', from: { blockId: 'ask-name' }, to: { groupId: 'g2' } }],
  variables: [{ id: 'v-name', name: 'Name' }],
});

const SUBSCRIPTION =
  'subscription Live($botId: ID!) { resultUpdated(botId: $botId) { botId resultId event answersCount isCompleted updatedAt } }';

function subscribeGraphql(baseUrl: string, botId: string, token?: string): Promise<SseStream> {
  return openSse(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: SUBSCRIPTION, variables: { botId } }),
  });
}

function subscribeRest(baseUrl: string, botId: string, token: string): Promise<SseStream> {
  return openSse(`${baseUrl}/v1/bots/${botId}/results/live`, { headers: { authorization: `Bearer ${token}` } });
}

/** The `parley_live_subscriptions` gauge of the server at `baseUrl`. */
async function liveSubscriptions(baseUrl = server.url): Promise<number> {
  const metrics = await request(baseUrl, 'GET', '/metrics', { token: METRICS_TOKEN });
  const value = /^parley_live_subscriptions (\d+)$/m.exec(String(metrics.body));
  if (!value) throw new Error(`no parley_live_subscriptions in /metrics: ${metrics.status}`);
  return Number(value[1]);
}

async function eventually<T>(read: () => Promise<T>, wanted: T, what: string): Promise<void> {
  let last: T | undefined;
  for (const started = Date.now(); Date.now() - started < 10_000;) {
    last = await read();
    if (last === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: still ${String(last)}, wanted ${String(wanted)}`);
}

/** A whole conversation with the two-question bot on the server at `baseUrl`. */
async function converse(baseUrl: string, bot: CreatedBot): Promise<string> {
  const target = { url: baseUrl } as TestServer;
  const started = await startChat(target, bot.publicId);
  expect(started.status).toBe(200);
  expect((await say(target, started.body.sessionId, 'Ada')).status).toBe(200);
  expect((await say(target, started.body.sessionId, 'a note')).status).toBe(200);
  return started.body.resultId;
}

/** The three events of one conversation, as the subscription field gives them. */
function conversationEvents(botId: string, resultId: string) {
  const updatedAt = expect.stringMatching(ISO_MS);
  return [
    { botId, resultId, event: 'created', answersCount: null, isCompleted: false, updatedAt },
    { botId, resultId, event: 'answered', answersCount: 1, isCompleted: false, updatedAt },
    { botId, resultId, event: 'completed', answersCount: 1, isCompleted: true, updatedAt },
  ];
}

/** GraphQL SSE messages: `event: next` with one execution result each. */
async function graphqlEvents(stream: SseStream, count: number): Promise<unknown[]> {
  await stream.message(count);
  return stream.messages.slice(0, count).map((message) => {
    expect(message.event).toBe('next');
    return (JSON.parse(message.data) as { data: { resultUpdated: unknown } }).data.resultUpdated;
  });
}

async function expectStoredUpdatedAt(resultId: string, last: unknown): Promise<void> {
  const row = await server.db.result.findUniqueOrThrow({ where: { id: resultId } });
  expect((last as { updatedAt: string }).updatedAt).toBe(row.updatedAt.toISOString());
}

describe('resultUpdated over GraphQL (SSE at /graphql)', () => {
  test("a member sees created, answered, completed in order; previews and another bot's chats give nothing", async () => {
    const bot = await publishDefinition(server, twoQuestions);
    const other = await publishDefinition(server, twoQuestions);
    const stream = await subscribeGraphql(server.url, bot.botId, member.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    await stream.opened;
    expect(await liveSubscriptions()).toBe(1);

    await converse(server.url, other);
    const preview = await request(server.url, 'POST', `/v1/bots/${bot.botId}/preview/startChat`, {
      token: server.adminToken,
      json: {},
    });
    expect((await say(server, preview.body.sessionId, 'previewing')).status).toBe(200);
    const resultId = await converse(server.url, bot);

    // Events are delivered in commit order: had the other bot's chat or the preview given any, they would come first.
    const events = await graphqlEvents(stream, 3);
    expect(events).toEqual(conversationEvents(bot.botId, resultId));
    await expectStoredUpdatedAt(resultId, events[2]);
    const times = events.map((event) => (event as { updatedAt: string }).updatedAt);
    expect([...times].sort()).toEqual(times);
    expect(stream.messages).toHaveLength(3);

    stream.close();
    await eventually(liveSubscriptions, 0, 'open subscriptions after the client went away');
  });

  test("a linked bot's own result: its events go to the linked bot's subscribers, the parent's to the parent's", async () => {
    const child = await publishDefinition(
      server,
      v6Bot({ name: 'Child', groups: [group('c1', [textInput('child-q')])] }),
    );
    const parent = await publishDefinition(
      server,
      v6Bot({
        name: 'Parent',
        groups: [
          group('p1', [textInput('q1'), { id: 'link', type: 'Typebot link', options: { typebotId: child.botId } }]),
        ],
      }),
    );
    const parentStream = await subscribeGraphql(server.url, parent.botId, member.token);
    const childStream = await subscribeGraphql(server.url, child.botId, member.token);
    await Promise.all([parentStream.opened, childStream.opened]);
    const started = await startChat(server, parent.publicId);
    expect((await say(server, started.body.sessionId, 'to the child')).status).toBe(200);
    expect((await say(server, started.body.sessionId, 'in the child')).status).toBe(200);
    const updatedAt = expect.stringMatching(ISO_MS);
    const parentId = started.body.resultId as string;
    expect(await graphqlEvents(parentStream, 3)).toEqual([
      { botId: parent.botId, resultId: parentId, event: 'created', answersCount: null, isCompleted: false, updatedAt },
      { botId: parent.botId, resultId: parentId, event: 'answered', answersCount: 1, isCompleted: false, updatedAt },
      { botId: parent.botId, resultId: parentId, event: 'completed', answersCount: null, isCompleted: true, updatedAt },
    ]);
    const childResult = await server.db.result.findFirstOrThrow({ where: { botId: child.botId } });
    expect(await graphqlEvents(childStream, 2)).toEqual([
      {
        botId: child.botId,
        resultId: childResult.id,
        event: 'created',
        answersCount: null,
        isCompleted: false,
        updatedAt,
      },
      {
        botId: child.botId,
        resultId: childResult.id,
        event: 'completed',
        answersCount: 1,
        isCompleted: true,
        updatedAt,
      },
    ]);
    parentStream.close();
    childStream.close();
    await eventually(liveSubscriptions, 0, 'open subscriptions');
  });

  test('another workspace gets NOT_FOUND and no events; no token gets UNAUTHORIZED', async () => {
    const bot = await publishDefinition(server, twoQuestions);
    const outsider = await createUserWithToken(server.db, `live-outsider-${Date.now()}@parley.test`);
    const foreign = await subscribeGraphql(server.url, bot.botId, outsider.token);
    await foreign.ended;
    expect(
      foreign.messages.map((message) => ({
        event: message.event,
        data: message.data ? JSON.parse(message.data) : message.data,
      })),
    ).toEqual([
      {
        event: 'next',
        data: {
          errors: [
            {
              message: 'Not found',
              locations: [{ line: 1, column: 34 }],
              path: ['resultUpdated'],
              extensions: { code: 'NOT_FOUND', issues: [] },
            },
          ],
        },
      },
      { event: 'complete', data: '' },
    ]);
    const anonymous = await subscribeGraphql(server.url, bot.botId);
    await anonymous.ended;
    expect(JSON.parse(anonymous.messages[0]!.data).errors[0].extensions).toEqual({ code: 'UNAUTHORIZED', issues: [] });
    await converse(server.url, bot);
    expect(await liveSubscriptions()).toBe(0);
  });

  test('a member removed from the workspace while subscribed gets NOT_FOUND at the next event, then the end (GraphQL and REST)', async () => {
    const bot = await publishDefinition(server, twoQuestions);
    const leaving = await createUserWithToken(server.db, `live-leaving-${Date.now()}@parley.test`, {
      workspaceId: server.adminWorkspaceId,
      role: 'GUEST',
    });
    const graphqlStream = await subscribeGraphql(server.url, bot.botId, leaving.token);
    const restStream = await subscribeRest(server.url, bot.botId, leaving.token);
    await Promise.all([graphqlStream.opened, restStream.opened]);
    const first = await startChat(server, bot.publicId);
    expect((await graphqlEvents(graphqlStream, 1))[0]).toMatchObject({
      resultId: first.body.resultId,
      event: 'created',
    });
    await restStream.message(1);

    const removed = await request(
      server.url,
      'DELETE',
      `/v1/workspaces/${server.adminWorkspaceId}/members/${leaving.userId}`,
      { token: server.adminToken },
    );
    expect(removed.status).toBe(200);
    await say(server, first.body.sessionId, 'Ada');
    await Promise.all([graphqlStream.ended, restStream.ended]);
    expect(
      graphqlStream.messages
        .slice(1)
        .map((message) => ({ event: message.event, data: message.data && JSON.parse(message.data) })),
    ).toEqual([
      {
        event: 'next',
        data: {
          data: null,
          errors: [
            {
              message: 'Not found',
              locations: [{ line: 1, column: 34 }],
              path: ['resultUpdated'],
              extensions: { code: 'NOT_FOUND', issues: [] },
            },
          ],
        },
      },
      { event: 'complete', data: '' },
    ]);
    expect(restStream.messages.slice(1).map((message) => JSON.parse(message.data))).toEqual([
      { error: { code: 'NOT_FOUND', message: 'Not found', issues: [] } },
    ]);
    await eventually(liveSubscriptions, 0, 'open subscriptions');
  });

  test('a rolled-back turn publishes nothing', async () => {
    const bot = await publishDefinition(
      server,
      v6Bot({
        groups: [
          group('g1', [
            textInput('ask', 'v-name'),
            { id: 'call', type: 'Webhook', options: { webhook: { method: 'GET', url: '{{Base}}/steal' } } },
            textInput('end'),
          ]),
        ],
        variables: [
          { id: 'v-name', name: 'Name' },
          { id: 'v-base', name: 'Base' },
        ],
      }),
    );
    const sentinel = await publishDefinition(server, twoQuestions);
    const stream = await subscribeGraphql(server.url, bot.botId, member.token);
    await stream.opened;
    const started = await startChat(server, bot.publicId, { prefilledVariables: { Base: echo.base } });
    // While the turn waits on the HTTP request, its session disappears (as if swept): the commit fails whole.
    echo.onRequest = async () => {
      await server.db.chatSession.deleteMany({ where: { botId: bot.botId } });
    };
    try {
      const answered = await say(server, started.body.sessionId, 'Ada');
      expect(answered.status).toBe(500);
      expect(answered.body).toEqual(errorBody('INTERNAL_SERVER_ERROR', 'Session claim lost'));
    } finally {
      echo.onRequest = undefined;
    }
    const sentinelStream = await subscribeGraphql(server.url, sentinel.botId, member.token);
    await sentinelStream.opened;
    await converse(server.url, sentinel);
    await graphqlEvents(sentinelStream, 3);
    // The sentinel's events came after the failed turn's would have: only the start's event is there.
    expect(await graphqlEvents(stream, 1)).toEqual([
      {
        botId: bot.botId,
        resultId: started.body.resultId,
        event: 'created',
        answersCount: null,
        isCompleted: false,
        updatedAt: expect.stringMatching(ISO_MS),
      },
    ]);
    expect(stream.messages).toHaveLength(1);
    stream.close();
    sentinelStream.close();
    await eventually(liveSubscriptions, 0, 'open subscriptions');
  });
});

describe('GET /v1/bots/{botId}/results/live (REST SSE)', () => {
  test('the same events as `data:` lines; the client leaving ends the subscription', async () => {
    const bot = await publishDefinition(server, twoQuestions);
    const stream = await subscribeRest(server.url, bot.botId, member.token);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    await stream.opened;
    expect(stream.text).toBe(': stream open\n\n');
    expect(await liveSubscriptions()).toBe(1);

    const resultId = await converse(server.url, bot);
    await stream.message(3);
    const events = stream.messages.map((message) => {
      expect(message.event).toBeUndefined();
      return JSON.parse(message.data);
    });
    expect(events).toEqual(conversationEvents(bot.botId, resultId));
    await expectStoredUpdatedAt(resultId, events[2]);

    stream.close();
    await eventually(liveSubscriptions, 0, 'open subscriptions after the client went away');
  });

  test('another workspace 404, no token 401, both with the error object', async () => {
    const bot = await publishDefinition(server, twoQuestions);
    const outsider = await createUserWithToken(server.db, `live-rest-outsider-${Date.now()}@parley.test`);
    const foreign = await request(server.url, 'GET', `/v1/bots/${bot.botId}/results/live`, { token: outsider.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: 'NOT_FOUND', message: 'Not found', issues: [] });
    const anonymous = await request(server.url, 'GET', `/v1/bots/${bot.botId}/results/live`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(errorBody('UNAUTHORIZED', expect.any(String)));
    expect(await liveSubscriptions()).toBe(0);
  });

  test('documented in OpenAPI as an event stream of ResultUpdate', async () => {
    const openapi = await request(server.url, 'GET', '/v1/openapi.json');
    const operation = openapi.body.paths['/v1/bots/{botId}/results/live'].get;
    expect(operation.operationId).toBe('WatchResults');
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/event-stream']);
    expect(Object.keys(operation.responses['200'].content['text/event-stream'].schema.properties).sort()).toEqual([
      'answersCount',
      'botId',
      'event',
      'isCompleted',
      'resultId',
      'updatedAt',
    ]);
  });
});

/** A JSON POST on a connection of its own (no keep-alive pool), so a cluster's primary picks a worker for it. */
function postOnNewConnection(
  baseUrl: string,
  pathname: string,
  json: unknown,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(json);
    const outgoing = http.request(
      new URL(pathname, baseUrl),
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** `parley serve` from dist as its own process over the test server's database. */
async function startProcess(
  databaseUrl: string,
  adminToken: string,
  args: string[] = [],
): Promise<{ url: string; child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const { PARLEY_ADMIN_TOKEN: _t, PORT: _p, PARLEY_LOG_LEVEL: _l, PARLEY_WORKERS: _w, ...rest } = process.env;
  const child = spawn(process.execPath, [path.join(root, 'dist/src/main.js'), 'serve', ...args], {
    cwd: root,
    env: {
      ...rest,
      PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PARLEY_ADMIN_TOKEN: adminToken,
      PARLEY_LOG_LEVEL: 'silent',
      PARLEY_METRICS_TOKEN: METRICS_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (const started = Date.now(); !/listening on (http:\/\/\S+)/.test(output);) {
    if (child.exitCode !== null || Date.now() - started > 20_000)
      throw new Error(`the second process did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: /listening on (http:\/\/\S+)/.exec(output)![1]!, child, output: () => output, exited };
}

describe('a second server process on the same database', () => {
  test('SIGTERM ends its live subscriptions, so it stops at once with exit 0', async () => {
    const other = await startProcess(server.databaseUrl, server.adminToken);
    try {
      const bot = await publishDefinition(server, twoQuestions);
      const stream = await subscribeGraphql(other.url, bot.botId, member.token);
      await stream.opened;
      expect(await liveSubscriptions(other.url)).toBe(1);
      const began = Date.now();
      other.child.kill('SIGTERM');
      await stream.ended;
      expect(stream.messages).toEqual([{ event: 'complete', data: '' }]);
      expect(await other.exited).toBe(0);
      // Well within the 10 s grace period a held-open stream would otherwise use up.
      expect(Date.now() - began).toBeLessThan(5000);
    } finally {
      if (other.child.exitCode === null) other.child.kill('SIGKILL');
    }
  });

  test("serve --workers 2: every worker hears every worker's turns (through the primary on SQLite, the database on PostgreSQL)", async () => {
    const other = await startProcess(server.databaseUrl, server.adminToken, ['--workers', '2']);
    try {
      const bot = await publishDefinition(server, twoQuestions);
      // Two held connections in a row: the primary hands them to the two workers in turn.
      const streams = [
        await subscribeRest(other.url, bot.botId, member.token),
        await subscribeRest(other.url, bot.botId, member.token),
      ];
      await Promise.all(streams.map((stream) => stream.opened));
      // Each chat request on a connection of its own, so the turns are spread over both workers too.
      const started = await postOnNewConnection(other.url, `/v1/bots/${bot.publicId}/startChat`, {});
      expect(started.status).toBe(200);
      const sessionId = (started.body as { sessionId: string }).sessionId;
      for (const message of ['Ada', 'a note'])
        expect(
          (await postOnNewConnection(other.url, `/v1/sessions/${sessionId}/continueChat`, { message })).status,
        ).toBe(200);
      for (const stream of streams) {
        await stream.message(3);
        expect(stream.messages.map((message) => JSON.parse(message.data))).toEqual(
          conversationEvents(bot.botId, (started.body as { resultId: string }).resultId),
        );
        stream.close();
      }
      other.child.kill('SIGTERM');
      // With the processes' output: a failed drain says why there.
      const code = await other.exited;
      expect({ code, output: code === 0 ? '' : other.output() }).toEqual({ code: 0, output: '' });
    } finally {
      if (other.child.exitCode === null) other.child.kill('SIGKILL');
    }
  });

  const postgresOnly = onPostgres ? test : test.skip;

  /** Pids of the Parley connections listening on the test database (one per process), once their LISTEN ran. */
  async function listenerPids(): Promise<number[]> {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'parley-live' AND state = 'idle' AND query = 'LISTEN parley_results' ORDER BY pid",
      );
      return rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  }
  const listeners = async () => (await listenerPids()).length;

  postgresOnly(
    'a chat served by the other process reaches subscribers of both (LISTEN/NOTIFY); a dropped LISTEN connection comes back',
    async () => {
      const other = await startProcess(server.databaseUrl, server.adminToken);
      try {
        expect(await listeners()).toBe(2);
        const bot = await publishDefinition(server, twoQuestions);
        const here = await subscribeGraphql(server.url, bot.botId, member.token);
        const there = await subscribeRest(other.url, bot.botId, member.token);
        await Promise.all([here.opened, there.opened]);

        const resultId = await converse(other.url, bot);
        expect(await graphqlEvents(here, 3)).toEqual(conversationEvents(bot.botId, resultId));
        await there.message(3);
        expect(there.messages.map((message) => JSON.parse(message.data))).toEqual(
          conversationEvents(bot.botId, resultId),
        );

        // Both processes' listening connections are cut; each reconnects on its own, the subscriptions stay open.
        const cut = await listenerPids();
        const admin = new pg.Client({ connectionString: server.databaseUrl });
        await admin.connect();
        await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [cut]);
        await admin.end();
        await eventually(
          async () => (await listenerPids()).filter((pid) => !cut.includes(pid)).length,
          2,
          'new LISTEN connections after they were cut',
        );
        const again = await converse(other.url, bot);
        expect((await graphqlEvents(here, 6)).slice(3)).toEqual(conversationEvents(bot.botId, again));

        here.close();
        there.close();
        await eventually(liveSubscriptions, 0, 'open subscriptions here');
        await eventually(() => liveSubscriptions(other.url), 0, 'open subscriptions in the other process');
        other.child.kill('SIGTERM');
        expect(await other.exited).toBe(0);
        expect(await listeners()).toBe(1);
      } finally {
        if (other.child.exitCode === null) other.child.kill('SIGKILL');
      }
    },
  );
});
