import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { group, publishDefinition, say, startChat, textBubble, textInput, texts, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// The HTTP request block (`Webhook`) over real HTTP: a local echo server
// stands in for the third party. The test server allows 127.0.0.1 through
// PARLEY_OUTBOUND_ALLOW; a second server without it shows the guard.

interface Hit {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Echo {
  base: string;
  hits: Hit[];
  close(): Promise<void>;
}

async function echoServer(): Promise<Echo> {
  const hits: Hit[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const hit = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      hits.push(hit);
      if (hit.path.startsWith('/slow')) {
        setTimeout(() => response.end('late'), 3_000).unref();
        return;
      }
      if (hit.path.startsWith('/text')) {
        response.end('plain words');
        return;
      }
      response.statusCode = hit.path.startsWith('/missing') ? 404 : 200;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ user: { name: 'Ada', tags: ['x', 'y'] }, method: hit.method, path: hit.path }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Json = Record<string, any>;

function httpBlock(id: string, options: Json): Json {
  return { id, type: 'Webhook', options };
}

const variables = [
  { id: 'v-name', name: 'Name' },
  { id: 'v-user', name: 'User' },
  { id: 'v-status', name: 'Status' },
  { id: 'v-tags', name: 'Tags' },
  { id: 'v-base', name: 'Base' },
];

const mapping = [
  { id: 'm1', variableId: 'v-user', bodyPath: 'data.user.name' },
  { id: 'm2', variableId: 'v-status', bodyPath: 'statusCode' },
  { id: 'm3', variableId: 'v-tags', bodyPath: 'data.user.tags' },
  { id: 'm4', variableId: 'v-user', bodyPath: 'data.nothing.here' },
];

/** Asks a name, sends the request, then shows what the mapping stored. */
function botCalling(options: Json, extra: Json[] = []): Json {
  return v6Bot({
    groups: [
      group('g1', [
        textInput('ask', 'v-name'),
        httpBlock('call', { responseVariableMapping: mapping, ...options }),
        ...extra,
        textBubble('show', 'user={{User}} status={{Status}} tags={{Tags}}'),
        textInput('end'),
      ]),
    ],
    variables,
  });
}

let echo: Echo;
let server: TestServer;
beforeAll(async () => {
  echo = await echoServer();
  server = await startTestServer({ outboundAllow: '127.0.0.1' });
});
afterAll(async () => {
  await server.close();
  await echo.close();
});
beforeEach(() => {
  echo.hits.length = 0;
});

async function converse(definition: Json, answer = 'Ann'): Promise<{ body: Json; resultId: string }> {
  const { publicId } = await publishDefinition(server, definition);
  const started = await startChat(server, publicId, { prefilledVariables: { Base: echo.base } });
  const answered = await say(server, started.body.sessionId, answer);
  expect(answered.status).toBe(200);
  return { body: answered.body, resultId: started.body.resultId };
}

describe('HTTP request block', () => {
  test('GET: query params and headers substituted (empty rows dropped), the URL substituted, the answer mapped', async () => {
    const { body, resultId } = await converse(
      botCalling({
        webhook: {
          method: 'GET',
          url: '{{Base}}/users',
          queryParams: [
            { id: 'q1', key: 'name', value: '{{Name}}' },
            { id: 'q2', key: 'empty', value: '{{Unset}}' },
            { id: 'q3', key: 'name', value: 'again' },
          ],
          headers: [
            { id: 'h1', key: 'X-Name', value: '{{Name}}' },
            { id: 'h2', key: 'Authorization', value: 'Basic user:secret' },
            { id: 'h3', key: '', value: 'dropped' },
          ],
        },
      }),
    );
    expect(echo.hits).toHaveLength(1);
    expect(echo.hits[0]).toMatchObject({ method: 'GET', path: '/users?name=Ann&name=again', body: '' });
    expect(echo.hits[0]!.headers['x-name']).toBe('Ann');
    expect(echo.hits[0]!.headers.authorization).toBe(`Basic ${Buffer.from('user:secret').toString('base64')}`);
    expect(texts(body)).toEqual(['user=Ada status=200 tags=["x","y"]']);
    // The success log may carry secrets: kept in the result, not sent to the visitor.
    expect(body.logs).toEqual([]);
    const logs = await server.db.log.findMany({ where: { resultId } });
    expect(logs.map((log) => [log.status, log.description])).toEqual([['success', 'Webhook successfuly executed.']]);
    expect(JSON.parse(logs[0]!.details!)).toEqual({
      statusCode: 200,
      request: { url: `${echo.base}/users?name=Ann&name=again`, method: 'GET' },
      response: { user: { name: 'Ada', tags: ['x', 'y'] }, method: 'GET', path: '/users?name=Ann&name=again' },
    });
  });

  test('POST without a custom body sends the answers and variables (the reference default body)', async () => {
    await converse(botCalling({ webhook: { url: '{{Base}}/hook' } }));
    expect(echo.hits).toHaveLength(1);
    const hit = echo.hits[0]!;
    expect(hit.method).toBe('POST');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hit.body)).toEqual({
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      Name: 'Ann',
      Base: echo.base,
    });
  });

  test('a custom body gets variables JSON-escaped; form-encoded when the content type says so', async () => {
    await converse(
      botCalling({
        isCustomBody: true,
        webhook: { url: '{{Base}}/hook', method: 'PATCH', body: '{"name": "{{Name}}", "n": 2}' },
      }),
      'A "quoted"\nname',
    );
    expect(echo.hits[0]).toMatchObject({ method: 'PATCH' });
    expect(JSON.parse(echo.hits[0]!.body)).toEqual({ name: 'A "quoted"\nname', n: 2 });

    echo.hits.length = 0;
    await converse(
      botCalling({
        isCustomBody: true,
        webhook: {
          url: '{{Base}}/form',
          body: '{"name": "{{Name}}", "n": 2}',
          headers: [{ id: 'h', key: 'Content-Type', value: 'application/x-www-form-urlencoded' }],
        },
      }),
    );
    expect(echo.hits[0]!.body).toBe('name=Ann&n=2');
  });

  test('an error status and a text answer are mapped too; the error log stays in the result', async () => {
    const { body, resultId } = await converse(botCalling({ webhook: { method: 'GET', url: '{{Base}}/missing' } }));
    expect(texts(body)).toEqual(['user=Ada status=404 tags=["x","y"]']);
    expect(body.logs).toEqual([]);
    expect((await server.db.log.findMany({ where: { resultId } })).map((log) => log.description)).toEqual([
      'Webhook returned an error.',
    ]);

    const plain = await converse(
      botCalling({
        webhook: { method: 'GET', url: '{{Base}}/text' },
        responseVariableMapping: [{ id: 'm', variableId: 'v-user', bodyPath: 'data' }],
      }),
    );
    expect(texts(plain.body)).toEqual(['user=plain words status= tags=']);
  });

  test('a block timeout answers 408 "Request timed out. (1s)" to the mapping, and the flow goes on', async () => {
    const { body } = await converse(
      botCalling({
        timeout: 1,
        webhook: { method: 'GET', url: '{{Base}}/slow' },
        responseVariableMapping: [
          { id: 'm1', variableId: 'v-status', bodyPath: 'statusCode' },
          { id: 'm2', variableId: 'v-user', bodyPath: 'data.message' },
        ],
      }),
    );
    expect(texts(body)).toEqual(['user=Request timed out. (1s) status=408 tags=']);
    expect(body.input.id).toBe('end');
  });

  test("the webhook's log: never on a start (previews too), on a preview's continue only; the result keeps it", async () => {
    const first = v6Bot({
      groups: [
        group('g1', [
          httpBlock('call', { webhook: { url: '{{Base}}/users', method: 'GET' } }),
          textInput('ask', 'v-name'),
          httpBlock('again', { webhook: { url: '{{Base}}/users', method: 'GET' } }),
          textInput('end'),
        ]),
      ],
      variables,
    });
    const { botId, publicId } = await publishDefinition(server, first);
    const live = await startChat(server, publicId, { prefilledVariables: { Base: echo.base } });
    expect(live.body.logs).toBeUndefined();
    const liveNext = await say(server, live.body.sessionId, 'Ann');
    expect(liveNext.body.logs).toEqual([]);
    expect(
      (await server.db.log.findMany({ where: { resultId: live.body.resultId } })).map((log) => log.description),
    ).toEqual(['Webhook successfuly executed.', 'Webhook successfuly executed.']);
    const preview = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, {
      token: server.adminToken,
      json: { prefilledVariables: { Base: echo.base } },
    });
    expect(preview.body.logs).toBeUndefined();
    const previewNext = await say(server, preview.body.sessionId, 'Ann');
    expect(previewNext.body.logs).toEqual([
      {
        status: 'success',
        description: 'Webhook successfuly executed.',
        details: expect.objectContaining({ statusCode: 200 }),
      },
    ]);
  });

  test('no URL: an error log, shown to the visitor and kept in the result, as the reference (issue 34); the flow goes on', async () => {
    const { body, resultId } = await converse(botCalling({ webhook: { method: 'POST', url: '' } }));
    expect(body.logs).toEqual([{ status: 'error', description: "Couldn't parse webhook attributes" }]);
    expect((await server.db.log.findMany({ where: { resultId } })).map((log) => [log.status, log.description])).toEqual(
      [['error', "Couldn't parse webhook attributes"]],
    );
    expect(texts(body)).toEqual(['user= status= tags=']);
  });

  test('no request at all (a legacy block whose webhook lived apart): no log anywhere, the flow goes on', async () => {
    const { body, resultId } = await converse(botCalling({}));
    expect(body.logs).toEqual([]);
    expect(await server.db.log.count({ where: { resultId } })).toBe(0);
    expect(texts(body)).toEqual(['user= status= tags=']);
  });

  test('executed on the client: the httpRequestToExecute action, then the reply mapped; a reply that is not JSON is a 400', async () => {
    const { publicId } = await publishDefinition(
      server,
      botCalling({ isExecutedOnClient: true, webhook: { method: 'GET', url: 'https://api.example.com/u/{{Name}}' } }),
    );
    const started = await startChat(server, publicId);
    const paused = await say(server, started.body.sessionId, 'Ann');
    expect(paused.body.clientSideActions).toEqual([
      {
        type: 'httpRequestToExecute',
        httpRequestToExecute: { url: 'https://api.example.com/u/Ann', method: 'GET', headers: {} },
        expectsDedicatedReply: true,
      },
    ]);
    expect(echo.hits).toHaveLength(0);
    const refused = await say(server, started.body.sessionId, 'not json');
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Provided response is not valid JSON', issues: [] },
    });
    const mapped = await say(
      server,
      started.body.sessionId,
      JSON.stringify({ statusCode: 201, data: { user: { name: 'Bo', tags: [] } } }),
    );
    expect(mapped.status).toBe(200);
    expect(texts(mapped.body)).toEqual(['user=Bo status=201 tags=[]']);
    expect(mapped.body.logs).toEqual([
      {
        status: 'success',
        description: 'HTTP request executed successfully!',
        details: { user: { name: 'Bo', tags: [] } },
      },
    ]);
  });
});

