import { createBot, group, publishDefinition, textBubble, textInput, texts, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// The Typebot-compatible alias answers every request shape of
// spec/typebot-embed.md: Typebot's paths, `typebot` instead of `bot`, 404
// for an unknown bot or session, CORS preflights, allowed origins.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function askBot(settings: Record<string, unknown> = {}) {
  return v6Bot({
    groups: [
      group('g1', [textBubble('b1', 'Hello {{Name}}'), textInput('b2', 'vname', 'e2')]),
      group('g2', [textBubble('b3', 'Bye {{Name}}'), textInput('b4')]),
    ],
    edges: [{ id: 'e2', from: { blockId: 'b2' }, to: { groupId: 'g2' } }],
    variables: [{ id: 'vname', name: 'Name' }],
    settings,
  });
}

const post = (path: string, json: unknown, headers?: Record<string, string>) =>
  request(server.url, 'POST', path, { json, headers });

describe('live start (embed body)', () => {
  test('answers `typebot` with id, version, theme, settings, publishedAt, and the rest of the turn', async () => {
    const { botId, publicId, publishedAt } = await publishDefinition(server, askBot());
    const started = await post(`/api/v1/typebots/${publicId}/startChat`, {
      isStreamEnabled: true,
      prefilledVariables: { Name: 'John', utm_source: 'x' },
      isOnlyRegistering: false,
    });
    expect(started.status).toBe(200);
    expect(started.body.bot).toBeUndefined();
    expect(started.body.typebot).toEqual({
      id: botId,
      version: '6',
      theme: expect.any(Object),
      settings: expect.any(Object),
      publishedAt,
    });
    expect(started.body).toEqual(
      expect.objectContaining({
        sessionId: expect.any(String),
        resultId: expect.any(String),
        input: expect.objectContaining({ id: 'b2', type: 'text input' }),
      }),
    );
    expect(texts(started.body)).toEqual(['Hello John']);
  });

  test('resultId is re-sent on reload (remember user) and accepted', async () => {
    const { publicId } = await publishDefinition(
      server,
      askBot({ general: { rememberUser: { isEnabled: true, storage: 'local' } } }),
    );
    const first = await post(`/api/v1/typebots/${publicId}/startChat`, {
      isStreamEnabled: true,
      prefilledVariables: {},
      isOnlyRegistering: false,
    });
    expect(first.status).toBe(200);
    const again = await post(`/api/v1/typebots/${publicId}/startChat`, {
      isStreamEnabled: true,
      prefilledVariables: {},
      resultId: first.body.resultId,
      isOnlyRegistering: false,
    });
    expect(again.status).toBe(200);
    expect(again.body.resultId).toBe(first.body.resultId);
  });

  test('unknown bot: 404 (the embed shows its own "doesn\'t exist" text)', async () => {
    const response = await post('/api/v1/typebots/no-such-bot/startChat', {
      isStreamEnabled: true,
      prefilledVariables: {},
      isOnlyRegistering: false,
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Bot not found', issues: [] },
    });
  });

  test('never published bot: 404', async () => {
    const { publicId } = await createBot(server, askBot());
    const response = await post(`/api/v1/typebots/${publicId}/startChat`, {});
    expect(response.status).toBe(404);
  });

  test('a refusal other than "not found" keeps 400 with the message the embed shows', async () => {
    const { publicId } = await publishDefinition(
      server,
      askBot({ security: { allowedOrigins: ['https://allowed.example'] } }),
    );
    const response = await post(`/api/v1/typebots/${publicId}/startChat`, {}, { origin: 'https://evil.example' });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Origin not allowed', issues: [] },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  });

  test('iframe referrer header of an allowed origin is accepted', async () => {
    const { publicId } = await publishDefinition(
      server,
      askBot({ security: { allowedOrigins: ['https://allowed.example'] } }),
    );
    const response = await post(
      `/api/v1/typebots/${publicId}/startChat`,
      {},
      { origin: 'https://cdn.example', 'x-typebot-iframe-referrer-origin': 'https://allowed.example' },
    );
    expect(response.status).toBe(200);
  });
});

describe('preview start', () => {
  test('`typebot` in the body is the definition to preview; `sessionId` is ignored; `typebot` in the answer', async () => {
    const { botId } = await createBot(server, askBot());
    const definition = askBot();
    definition.groups[0].blocks[0] = textBubble('b1', 'Draft {{Name}}');
    const started = await request(server.url, 'POST', `/api/v1/typebots/${botId}/preview/startChat`, {
      token: server.adminToken,
      json: { isStreamEnabled: true, typebot: definition, prefilledVariables: { Name: 'Ann' }, sessionId: 'ignored' },
    });
    expect(started.status).toBe(200);
    expect(started.body.typebot.id).toBe(botId);
    expect(started.body.bot).toBeUndefined();
    expect(texts(started.body)).toEqual(['Draft Ann']);
  });

  test('unknown bot: 404', async () => {
    const response = await post('/api/v1/typebots/missing/preview/startChat', { isStreamEnabled: true });
    expect(response.status).toBe(404);
  });
});

describe('replies', () => {
  async function started() {
    const { publicId } = await publishDefinition(server, askBot());
    const response = await post(`/api/v1/typebots/${publicId}/startChat`, {
      isStreamEnabled: true,
      prefilledVariables: {},
      isOnlyRegistering: false,
    });
    return response.body.sessionId as string;
  }

  test('message as an object {type:"text", text}', async () => {
    const sessionId = await started();
    const reply = await post(`/api/v1/sessions/${sessionId}/continueChat`, { message: { type: 'text', text: 'Ann' } });
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['Bye Ann']);
  });

  test('message as a plain string (API clients)', async () => {
    const sessionId = await started();
    const reply = await post(`/api/v1/sessions/${sessionId}/continueChat`, { message: 'Bob' });
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['Bye Bob']);
  });

  test('message with attachedFileUrls and metadata', async () => {
    const sessionId = await started();
    const reply = await post(`/api/v1/sessions/${sessionId}/continueChat`, {
      message: { type: 'text', text: 'Cy', attachedFileUrls: [], metadata: {} },
    });
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['Bye Cy']);
  });

  test('unknown session: 404', async () => {
    const reply = await post('/api/v1/sessions/missing/continueChat', { message: { type: 'text', text: 'x' } });
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('NOT_FOUND');
  });

  test.each(['/api/v1', '/api/v2'])('clientLogs at %s', async (prefix) => {
    const sessionId = await started();
    const logs = await post(`${prefix}/sessions/${sessionId}/clientLogs`, {
      clientLogs: [{ status: 'error', description: 'script failed' }],
    });
    expect(logs.status).toBe(200);
    expect(logs.body).toEqual({ message: expect.any(String) });
    const missing = await post(`${prefix}/sessions/missing/clientLogs`, { clientLogs: [] });
    expect(missing.status).toBe(404);
  });
});

describe('CORS', () => {
  test.each([
    '/api/v1/typebots/x/startChat',
    '/api/v1/typebots/x/preview/startChat',
    '/api/v1/sessions/x/continueChat',
    '/api/v1/sessions/x/clientLogs',
    '/api/v2/sessions/x/clientLogs',
  ])('preflight %s', async (path) => {
    const response = await request(server.url, 'OPTIONS', path, {
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://site.example');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type');
  });

  test('POST from another origin carries the CORS header', async () => {
    const { publicId } = await publishDefinition(server, askBot());
    const response = await post(`/api/v1/typebots/${publicId}/startChat`, {}, { origin: 'https://site.example' });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://site.example');
  });
});
