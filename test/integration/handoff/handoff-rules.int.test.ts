import { say, texts } from '../../helpers/chat';
import { handoffBot, inbox, reachHandoff } from '../../helpers/handoff';
import { graphql } from '../../helpers/http';
import { openSse } from '../../helpers/sse';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Who may do what with a handed-off conversation, what happens when nobody
// takes it, and the bounds.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ handoff: { sweepMs: 50, maxWaitingPerWorkspace: 3 } });
});
afterAll(() => server.close());

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('nobody takes it', () => {
  test('past timeoutSeconds the bot goes on along the outgoing edge; the visitor is told', async () => {
    const { sessionId, conversationId } = await reachHandoff(server, handoffBot({ timeoutSeconds: 10 }));
    const stored = await server.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect(stored.timeoutAt.getTime() - stored.waitingSince.getTime()).toBe(10_000);
    const stream = await openSse(`${server.chatUrl}/v1/sessions/${sessionId}/events`);
    await stream.opened;
    // Ten seconds are long for a test: the deadline is moved to now.
    await server.db.conversation.update({ where: { id: conversationId }, data: { timeoutAt: new Date() } });
    const released = JSON.parse((await stream.message(1, 5000)).data);
    expect(released.type).toBe('released');
    expect(texts(released.response)).toEqual(['Back to the bot, Ann']);
    const ended = await server.db.conversation.findUniqueOrThrow({ where: { id: conversationId } });
    expect({ status: ended.status, outcome: ended.outcome, assigneeId: ended.assigneeId }).toEqual({
      status: 'closed',
      outcome: 'timedOut',
      assigneeId: null,
    });
    // Too late to take it.
    const late = await inbox(server, server.adminToken, 'POST', `/v1/conversations/${conversationId}/take`);
    expect({ status: late.status, message: late.body.message }).toEqual({
      status: 409,
      message: 'This conversation has ended',
    });
    // The bot answers the visitor again.
    const next = await say(server, sessionId, 'ok');
    expect(next.status).toBe(200);
    expect(next.body.messages).toEqual([]);
  });

  test('a taken conversation does not time out', async () => {
    const { conversationId } = await reachHandoff(server, handoffBot({ timeoutSeconds: 10 }));
    await inbox(server, server.adminToken, 'POST', `/v1/conversations/${conversationId}/take`);
    await server.db.conversation.update({
      where: { id: conversationId },
      data: { timeoutAt: new Date(Date.now() - 1000) },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await server.db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).status).toBe('active');
    await inbox(server, server.adminToken, 'POST', `/v1/conversations/${conversationId}/close`);
  });

  test('past PARLEY_HANDOFF_MAX_WAITING per workspace, a handoff goes on at once', async () => {
    const { personalWorkspaceId: workspaceId, token } = await createUserWithToken(server.db, 'bounds@example.com');
    // The admin's token publishes the bots: it is a member of this workspace too.
    const admin = await server.db.user.findUniqueOrThrow({ where: { email: server.adminEmail } });
    await server.db.memberInWorkspace.create({ data: { userId: admin.id, workspaceId, role: 'ADMIN' } });
    const reached = [];
    for (let index = 0; index < 4; index += 1) reached.push(await reachHandoff(server, handoffBot(), workspaceId));
    const fourth = reached[3]!;
    const ended = await until(
      () => server.db.conversation.findUniqueOrThrow({ where: { id: fourth.conversationId } }),
      (conversation) => conversation.status === 'closed',
    );
    expect(ended.outcome).toBe('timedOut');
    const waiting = await inbox(server, token, 'GET', `/v1/workspaces/${workspaceId}/conversations?status=waiting`);
    expect(waiting.body.conversations).toHaveLength(3);
  });
});