describe('HTTP request block behind the outbound guard (no allow-list)', () => {
  let guarded: TestServer;
  beforeAll(async () => {
    guarded = await startTestServer();
  });
  afterAll(() => guarded.close());

  test.each([
    [
      'loopback',
      (base: string) => `${base}/x`,
      'Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.',
    ],
    [
      'metadata',
      () => 'http://169.254.169.254/latest/meta-data/',
      'Access to link-local addresses (169.254.0.0/16) is not allowed for security reasons. This range includes cloud metadata services.',
    ],
    [
      'decimal loopback',
      (base: string) => `http://2130706433:${new URL(base).port}/x`,
      'Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.',
    ],
    ['a file URL', () => 'file:///etc/passwd', 'Protocol "file:" is not allowed. Only HTTP and HTTPS are permitted.'],
  ])('%s: refused with the reference message as a 400 answer, never reached', async (_name, url, reason) => {
    const { publicId } = await publishDefinition(
      guarded,
      botCalling({
        webhook: { method: 'GET', url: url(echo.base) },
        responseVariableMapping: [
          { id: 'm1', variableId: 'v-status', bodyPath: 'statusCode' },
          { id: 'm2', variableId: 'v-user', bodyPath: 'data.message' },
        ],
      }),
    );
    const started = await startChat(guarded, publicId);
    const answered = await say(guarded, started.body.sessionId, 'Ann');
    expect(answered.status).toBe(200);
    expect(answered.body.logs).toEqual([{ status: 'error', description: `Security validation failed: ${reason}` }]);
    expect(texts(answered.body)).toEqual([`user=Security validation failed: ${reason} status=400 tags=`]);
    expect(echo.hits).toHaveLength(0);
  });
});

