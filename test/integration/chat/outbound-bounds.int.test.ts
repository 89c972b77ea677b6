import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createBot,
  group,
  publishBot,
  startChat,
  textBubble,
  textInput,
  texts,
  v6Bot,
  type Json,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Requests to the outside world per turn and per workspace
// (docs/security.md#outbound-requests-per-turn-and-workspace), and previews'
// code in a sandbox lane of their own: what one small request can make a
// server do for a bot, and what it can make published bots wait for.

/** A local stand-in of a third-party host (allow-listed) that counts the requests reaching it. */
async function thirdParty(): Promise<{ url: string; hits: () => number; close(): Promise<void> }> {
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits += 1;
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    hits: () => hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const calls = (url: string, count: number, prefix = 'h'): Json[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `${prefix}${index}`,
    type: 'Webhook',
    options: { webhook: { url } },
  }));

/** A bot that makes `count` HTTP requests in its first turn, says so and waits (its answer names its result). */
const callingBot = (url: string, count: number) =>
  v6Bot({ groups: [group('g1', [...calls(url, count), textBubble('done', 'Done'), textInput('wait')])] });

async function published(server: TestServer, definition: Json, workspaceId?: string, token?: string) {
  const { botId } = await createBot(server, definition, workspaceId, token);
  return (await publishBot(server, botId, token)).publicId;
}

/** The result's logs of the HTTP blocks: [status, HTTP status]. */
async function webhookLogs(server: TestServer, resultId: string): Promise<[string, number, unknown][]> {
  const logs = await server.db.log.findMany({ where: { resultId }, orderBy: { createdAt: 'asc' } });
  return logs.map((log) => {
    const details = JSON.parse(log.details ?? '{}') as { statusCode: number; response: { message?: string } };
    return [log.status, details.statusCode, details.response.message];
  });
}

describe('per turn: PARLEY_OUTBOUND_PER_TURN', () => {
  let server: TestServer;
  let host: Awaited<ReturnType<typeof thirdParty>>;
  beforeAll(async () => {
    host = await thirdParty();
    server = await startTestServer({ outboundAllow: '127.0.0.1', outbound: { perTurn: 3 } });
  });
  afterAll(async () => {
    await server.close();
    await host.close();
  });

  test('HTTP request blocks past the bound are not sent; their blocks log why and the flow goes on', async () => {
    const started = await startChat(server, await published(server, callingBot(host.url, 5)));
    expect(started.status).toBe(200);
    expect(texts(started.body)).toEqual(['Done']);
    expect(host.hits()).toBe(3);
    const reached =
      'Not sent: this turn already made 3 requests, the most one turn may make (PARLEY_OUTBOUND_PER_TURN)';
    expect(await webhookLogs(server, started.body.resultId)).toEqual([
      ['success', 200, undefined],
      ['success', 200, undefined],
      ['success', 200, undefined],
      ['error', 429, reached],
      ['error', 429, reached],
    ]);
    // The next turn has a share of its own.
    const again = await startChat(server, await published(server, callingBot(host.url, 1)));
    expect(texts(again.body)).toEqual(['Done']);
    expect(host.hits()).toBe(4);
  });

  test("server-side code's fetch counts in the same share", async () => {
    const code = `
      const got = [];
      for (let i = 0; i < 3; i++) {
        try { await fetch(${JSON.stringify(host.url)}); got.push('sent'); } catch (error) { got.push(error.message); }
      }
      setVariable('Got', got.join(' | '));`;
    const bot = v6Bot({
      groups: [
        group('g1', [
          ...calls(host.url, 1),
          { id: 'c1', type: 'Code', options: { content: code, isExecutedOnClient: false } },
          textBubble('b1', '{{Got}}'),
          ...calls(host.url, 1, 'after'),
          textInput('wait'),
        ]),
      ],
      variables: [{ id: 'vgot', name: 'Got' }],
    });
    const before = host.hits();
    const started = await startChat(server, await published(server, bot));
    expect(texts(started.body)).toEqual([
      'sent | sent | fetch: Not sent: this turn already made 3 requests, the most one turn may make (PARLEY_OUTBOUND_PER_TURN)',
    ]);
    expect(host.hits() - before).toBe(3);
    expect((await webhookLogs(server, started.body.resultId)).map(([, status]) => status)).toEqual([200, 429]);
  });
});