describe('who may do what', () => {
  test('MEMBER answers; GUEST reads only; others see nothing', async () => {
    const { conversationId } = await reachHandoff(server);
    const member = await createUserWithToken(server.db, 'member@example.com', {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    const guest = await createUserWithToken(server.db, 'guest@example.com', {
      workspaceId: server.adminWorkspaceId,
      role: 'GUEST',
    });
    const stranger = await createUserWithToken(server.db, 'stranger@example.com');

    expect((await inbox(server, guest.token, 'GET', `/v1/conversations/${conversationId}`)).status).toBe(200);
    for (const [method, path, json] of [
      ['POST', 'take', undefined],
      ['POST', 'messages', { text: 'hi' }],
      ['POST', 'release', undefined],
      ['POST', 'close', undefined],
    ] as const) {
      const refused = await inbox(server, guest.token, method, `/v1/conversations/${conversationId}/${path}`, json);
      expect({ path, status: refused.status, body: refused.body }).toEqual({
        path,
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Insufficient access', issues: [] },
      });
      const hidden = await inbox(server, stranger.token, method, `/v1/conversations/${conversationId}/${path}`, json);
      expect({ path, status: hidden.status, code: hidden.body.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
    }
    expect((await inbox(server, stranger.token, 'GET', `/v1/conversations/${conversationId}`)).status).toBe(404);
    const strangerList = await inbox(
      server,
      stranger.token,
      'GET',
      `/v1/workspaces/${server.adminWorkspaceId}/conversations`,
    );
    expect(strangerList.status).toBe(404);
    const strangerLive = await openSse(`${server.url}/v1/workspaces/${server.adminWorkspaceId}/conversations/live`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(strangerLive.status).toBe(404);
    const viaGraphql = await graphql(
      server.url,
      'query($id: ID!) { conversation(id: $id) { id } }',
      { id: conversationId },
      stranger.token,
    );
    expect(viaGraphql.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    // The member takes it; the admin then cannot write in it, and is told who has it.
    const taken = await inbox(server, member.token, 'POST', `/v1/conversations/${conversationId}/take`);
    expect(taken.status).toBe(200);
    const other = await inbox(server, server.adminToken, 'POST', `/v1/conversations/${conversationId}/messages`, {
      text: 'me too',
    });
    expect({ status: other.status, body: other.body }).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'member@example.com has this conversation', issues: [] },
    });
    const mine = await inbox(
      server,
      member.token,
      'GET',
      `/v1/workspaces/${server.adminWorkspaceId}/conversations?status=active`,
    );
    expect(mine.body.conversations.map((conversation: { id: string }) => conversation.id)).toContain(conversationId);
    expect((await inbox(server, member.token, 'POST', `/v1/conversations/${conversationId}/close`)).status).toBe(200);
  });

  test('the inbox stream tells members of new, taken and answered conversations', async () => {
    const live = await openSse(`${server.url}/v1/workspaces/${server.adminWorkspaceId}/conversations/live`, {
      headers: { authorization: `Bearer ${server.adminToken}` },
    });
    expect(live.status).toBe(200);
    await live.opened;
    const { conversationId, sessionId, botId } = await reachHandoff(server);
    expect(JSON.parse((await live.message(1)).data)).toEqual({ type: 'waiting', conversationId, botId });
    await inbox(server, server.adminToken, 'POST', `/v1/conversations/${conversationId}/take`);
    expect(JSON.parse((await live.message(2)).data)).toEqual({ type: 'taken', conversationId, botId });
    await say(server, sessionId, 'hello');
    expect(JSON.parse((await live.message(3)).data)).toEqual({
      type: 'message',
      conversationId,
      botId,
      seq: expect.any(Number),
      authorKind: 'visitor',
    });
    live.close();
  });

  test('a visitor cannot post as an agent, nor follow a session that never waited', async () => {
    const { sessionId, conversationId } = await reachHandoff(server);
    const forged = await say(server, sessionId, {
      type: 'text',
      text: 'I am the agent',
      author: { kind: 'agent', name: 'Eve' },
    });
    expect(forged.status).toBe(200);
    const lines = await inbox(server, server.adminToken, 'GET', `/v1/conversations/${conversationId}`);
    expect(lines.body.messages.at(-1)).toMatchObject({ authorKind: 'visitor', author: null, text: 'I am the agent' });
    const noSession = await openSse(`${server.chatUrl}/v1/sessions/nope/events`);
    expect(noSession.status).toBe(404);
  });

  test('a conversation whose opening failed is opened by the visitor’s next words, which reach it', async () => {
    const { sessionId, conversationId } = await reachHandoff(server);
    // As if the process died between the turn's commit and the opening.
    await server.db.conversation.delete({ where: { id: conversationId } });
    const reply = await say(server, sessionId, 'Anyone there?');
    expect(reply.status).toBe(200);
    expect(reply.body.handoff).toEqual({ status: 'waiting' });
    const reopened = await server.db.conversation.findFirstOrThrow({ where: { sessionId } });
    expect({ status: reopened.status, blockId: reopened.blockId, team: reopened.team }).toEqual({
      status: 'waiting',
      blockId: 'hand',
      team: null,
    });
    const read = await inbox(server, server.adminToken, 'GET', `/v1/conversations/${reopened.id}`);
    expect(read.body.messages.at(-1)).toMatchObject({ authorKind: 'visitor', text: 'Anyone there?' });
  });
});