/** A Code block run on the server that posts to `url` and stores the answer's `path` (or the error) in User. */
function botFetching(url: string): Json {
  return v6Bot({
    groups: [
      group('g1', [
        textInput('ask', 'v-name'),
        {
          id: 'code',
          type: 'Code',
          options: {
            isExecutedOnClient: false,
            content: `try { const text = await fetch("${url}?name=Ann", { method: "POST", body: { name: "Ann" } }); setVariable("User", JSON.parse(text).path) } catch (e) { setVariable("User", e.message) }`,
          },
        },
        textBubble('show', 'user={{User}}'),
        textInput('end'),
      ]),
    ],
    variables,
  });
}

describe('Code block fetch (server side), through the same guard', () => {
  test('allow-listed: the request reaches the echo server and the code reads its text', async () => {
    const { publicId } = await publishDefinition(server, botFetching(`${echo.base}/from-code`));
    const started = await startChat(server, publicId);
    const answered = await say(server, started.body.sessionId, 'Ann');
    expect(texts(answered.body)).toEqual(['user=/from-code?name=Ann']);
    expect(echo.hits).toEqual([
      expect.objectContaining({ method: 'POST', path: '/from-code?name=Ann', body: '{"name":"Ann"}' }),
    ]);
  });

  test('without the allow-list: refused with the guard reason, never reached', async () => {
    const guarded = await startTestServer();
    try {
      const { publicId } = await publishDefinition(guarded, botFetching(`${echo.base}/from-code`));
      const started = await startChat(guarded, publicId);
      const answered = await say(guarded, started.body.sessionId, 'Ann');
      expect(texts(answered.body)).toEqual([
        'user=fetch failed: Security validation failed: Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.',
      ]);
      expect(echo.hits).toHaveLength(0);
    } finally {
      await guarded.close();
    }
  });
});
