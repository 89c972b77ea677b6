import {
  continueChat,
  group,
  publishDefinition,
  say,
  startChat,
  textBubble,
  textInput,
  texts,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// The wait-for-webhook block: the conversation pauses until an outside system
// posts to executeWebhook (a member's token); the visitor's next turn goes on
// with the payload mapped into variables. A Typebot embed that relays the
// payload itself, as a text reply, works too.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const definition = v6Bot({
  groups: [
    group('g1', [
      textInput('ask', 'vname'),
      {
        id: 'wait',
        type: 'webhook',
        options: { responseVariableMapping: [{ id: 'm1', variableId: 'vcity', bodyPath: 'data.city' }] },
      },
      textBubble('show', 'City={{City}}'),
      textInput('end'),
    ]),
  ],
  variables: [
    { id: 'vname', name: 'Name' },
    { id: 'vcity', name: 'City' },
  ],
});

async function waiting(): Promise<{ botId: string; sessionId: string; resultId: string }> {
  const { botId, publicId } = await publishDefinition(server, definition);
  const started = await startChat(server, publicId);
  const paused = await say(server, started.body.sessionId, 'Ann');
  expect(paused.body.clientSideActions).toEqual([{ type: 'listenForWebhook', expectsDedicatedReply: true }]);
  return { botId, sessionId: started.body.sessionId, resultId: started.body.resultId };
}

const hook = (botId: string, resultId: string, blockId = 'wait') =>
  `/v1/bots/${botId}/blocks/${blockId}/results/${resultId}/executeWebhook`;

describe('wait for webhook', () => {
  test('executeWebhook keeps the payload; the next turn maps data.* and goes on', async () => {
    const { botId, sessionId, resultId } = await waiting();
    const posted = await request(server.url, 'POST', hook(botId, resultId), {
      token: server.adminToken,
      json: { city: 'Paris', extra: [1] },
    });
    expect({ status: posted.status, body: posted.body }).toEqual({ status: 200, body: { message: 'OK' } });
    const next = await continueChat(server, sessionId, {});
    expect(next.status).toBe(200);
    expect(texts(next.body)).toEqual(['City=Paris']);
    expect(next.body.input.id).toBe('end');
    // As the reference: the result keeps the log, the visitor gets none.
    expect(next.body.logs).toEqual([]);
    expect(
      (await server.db.log.findMany({ where: { resultId } })).map((log) => [log.status, log.description, log.details]),
    ).toEqual([['success', 'Webhook executed successfully!', JSON.stringify({ city: 'Paris', extra: [1] })]]);
    // Nothing waits any more.
    const again = await request(server.url, 'POST', hook(botId, resultId), {
      token: server.adminToken,
      json: { city: 'Rome' },
    });
    expect({ status: again.status, body: again.body }).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'The conversation is not waiting for this webhook', issues: [] },
    });
  });

  test('a client that relays the payload itself (Typebot embeds) gets the same', async () => {
    const { sessionId } = await waiting();
    const next = await say(server, sessionId, JSON.stringify({ city: 'Lyon' }));
    expect(texts(next.body)).toEqual(['City=Lyon']);
  });

  test('refusals: no token, another workspace, an unknown block or result', async () => {
    const { botId, resultId } = await waiting();
    expect((await request(server.url, 'POST', hook(botId, resultId), { json: { city: 'x' } })).status).toBe(401);
    const outsider = await createUserWithToken(server.db, 'outsider-webhook@parley.test');
    expect(
      (await request(server.url, 'POST', hook(botId, resultId), { token: outsider.token, json: { city: 'x' } })).status,
    ).toBe(404);
    const unknownBlock = await request(server.url, 'POST', hook(botId, resultId, 'nope'), {
      token: server.adminToken,
      json: { city: 'x' },
    });
    expect(unknownBlock.body).toEqual({ code: 'NOT_FOUND', message: 'Webhook block not found', issues: [] });
    const unknownResult = await request(server.url, 'POST', hook(botId, 'nope'), {
      token: server.adminToken,
      json: { city: 'x' },
    });
    expect(unknownResult.body).toEqual({ code: 'NOT_FOUND', message: 'Result not found', issues: [] });
    const notAnObject = await request(server.url, 'POST', hook(botId, resultId), {
      token: server.adminToken,
      raw: '[1,2]',
    });
    expect(notAnObject.status).toBe(400);
  });
});
