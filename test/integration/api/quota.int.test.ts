import { publishDefinition, say, startChat, threeQuestions } from '../../helpers/chat';
import { errorBody, graphql, request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// The chats quota: a workspace at its limit (customChatsLimit, or its plan's
// when plan limits are enforced) starts no new chats; conversations under way
// finish; usage against the limit reads back in GraphQL.

const CLOSED = errorBody('BAD_REQUEST', 'This bot is now closed');

function usage(server: TestServer) {
  return graphql(
    server.url,
    `
      query ($id: ID) {
        usage(workspaceId: $id) {
          totalChatsUsed
          chatsLimit
        }
      }
    `,
    { id: server.adminWorkspaceId },
    server.adminToken,
  );
}

describe('customChatsLimit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ quotaCacheMs: 0 });
  });
  afterAll(() => server.close());

  test('new chats are refused at the limit, a running conversation finishes, and raising the limit reopens', async () => {
    const { publicId } = await publishDefinition(server, threeQuestions());
    expect((await usage(server)).body.data.usage).toEqual({ totalChatsUsed: 0, chatsLimit: null });
    await server.db.workspace.update({ where: { id: server.adminWorkspaceId }, data: { customChatsLimit: 2 } });

    const first = (await startChat(server, publicId)).body;
    expect((await say(server, first.sessionId, 'a1')).status).toBe(200);
    const second = (await startChat(server, publicId)).body;
    expect((await say(server, second.sessionId, 'b1')).status).toBe(200);
    expect((await usage(server)).body.data.usage).toEqual({ totalChatsUsed: 2, chatsLimit: 2 });

    const refused = await startChat(server, publicId);
    expect([refused.status, refused.body]).toEqual([400, CLOSED]);
    const viaAlias = await request(server.url, 'POST', `/api/v1/typebots/${publicId}/startChat`, { json: {} });
    expect([viaAlias.status, viaAlias.body.message]).toEqual([400, 'This bot is now closed']);

    // The conversations already under way go on to their end.
    expect((await say(server, first.sessionId, 'a2')).status).toBe(200);
    const end = await say(server, first.sessionId, 'a3');
    expect(end.status).toBe(200);
    expect(end.body.messages).toHaveLength(1);

    await server.db.workspace.update({ where: { id: server.adminWorkspaceId }, data: { customChatsLimit: 3 } });
    expect((await startChat(server, publicId)).status).toBe(200);
  });
});

describe('plan limits (PARLEY_ENFORCE_PLAN_LIMITS)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ enforcePlanLimits: true, quotaCacheMs: 0 });
  });
  afterAll(() => server.close());

  test("a workspace without a custom limit is held to its plan's", async () => {
    expect((await usage(server)).body.data.usage).toEqual({ totalChatsUsed: 0, chatsLimit: 200 });
    await server.db.workspace.update({ where: { id: server.adminWorkspaceId }, data: { plan: 'UNLIMITED' } });
    expect((await usage(server)).body.data.usage).toEqual({ totalChatsUsed: 0, chatsLimit: null });
  });
});