describe('per workspace: PARLEY_OUTBOUND_PER_WORKSPACE_MINUTE', () => {
  let server: TestServer;
  let host: Awaited<ReturnType<typeof thirdParty>>;
  const logLines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    host = await thirdParty();
    server = await startTestServer({
      outboundAllow: '127.0.0.1',
      outbound: { perWorkspaceMinute: 4 },
      logLines,
    });
  });
  afterAll(async () => {
    await server.close();
    await host.close();
  });

  test("a workspace's bots stop sending at the bound, the server says so once, another workspace is not held", async () => {
    const publicId = await published(server, callingBot(host.url, 3));
    await startChat(server, publicId);
    expect(host.hits()).toBe(3);
    const second = await startChat(server, publicId);
    expect(host.hits()).toBe(4);
    const reached =
      "Not sent: this workspace's bots already made 4 requests this minute (PARLEY_OUTBOUND_PER_WORKSPACE_MINUTE)";
    expect(await webhookLogs(server, second.body.resultId)).toEqual([
      ['success', 200, undefined],
      ['error', 429, reached],
      ['error', 429, reached],
    ]);
    await startChat(server, publicId);
    expect(host.hits()).toBe(4);
    const warnings = logLines.filter((line) => line.setting === 'PARLEY_OUTBOUND_PER_WORKSPACE_MINUTE');
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 'warn',
        workspaceId: server.adminWorkspaceId,
        limit: 4,
        msg: "a workspace's bots reached their outbound requests per minute: more are refused until the minute ends",
      }),
    ]);

    const other = await createUserWithToken(server.db, 'other@parley.test');
    const theirs = await published(server, callingBot(host.url, 2), other.personalWorkspaceId, other.token);
    await startChat(server, theirs);
    expect(host.hits()).toBe(6);
  });
});

describe("members' previews run their code in a lane of their own", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ codeThreads: 1 });
  });
  afterAll(() => server.close());

  test("an editor's preview busy loops do not hold up a published bot's code: it answers before them", async () => {
    const loop = v6Bot({
      groups: [
        group('g1', [
          { id: 'c1', type: 'Code', options: { content: 'while (true) {}', isExecutedOnClient: false } },
          textBubble('b1', 'looped'),
        ]),
      ],
    });
    const answering = v6Bot({
      groups: [
        group('g1', [
          { id: 'c1', type: 'Code', options: { content: "setVariable('A', 6 * 7)", isExecutedOnClient: false } },
          textBubble('b1', 'Answer {{A}}'),
        ]),
      ],
      variables: [{ id: 'v1', name: 'A' }],
    });
    const publicId = await published(server, answering);
    const { botId: loopId } = await createBot(server, loop);
    const chatOnce = () => startChat(server, publicId);
    // Warm: the published bot's worker is started and its first chat served.
    expect(texts((await chatOnce()).body)).toEqual(['Answer 42']);
    const order: string[] = [];
    const loops = [1, 2, 3, 4].map((index) =>
      request(server.url, 'POST', `/v1/bots/${loopId}/preview/startChat`, { token: server.adminToken, json: {} }).then(
        (response) => {
          order.push(`loop ${index}: ${response.status}`);
        },
      ),
    );
    // The loops are queued first; the published bot's chat starts after them.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const chat = chatOnce().then((response) => {
      order.push(`published: ${texts(response.body).join()}`);
    });
    await Promise.all([...loops, chat]);
    // Each loop holds the preview lane for the code time limit (1 s), one after another; in the
    // published bots' lane (as before) the published chat would have answered last.
    expect(order.slice(0, 2)).toContain('published: Answer 42');
    expect(order.filter((entry) => entry.startsWith('loop')).sort()).toEqual([
      'loop 1: 200',
      'loop 2: 200',
      'loop 3: 200',
      'loop 4: 200',
    ]);
  });
});
