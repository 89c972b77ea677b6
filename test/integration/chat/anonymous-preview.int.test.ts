import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBot, group, setVariable, textBubble, texts, v6Bot } from '../../helpers/chat';
import { graphql, request } from '../../helpers/http';
import { countingHost, type CountingHost } from '../../helpers/counting-host';
import { startTestServer, type TestServer } from '../../helpers/test-server';
import { localDiskStore } from '../../../src/integrations/storage/local-disk';
import { sweepExpiredSessions } from '../../../src/services/chat/sessions';

// Anonymous previews (POST /v1/bots/{any}/preview/startChat with a `bot`
// body, no token) run a definition nobody vouches for: they reach no network
// (code's fetch included), take no uploads, have a small size bound and a
// budget of their own, and their code runs in a sandbox lane apart. Previews
// by members keep today's behaviour (their code in a lane of their own too); their files go with their session when it expires.

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function fetchingBot(url: string) {
  return v6Bot({
    groups: [
      group('g1', [
        {
          id: 'c1',
          type: 'Code',
          options: { content: `setVariable('Got', await fetch(${JSON.stringify(url)}));`, isExecutedOnClient: false },
        },
        setVariable('s1', 'vset', `return await fetch(${JSON.stringify(url)})`, { type: 'Custom', isCode: true }),
        textBubble('b1', 'Code got {{Got}}; set variable got {{Set}}'),
      ]),
    ],
    variables: [
      { id: 'vgot', name: 'Got' },
      { id: 'vset', name: 'Set' },
    ],
  });
}

function fileBot() {
  return v6Bot({
    groups: [
      group('g1', [
        { id: 'f1', type: 'file input', options: { variableId: 'vfile' } },
        textBubble('got', 'Got {{File}}'),
      ]),
    ],
    variables: [{ id: 'vfile', name: 'File' }],
  });
}

const preview = (server: TestServer, body: Record<string, unknown>, token?: string, botId = 'any-bot') =>
  request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, { json: body, token });

describe('anonymous previews', () => {
  let server: TestServer;
  let internal: CountingHost;
  let uploadsDir: string;
  beforeAll(async () => {
    internal = await countingHost('internal secret', 'text/plain');
    uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-preview-uploads-'));
    server = await startTestServer({
      outboundAllow: '127.0.0.1',
      uploadsDir,
      bounds: { maxAnonymousPreviewBytes: 4096 },
    });
  });
  afterAll(async () => {
    await server.close();
    await internal.close();
  });

  test("make no outbound request, code's fetch included, even to an allow-listed host; a member's preview does", async () => {
    const anonymous = await preview(server, { bot: fetchingBot(internal.url) });
    expect(anonymous.status).toBe(200);
    expect(internal.hits()).toBe(0);
    expect(JSON.stringify(anonymous.body)).not.toContain('internal secret');

    const { botId } = await createBot(server, fetchingBot(internal.url));
    const member = await preview(server, {}, server.adminToken, botId);
    expect(member.status).toBe(200);
    expect(texts(member.body)).toEqual(['Code got internal secret; set variable got internal secret']);
    expect(internal.hits()).toBe(2);
  });

  test('take no file uploads; a member preview does', async () => {
    const anonymous = await preview(server, { bot: fileBot() });
    const refused = await request(server.url, 'POST', `/v1/sessions/${anonymous.body.sessionId}/uploads`, {
      json: { blockId: 'f1', fileName: 'a.png' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'An anonymous preview takes no file uploads: preview the stored bot with a token to try its file inputs',
      issues: [],
    });

    const { botId } = await createBot(server, fileBot());
    const member = await preview(server, {}, server.adminToken, botId);
    const granted = await request(server.url, 'POST', `/v1/sessions/${member.body.sessionId}/uploads`, {
      json: { blockId: 'f1', fileName: 'a.png' },
    });
    expect(granted.status).toBe(200);
    expect((await fetch(granted.body.presignedUrl, { method: 'PUT', body: new Uint8Array(PNG) })).status).toBe(200);
    expect((await fetch(granted.body.fileUrl)).status).toBe(200);
    const ended = await request(server.url, 'POST', `/v1/sessions/${member.body.sessionId}/continueChat`, {
      json: { message: granted.body.fileUrl },
    });
    expect(texts(ended.body)).toEqual([`Got ${granted.body.fileUrl}`]);
  });

  test('the files of a session that expires go with it', async () => {
    const { botId } = await createBot(server, fileBot());
    const member = await preview(server, {}, server.adminToken, botId);
    const granted = await request(server.url, 'POST', `/v1/sessions/${member.body.sessionId}/uploads`, {
      json: { blockId: 'f1', fileName: 'b.png' },
    });
    await fetch(granted.body.presignedUrl, { method: 'PUT', body: new Uint8Array(PNG) });
    expect((await fetch(granted.body.fileUrl)).status).toBe(200);
    await server.db.chatSession.update({
      where: { id: member.body.sessionId },
      data: { expiresAt: new Date(Date.now() - 2 * 24 * 3600_000) },
    });
    expect(await sweepExpiredSessions(server.db, { files: localDiskStore(uploadsDir) })).toBe(1);
    expect((await fetch(granted.body.fileUrl)).status).toBe(404);
  });

  test('a definition over the anonymous bound is refused with a clear 400; a member may send it', async () => {
    const large = v6Bot({ groups: [group('g1', [textBubble('b1', 'x'.repeat(5000))])] });
    const anonymous = await preview(server, { bot: large });
    const why =
      "An anonymous preview's definition is at most 4096 bytes: preview the stored bot with a token for larger ones";
    expect(anonymous.status).toBe(400);
    expect(anonymous.body).toEqual({ code: 'BAD_REQUEST', message: why, issues: [{ path: ['bot'], message: why }] });
    const { botId } = await createBot(server, v6Bot({ groups: [group('g1', [textBubble('b1', 'stored')])] }));
    const member = await preview(server, { bot: large }, server.adminToken, botId);
    expect(member.status).toBe(200);
  });

  test('without a token, a body is read up to the general limit only (413 past it)', async () => {
    const huge = { bot: v6Bot({ groups: [group('g1', [textBubble('b1', 'y'.repeat(1_100_000))])] }) };
    const anonymous = await preview(server, huge);
    expect(anonymous.status).toBe(413);
    expect(anonymous.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Request body is larger than 1048576 bytes',
      issues: [],
    });
    const viaGraphql = await graphql(
      server.url,
      'mutation($bot: JSON) { startPreviewChat(botId: "x", bot: $bot) { sessionId } }',
      huge,
    );
    expect(viaGraphql.status).toBe(413);
  });
});

