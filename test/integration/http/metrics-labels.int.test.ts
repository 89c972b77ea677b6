import { loadConfig } from '../../../src/config';
import { group, publishDefinition, startChat, textInput, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Metric labels and log lines name route templates, never paths: a path holds
// a visitor's session id or an upload token, and every distinct label is a
// series kept for the life of the process (issue 33, finding 1).

const preflight = (server: TestServer, path: string) =>
  request(server.url, 'OPTIONS', path, {
    headers: { origin: 'https://site.example', 'access-control-request-method': 'POST' },
  });

const httpSeries = (text: string) => text.split('\n').filter((line) => line.startsWith('parley_http_requests_total{'));

describe('labels and log lines', () => {
  let server: TestServer;
  const logLines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    server = await startTestServer({ logLines });
  });
  afterAll(() => server.close());

  test("preflights, 405s and unknown paths are labelled by template or (unmatched): no visitor's id reaches /metrics", async () => {
    const { publicId } = await publishDefinition(server, v6Bot({ groups: [group('g1', [textInput('ask')])] }));
    const started = await startChat(server, publicId);
    const sessionId: string = started.body.sessionId;
    const before = httpSeries((await request(server.url, 'GET', '/metrics')).body as string).length;

    for (let index = 0; index < 40; index += 1) {
      expect((await preflight(server, `/v1/sessions/guess-${index}/continueChat`)).status).toBe(204);
      expect((await request(server.url, 'GET', `/no/such/path-${index}`)).status).toBe(404);
      expect((await request(server.url, 'PUT', `/v1/workspaces/ws-${index}`, { json: {} })).status).toBe(405);
    }
    expect((await preflight(server, `/v1/sessions/${sessionId}/continueChat`)).status).toBe(204);
    expect((await preflight(server, '/v1/uploads/secret-upload-token-1234')).status).toBe(204);

    const text = (await request(server.url, 'GET', '/metrics')).body as string;
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain('secret-upload-token');
    expect(text).not.toContain('guess-');
    expect(text).not.toContain('path-');
    expect(text).toMatch(
      /parley_http_requests_total\{method="OPTIONS",route="\/v1\/sessions\/:sessionId\/continueChat",status="204"\} 41/,
    );
    expect(text).toMatch(/parley_http_requests_total\{method="OPTIONS",route="\/v1\/uploads\/:token",status="204"\} 1/);
    expect(text).toMatch(/parley_http_requests_total\{method="GET",route="\(unmatched\)",status="404"\} 40/);
    expect(text).toMatch(
      /parley_http_requests_total\{method="PUT",route="\/v1\/workspaces\/:workspaceId",status="405"\} 40/,
    );
    // 121 requests of new paths added a handful of series, not one per path.
    expect(httpSeries(text).length - before).toBeLessThanOrEqual(6);
  });

  test('the request log names the template, never the path', async () => {
    logLines.length = 0;
    const { publicId } = await publishDefinition(server, v6Bot({ groups: [group('g1', [textInput('ask')])] }));
    const started = await startChat(server, publicId);
    const sessionId: string = started.body.sessionId;
    await preflight(server, `/v1/sessions/${sessionId}/continueChat`);
    await request(server.url, 'POST', `/v1/sessions/${sessionId}/continueChat`, { json: { message: 'hi' } });
    await request(server.url, 'GET', '/nothing/here-42');
    const requests = logLines.filter((line) => line.msg === 'request');
    expect(requests.map((line) => [line.method, line.route, line.status])).toEqual(
      expect.arrayContaining([
        ['OPTIONS', '/v1/sessions/:sessionId/continueChat', 204],
        ['POST', '/v1/sessions/:sessionId/continueChat', 200],
        ['GET', '(unmatched)', 404],
      ]),
    );
    const everything = JSON.stringify(logLines);
    expect(everything).not.toContain(sessionId);
    expect(everything).not.toContain(publicId);
    expect(everything).not.toContain('here-42');
  });
});

describe('preflights are rate-limited like their route', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      rateLimit: { ipPoints: 5, botPoints: 1000, builderPoints: 5, anonymousPreviewPoints: 5, windowSeconds: 60 },
    });
  });
  afterAll(() => server.close());

  test('a public chat route: preflights spend the client budget, then are refused with the chat error', async () => {
    const answers = [];
    for (let index = 0; index < 7; index += 1)
      answers.push((await preflight(server, `/v1/sessions/s-${index}/continueChat`)).status);
    expect(answers).toEqual([204, 204, 204, 204, 204, 400, 400]);
    const refused = await preflight(server, '/v1/sessions/s-x/continueChat');
    expect(refused.body).toEqual({ code: 'BAD_REQUEST', message: 'Too many requests, retry later', issues: [] });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const metrics = (await request(server.url, 'GET', '/metrics')).body as string;
    expect(metrics).toMatch(
      /parley_http_requests_total\{method="OPTIONS",route="\/v1\/sessions\/:sessionId\/continueChat",status="400"\} 3/,
    );
  });

  test('a builder route: preflights of /graphql spend the builder budget (429 past it)', async () => {
    const answers = [];
    for (let index = 0; index < 6; index += 1) answers.push((await preflight(server, '/graphql')).status);
    expect(answers.slice(0, 5).every((status) => status === 204)).toBe(true);
    expect(answers[5]).toBe(429);
  });
});

describe('/metrics in production', () => {
  test('without a token it is off by default (404 with the error object); outside production it is open', async () => {
    expect(loadConfig({ NODE_ENV: 'production' }).metrics.public).toBe(false);
    expect(loadConfig({}).metrics.public).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', PARLEY_METRICS_PUBLIC: 'true' }).metrics.public).toBe(true);
    const server = await startTestServer({ metricsPublic: false });
    try {
      const response = await request(server.url, 'GET', '/metrics');
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: {
          code: 'NOT_FOUND',
          message: 'Metrics are off: set PARLEY_METRICS_TOKEN (or PARLEY_METRICS_PUBLIC=true) to read them',
          issues: [],
        },
      });
    } finally {
      await server.close();
    }
  });

  test('with a token, only its bearer reads them, whatever PARLEY_METRICS_PUBLIC says', async () => {
    const server = await startTestServer({ metricsPublic: true, metricsToken: 'metrics-token-0123456789' });
    try {
      expect((await request(server.url, 'GET', '/metrics')).status).toBe(401);
      expect((await request(server.url, 'GET', '/metrics', { token: 'metrics-token-0123456789' })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
