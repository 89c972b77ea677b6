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
import { countingHost, type CountingHost } from '../../helpers/counting-host';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Requests to the outside world per turn and per workspace
// (docs/security.md#outbound-requests-per-turn-and-workspace): what one small
// request can make a server send for a bot. (Previews' sandbox lanes:
// anonymous-preview.int.test.ts.)

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
  let host: CountingHost;
  beforeAll(async () => {
    host = await countingHost();
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
  let host: CountingHost;
  const logLines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    host = await countingHost();
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