describe('the anonymous preview budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      rateLimit: { ipPoints: 1000, botPoints: 1000, builderPoints: 1000, anonymousPreviewPoints: 2, windowSeconds: 60 },
    });
  });
  afterAll(() => server.close());

  test('is spent by anonymous previews over REST and /graphql, not by members', async () => {
    const bot = v6Bot({ groups: [group('g1', [textBubble('b1', 'hi')])] });
    expect((await preview(server, { bot })).status).toBe(200);
    expect((await preview(server, { bot })).status).toBe(200);
    const refused = await preview(server, { bot });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'BAD_REQUEST', message: 'Too many requests, retry later', issues: [] });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const viaGraphql = await graphql(
      server.url,
      'mutation($bot: JSON) { startPreviewChat(botId: "x", bot: $bot) { sessionId } }',
      { bot },
    );
    expect(viaGraphql.status).toBe(429);
    expect(viaGraphql.body).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many requests, retry later',
      issues: [],
    });
    // A member's preview and the public chat are not held by it.
    expect((await preview(server, { bot }, server.adminToken)).status).toBe(200);
  });
});

// Anonymous is what valid credentials did not authenticate, not the absence of a header (issue 33, finding 4).
describe('a request is anonymous unless valid credentials authenticated it', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      rateLimit: { ipPoints: 1000, botPoints: 1000, builderPoints: 1000, anonymousPreviewPoints: 3, windowSeconds: 60 },
    });
  });
  afterAll(() => server.close());

  const huge = { bot: v6Bot({ groups: [group('g1', [textBubble('b1', 'y'.repeat(1_100_000))])] }) };
  const START = 'mutation($bot: JSON) { startPreviewChat(botId: "x", bot: $bot) { sessionId } }';

  test('any other Authorization header, or an unknown token, is read up to the anonymous limit (413)', async () => {
    for (const authorization of ['Basic YWRtaW46YWRtaW4=', 'Token abc', 'Bearer not-a-token-of-anyone-here']) {
      const rest = await request(server.url, 'POST', '/v1/bots/any/preview/startChat', {
        json: huge,
        headers: { authorization },
      });
      expect({ authorization, status: rest.status, code: rest.body?.code }).toEqual({
        authorization,
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      });
      const viaGraphql = await request(server.url, 'POST', '/graphql', {
        json: { query: START, variables: huge },
        headers: { authorization },
      });
      expect({ authorization, status: viaGraphql.status }).toEqual({ authorization, status: 413 });
    }
    // A member's token still sends it.
    const member = await request(server.url, 'POST', '/graphql', {
      json: { query: START, variables: huge },
      token: server.adminToken,
    });
    expect(member.status).toBe(200);
  });

  test('the budget is spent whatever the header or the body type: Basic, application/graphql, then refused', async () => {
    const bot = v6Bot({ groups: [group('g1', [textBubble('b1', 'hi')])] });
    const basic = await request(server.url, 'POST', '/v1/bots/any/preview/startChat', {
      json: { bot },
      headers: { authorization: 'Basic YWRtaW46YWRtaW4=' },
    });
    expect(basic.status).toBe(200);
    const inline = `mutation { startPreviewChat(botId: "x", bot: ${JSON.stringify(JSON.stringify(bot))}) { sessionId } }`;
    // A GraphQL document sent as application/graphql (its JSON argument parsed by the JSON scalar from a string).
    const asGraphql = await request(server.url, 'POST', '/graphql', {
      raw: inline,
      headers: { 'content-type': 'application/graphql', authorization: 'Token x' },
    });
    expect(asGraphql.status).toBe(200);
    const third = await graphql(server.url, START, { bot });
    expect(third.status).toBe(200);
    expect(third.body.data).toEqual({ startPreviewChat: { sessionId: expect.any(String) } });
    const refused = await request(server.url, 'POST', '/graphql', {
      raw: inline,
      headers: { 'content-type': 'application/graphql' },
    });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS', message: 'Too many requests, retry later', issues: [] },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const rest = await preview(server, { bot }, 'not-a-valid-token-at-all');
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ code: 'BAD_REQUEST', message: 'Too many requests, retry later', issues: [] });
    // Members are not held by it.
    expect((await preview(server, { bot }, server.adminToken)).status).toBe(200);
  });
});

