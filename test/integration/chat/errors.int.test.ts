import { updateWorkspaceAsOperator } from '../../../src/services/workspaces';
import {
  continueChat,
  createBot,
  group,
  publishDefinition,
  say,
  startChat,
  textBubble,
  textInput,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Refusals of the chat runtime: always 400 (never 401/403/404) with the
// reference's message, and nothing persisted when a request is refused.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const notFound = { code: 'BAD_REQUEST', message: 'Bot not found', issues: [] };

function askBot(settings: Record<string, unknown> = {}) {
  return v6Bot({
    groups: [
      group('g1', [textBubble('b1', 'Hello'), textInput('b2', 'vname', 'e2')]),
      group('g2', [textBubble('b3', 'Bye {{Name}}')]),
    ],
    edges: [{ id: 'e2', from: { blockId: 'b2' }, to: { groupId: 'g2' } }],
    variables: [{ id: 'vname', name: 'Name' }],
    settings,
  });
}

async function newWorkspace(name: string): Promise<string> {
  const created = await request(server.url, 'POST', '/v1/workspaces', { token: server.adminToken, json: { name } });
  expect(created.status).toBe(200);
  return created.body.workspace.id;
}

describe('bot lookup', () => {
  test('unknown public id', async () => {
    const response = await startChat(server, 'no-such-public-id');
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: notFound });
  });

  test('never published bot', async () => {
    const { publicId } = await createBot(server, askBot());
    const response = await startChat(server, publicId);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: notFound });
  });

  test('unpublished bot', async () => {
    const { botId, publicId } = await publishDefinition(server, askBot());
    expect((await startChat(server, publicId)).status).toBe(200);
    expect(
      (await request(server.url, 'POST', `/v1/bots/${botId}/unpublish`, { token: server.adminToken })).status,
    ).toBe(200);
    const response = await startChat(server, publicId);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: notFound });
  });

  test('deleted (archived) bot', async () => {
    const { botId, publicId } = await publishDefinition(server, askBot());
    expect((await request(server.url, 'DELETE', `/v1/bots/${botId}`, { token: server.adminToken })).status).toBe(200);
    const response = await startChat(server, publicId);
    expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: notFound });
  });

  test('closed bot: default message, then the custom botClosed system message', async () => {
    const plain = await publishDefinition(server, askBot());
    expect(
      (
        await request(server.url, 'PATCH', `/v1/bots/${plain.botId}`, {
          token: server.adminToken,
          json: { bot: { isClosed: true } },
        })
      ).status,
    ).toBe(200);
    const closed = await startChat(server, plain.publicId);
    expect({ status: closed.status, body: closed.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'This bot is now closed', issues: [] },
    });

    const custom = await publishDefinition(
      server,
      askBot({ general: { systemMessages: { botClosed: 'We are on holiday' } } }),
    );
    expect(
      (
        await request(server.url, 'PATCH', `/v1/bots/${custom.botId}`, {
          token: server.adminToken,
          json: { bot: { isClosed: true } },
        })
      ).status,
    ).toBe(200);
    const response = await startChat(server, custom.publicId);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'We are on holiday', issues: [] },
    });
  });

  test('suspended workspace: "This bot is now closed", even with a custom botClosed', async () => {
    const workspaceId = await newWorkspace('Suspended soon');
    const { publicId } = await publishDefinition(
      server,
      askBot({ general: { systemMessages: { botClosed: 'Custom closed' } } }),
      workspaceId,
    );
    expect((await startChat(server, publicId)).status).toBe(200);
    await updateWorkspaceAsOperator(server.db, workspaceId, { isSuspended: true });
    const response = await startChat(server, publicId);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'This bot is now closed', issues: [] },
    });
  });
});

