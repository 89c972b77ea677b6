import { createBot, edge, group, say, textBubble, textInput, texts, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Preview chats: a body definition (anyone), else the stored draft (members
// only); never results, answers or usage.

let server: TestServer;
let outsiderToken: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ token: outsiderToken } = await createUserWithToken(server.db, 'outsider@parley.test'));
});
afterAll(() => server.close());

function draft(greeting: string) {
  return v6Bot({
    groups: [
      group('g1', [textBubble('b1', greeting), textInput('b2', 'vname', 'e2')]),
      group('g2', [textBubble('b3', 'Bye {{Name}}'), textInput('b4')], 'Second'),
    ],
    edges: [edge('e2', 'g2', { blockId: 'b2' })],
    variables: [{ id: 'vname', name: 'Name' }],
  });
}

function preview(botId: string, body: Record<string, unknown>, token?: string) {
  return request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, { json: body, token });
}

describe('body bot (no token)', () => {
  test('runs it without results; no publishedAt and no resultId', async () => {
    const { botId } = await createBot(server, draft('Stored draft'));
    const started = await preview(botId, { bot: draft('From the body') });
    expect(started.status).toBe(200);
    expect(texts(started.body)).toEqual(['From the body']);
    expect(started.body.resultId).toBeUndefined();
    expect(started.body.bot.id).toBe(botId);
    expect(started.body.bot).not.toHaveProperty('publishedAt');
    const reply = await say(server, started.body.sessionId, 'Ann');
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['Bye Ann']);
    expect(await server.db.result.count()).toBe(0);
    expect(await server.db.answer.count()).toBe(0);
    const logs = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/clientLogs`, {
      json: { clientLogs: [{ status: 'error', description: 'x' }] },
    });
    expect(logs.status).toBe(400);
  });

  test('a bot id that does not exist still previews a body bot', async () => {
    const started = await preview('not-a-stored-bot', { bot: draft('Anonymous') });
    expect(started.status).toBe(200);
    expect(texts(started.body)).toEqual(['Anonymous']);
  });

  test('startFrom a group, and an unknown group', async () => {
    const { botId } = await createBot(server, draft('Stored'));
    const started = await preview(botId, { bot: draft('Body'), startFrom: { type: 'group', groupId: 'g2' } });
    expect(started.status).toBe(200);
    expect(texts(started.body)).toEqual(['Bye ']);
    expect(started.body.input).toMatchObject({ id: 'b4' });
    const unknown = await preview(botId, { bot: draft('Body'), startFrom: { type: 'group', groupId: 'nope' } });
    expect({ status: unknown.status, body: unknown.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: "Start group doesn't exist", issues: [] },
    });
  });

  test('an invalid body bot is a 400 with issues under ["bot", ...]', async () => {
    const definition = draft('x');
    definition.groups = 'not a list';
    const response = await preview('any', { bot: definition });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('BAD_REQUEST');
    expect(response.body.issues.length).toBeGreaterThan(0);
    for (const issue of response.body.issues) expect(issue.path[0]).toBe('bot');
    expect(response.body.issues.some((issue: { path: unknown[] }) => issue.path[1] === 'groups')).toBe(true);
  });
});

describe('stored draft', () => {
  test('a member runs the draft; a later draft change is visible without publishing', async () => {
    const { botId } = await createBot(server, draft('First draft'));
    const first = await preview(botId, {}, server.adminToken);
    expect(first.status).toBe(200);
    expect(texts(first.body)).toEqual(['First draft']);
    expect(first.body.bot).not.toHaveProperty('publishedAt');

    const patched = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
      token: server.adminToken,
      json: { bot: { groups: draft('Second draft').groups } },
    });
    expect(patched.status).toBe(200);
    const second = await preview(botId, {}, server.adminToken);
    expect(texts(second.body)).toEqual(['Second draft']);
    expect(await server.db.result.count({ where: { botId } })).toBe(0);
  });

  test('no token or a non-member token: "Bot not found"', async () => {
    const { botId } = await createBot(server, draft('Secret'));
    const notFound = { code: 'BAD_REQUEST', message: 'Bot not found', issues: [] };
    const anonymous = await preview(botId, {});
    expect({ status: anonymous.status, body: anonymous.body }).toEqual({ status: 400, body: notFound });
    const outsider = await preview(botId, {}, outsiderToken);
    expect({ status: outsider.status, body: outsider.body }).toEqual({ status: 400, body: notFound });
    const missing = await preview('no-such-bot', {}, server.adminToken);
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 400, body: notFound });
  });
});

describe('a preview whose flow ended', () => {
  test('is kept: another message re-answers the last input and the flow runs on from there (as the reference)', async () => {
    const definition = v6Bot({
      groups: [
        group('g1', [textBubble('b1', 'Name?'), textInput('b2', 'vname', 'e2')]),
        group('g2', [textBubble('b3', 'Bye {{Name}}')]),
      ],
      edges: [edge('e2', 'g2', { blockId: 'b2' })],
      variables: [{ id: 'vname', name: 'Name' }],
    });
    const started = await preview('any', { bot: definition });
    const ended = await say(server, started.body.sessionId, 'Ann');
    expect({ status: ended.status, texts: texts(ended.body), input: ended.body.input }).toEqual({
      status: 200,
      texts: ['Bye Ann'],
      input: undefined,
    });
    const again = await say(server, started.body.sessionId, 'Bob');
    expect({ status: again.status, body: again.status === 200 ? null : again.body }).toEqual({
      status: 200,
      body: null,
    });
    expect(texts(again.body)).toEqual(['Bye Bob']);
    expect(again.body.messages.map((message: { id: string }) => message.id)).toEqual(['b3']);
    expect({ input: again.body.input, clientSideActions: again.body.clientSideActions, logs: again.body.logs }).toEqual(
      {
        input: undefined,
        clientSideActions: [],
        logs: [],
      },
    );
    // A live session (it has a result) is gone once its flow ended.
    const { botId } = await createBot(server, definition);
    await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token: server.adminToken });
    const publicId = (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).publicId!;
    const live = await request(server.url, 'POST', `/v1/bots/${publicId}/startChat`, { json: {} });
    await say(server, live.body.sessionId, 'Ann');
    const gone = await say(server, live.body.sessionId, 'Bob');
    expect({ status: gone.status, body: gone.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Session not found', issues: [] },
    });
  });
});