describe('the sandbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ codeThreads: 1 });
  });
  afterAll(() => server.close());

  // Anonymous previews run their code in the untrusted lane, members' previews in a lane of their own.
  test.each([
    ['an anonymous preview', async (loop: Record<string, unknown>) => () => preview(server, { bot: loop })],
    [
      "an editor's preview of the stored draft",
      async (loop: Record<string, unknown>) => {
        const { botId } = await createBot(server, loop);
        return () => preview(server, {}, server.adminToken, botId);
      },
    ],
  ])("busy loops in %s do not hold up a published bot's code: it answers before them", async (_, previewOf) => {
    const loop = v6Bot({
      groups: [
        group('g1', [
          { id: 'c1', type: 'Code', options: { content: 'while (true) {}', isExecutedOnClient: false } },
          textBubble('b1', 'looped'),
        ]),
      ],
    });
    const published = v6Bot({
      groups: [
        group('g1', [
          setVariable('s1', 'v1', 'return 6 * 7', { type: 'Custom', isCode: true }),
          textBubble('b1', 'Answer {{A}}'),
        ]),
      ],
      variables: [{ id: 'v1', name: 'A' }],
    });
    const startLoop = await previewOf(loop);
    const { botId } = await createBot(server, published);
    const { body } = await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token: server.adminToken });
    const chatOnce = () => request(server.url, 'POST', `/v1/bots/${body.bot.publicId}/startChat`, { json: {} });
    // Warm: the published bot's worker is started and its first chat served.
    expect(texts((await chatOnce()).body)).toEqual(['Answer 42']);
    const order: string[] = [];
    const loops = [1, 2, 3, 4].map((index) =>
      startLoop().then((response) => {
        order.push(`loop ${index}: ${response.status}`);
      }),
    );
    // The loops are queued first; the published bot's chat starts after them.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const chat = chatOnce().then((response) => {
      order.push(`published: ${texts(response.body).join()}`);
    });
    await Promise.all([...loops, chat]);
    // Each loop holds its lane for the code time limit (1 s), one after another; the published
    // bot's code does not wait behind them (in one shared queue it would answer last).
    expect(order.slice(0, 2)).toContain('published: Answer 42');
    expect(order.filter((entry) => entry.startsWith('loop')).sort()).toEqual([
      'loop 1: 200',
      'loop 2: 200',
      'loop 3: 200',
      'loop 4: 200',
    ]);
  });
});