describe('sessions', () => {
  test('unknown session on continueChat and clientLogs', async () => {
    const response = await say(server, 'no-such-session', 'hi');
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Session not found', issues: [] },
    });
    const logs = await request(server.url, 'POST', '/v1/sessions/no-such-session/clientLogs', {
      json: { clientLogs: [] },
    });
    expect({ status: logs.status, body: logs.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Session not found', issues: [] },
    });
  });

  test('expired session', async () => {
    const { publicId } = await publishDefinition(server, askBot());
    const started = await startChat(server, publicId);
    expect(started.status).toBe(200);
    await server.db.chatSession.update({
      where: { id: started.body.sessionId },
      data: { expiresAt: new Date(Date.now() - 60_000) },
    });
    const response = await say(server, started.body.sessionId, 'Ann');
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Session expired. You need to start a new session.', issues: [] },
    });
    expect(await server.db.answer.count({ where: { resultId: started.body.resultId } })).toBe(0);
  });

  test.each([
    ['a number', 5],
    ['an unknown type', { type: 'nope' }],
    ['a text without text', { type: 'text' }],
    ['an array', ['hi']],
  ])('malformed message (%s) is a 400 with an issue at ["message"]', async (_name, message) => {
    const { publicId } = await publishDefinition(server, askBot());
    const started = await startChat(server, publicId);
    const response = await say(server, started.body.sessionId, message);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    expect(response.body.issues.length).toBeGreaterThan(0);
    for (const issue of response.body.issues) expect(issue.path?.[0]).toBe('message');
    // the session is untouched: a valid reply still works
    const next = await say(server, started.body.sessionId, 'Ann');
    expect(next.status).toBe(200);
  });

  test('malformed message on startChat is a 400 and creates nothing', async () => {
    const { botId, publicId } = await publishDefinition(server, askBot());
    const response = await startChat(server, publicId, { message: 5 });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path[0]).toBe('message');
    expect(await server.db.result.count({ where: { botId } })).toBe(0);
  });

  test('unknown command', async () => {
    const { publicId } = await publishDefinition(server, askBot());
    const started = await startChat(server, publicId);
    const response = await say(server, started.body.sessionId, { type: 'command', command: 'nope' });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Command event not found', issues: [] },
    });
  });

  test('chat routes never answer 401, 403 or 404, even with a bad token', async () => {
    const { publicId, botId } = await publishDefinition(server, askBot());
    const headers = { authorization: 'Bearer not-a-real-token' };
    const calls = [
      await startChat(server, publicId, {}, headers),
      await startChat(server, 'missing', {}, headers),
      await continueChat(server, 'missing', { message: 'x' }, headers),
      await request(server.url, 'POST', '/v1/sessions/missing/clientLogs', { json: { clientLogs: [] }, headers }),
      await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, { json: {}, headers }),
      await request(server.url, 'POST', '/v1/bots/missing/preview/startChat', { json: {} }),
    ];
    for (const call of calls) expect([200, 400]).toContain(call.status);
    expect(calls[0]!.status).toBe(200);
  });
});

describe('allowed origins', () => {
  const allowed = 'https://allowed.example';
  const other = 'https://evil.example';

  test('startChat: other origin refused and nothing persisted; allowed and absent origins accepted', async () => {
    const { botId, publicId } = await publishDefinition(server, askBot({ security: { allowedOrigins: [allowed] } }));
    const refused = await startChat(server, publicId, {}, { origin: other });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Origin not allowed', issues: [] },
    });
    expect(await server.db.result.count({ where: { botId } })).toBe(0);
    expect(await server.db.chatSession.count({ where: { botId } })).toBe(0);

    const ok = await startChat(server, publicId, {}, { origin: allowed });
    expect(ok.status).toBe(200);
    const absent = await startChat(server, publicId);
    expect(absent.status).toBe(200);
    expect(await server.db.result.count({ where: { botId } })).toBe(2);
  });

  test('continueChat: other origin refused without saving an answer', async () => {
    const { publicId } = await publishDefinition(server, askBot({ security: { allowedOrigins: [allowed] } }));
    const started = await startChat(server, publicId, {}, { origin: allowed });
    const refused = await continueChat(server, started.body.sessionId, { message: 'Ann' }, { origin: other });
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Origin not allowed', issues: [] },
    });
    expect(await server.db.answer.count({ where: { resultId: started.body.resultId } })).toBe(0);
    const logs = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/clientLogs`, {
      json: { clientLogs: [{ status: 'error', description: 'x' }] },
      headers: { origin: other },
    });
    expect(logs.status).toBe(400);
    expect(logs.body.message).toBe('Origin not allowed');

    const accepted = await continueChat(server, started.body.sessionId, { message: 'Ann' });
    expect(accepted.status).toBe(200);
    expect(await server.db.answer.count({ where: { resultId: started.body.resultId } })).toBe(1);
  });
});

describe('CORS preflight', () => {
  test.each([
    '/v1/bots/some-public-id/startChat',
    '/v1/sessions/some-session/continueChat',
    '/v1/sessions/some-session/clientLogs',
    '/v1/bots/some-bot/preview/startChat',
  ])('OPTIONS %s', async (path) => {
    const response = await request(server.url, 'OPTIONS', path, {
      headers: {
        origin: 'https://site.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toMatch(/^(\*|https:\/\/site\.example)$/);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });
});

describe('payment input without a payment provider', () => {
  const paymentBot = v6Bot({
    groups: [
      group('g1', [textInput('name', undefined, 'e-pay')]),
      group('g2', [
        textBubble('t2', 'Time to pay'),
        { id: 'pay', type: 'payment input', options: { amount: '30', currency: 'EUR' } },
      ]),
    ],
    edges: [{ id: 'e-pay', from: { blockId: 'name' }, to: { groupId: 'g2' } }],
  });

  test('the turn that would display it answers 400 "Credentials not found" and the session stays where it was', async () => {
    const { publicId } = await publishDefinition(server, paymentBot);
    const start = await startChat(server, publicId);
    expect(start.status).toBe(200);
    expect(start.body.input).toMatchObject({ id: 'name', type: 'text input' });
    const refused = await say(server, start.body.sessionId, 'Ada');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'BAD_REQUEST', message: 'Credentials not found', issues: [] });
    // Nothing of the refused turn was kept: the session still waits on the first input, no answer saved.
    const session = await server.db.chatSession.findUniqueOrThrow({ where: { id: start.body.sessionId } });
    expect((session.state as { currentBlockId?: string }).currentBlockId).toBe('name');
    expect(await server.db.answer.count({ where: { result: { bot: { publicId } } } })).toBe(0);
  });
});
