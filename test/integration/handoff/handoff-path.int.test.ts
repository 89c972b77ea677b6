import { continueChat, publishDefinition, say, texts } from '../../helpers/chat';
import { handoffBot, inbox, reachHandoff } from '../../helpers/handoff';
import { ISO_MS, request } from '../../helpers/http';
import { openSse } from '../../helpers/sse';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// The whole path of a handoff over HTTP: the flow reaches the block, the
// conversation waits in the inbox, an agent takes it, both sides write (the
// visitor's words never reach the bot), the agent hands it back at a group,
// and the visitor's stream and next answer carry what the bot said.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const admin = () => server.adminToken;

describe('handoff: reach, take, talk, hand back', () => {
  test('the flow waits for a person with a text box; the inbox lists the conversation as waiting', async () => {
    const { handed, conversationId, botId, resultId } = await reachHandoff(server);
    expect(handed.status).toBe(200);
    expect(texts(handed.body)).toEqual(['Hold on, Ann']);
    expect(handed.body.input).toEqual({
      id: 'hand',
      type: 'text input',
      options: { labels: { placeholder: 'Write a message…', button: 'Send' } },
    });
    expect(handed.body.handoff).toEqual({ status: 'waiting' });

    const listed = await inbox(
      server,
      admin(),
      'GET',
      `/v1/workspaces/${server.adminWorkspaceId}/conversations?status=waiting`,
    );
    expect(listed.status).toBe(200);
    const mine = listed.body.conversations.find((conversation: { id: string }) => conversation.id === conversationId);
    expect(mine).toEqual({
      id: conversationId,
      botId,
      botName: 'Support bot',
      resultId,
      status: 'waiting',
      outcome: null,
      channel: 'web',
      team: null,
      assignee: null,
      waitingSince: expect.stringMatching(ISO_MS),
      timeoutAt: expect.stringMatching(ISO_MS),
      takenAt: null,
      endedAt: null,
      lastMessage: expect.objectContaining({ authorKind: 'bot', text: 'Hold on, Ann' }),
    });
    expect(Date.parse(mine.timeoutAt) - Date.parse(mine.waitingSince)).toBe(300_000);

    const read = await inbox(server, admin(), 'GET', `/v1/conversations/${conversationId}`);
    expect(read.status).toBe(200);
    // The transcript as the visitor saw it: the question, the answer, the waiting message.
    expect(
      read.body.messages.map((line: { authorKind: string; text: string }) => [line.authorKind, line.text]),
    ).toEqual([
      ['visitor', 'Ann'],
      ['bot', 'Hold on, Ann'],
    ]);
    expect(read.body.variables).toEqual([{ name: 'Name', value: 'Ann' }]);
    expect(read.body.groups.map((group: { title: string }) => group.title)).toEqual(['Start', 'After', 'Later']);
  });

  test('visitor and agent talk live; the bot never takes the visitor’s words as answers', async () => {
    const { sessionId, conversationId } = await reachHandoff(server);
    const visitorStream = await openSse(`${server.chatUrl}/v1/sessions/${sessionId}/events`);
    expect(visitorStream.status).toBe(200);
    await visitorStream.opened;

    const taken = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/take`);
    expect(taken.status).toBe(200);
    expect(taken.body.status).toBe('active');
    expect(taken.body.assignee.email).toBe(server.adminEmail);
    expect(JSON.parse((await visitorStream.message(1)).data)).toEqual({
      type: 'taken',
      agent: { name: expect.any(String) },
    });

    const sent = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/messages`, {
      text: 'Hello Ann, how can I help?',
      clientKey: 'k-1',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      seq: expect.any(Number),
      authorKind: 'agent',
      text: 'Hello Ann, how can I help?',
    });
    // A retry with the same key is the same message.
    const again = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/messages`, {
      text: 'Hello Ann, how can I help?',
      clientKey: 'k-1',
    });
    expect(again.body.seq).toBe(sent.body.seq);

    const live = JSON.parse((await visitorStream.message(2)).data);
    expect(live).toEqual({
      type: 'message',
      seq: sent.body.seq,
      message: {
        id: `agent-${conversationId}-${sent.body.seq}`,
        type: 'text',
        content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Hello Ann, how can I help?' }] }] },
        author: { kind: 'agent', name: expect.any(String), image: null },
      },
    });
    expect(visitorStream.text).toContain(`id: ${sent.body.seq}\n`);

    // The visitor answers: the words go to the agent; the stream gave the agent's message already.
    const reply = await say(server, sessionId, 'My order is late');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      messages: [],
      input: {
        id: 'hand',
        type: 'text input',
        options: { labels: { placeholder: 'Write a message…', button: 'Send' } },
      },
      handoff: { status: 'active' },
    });
    const read = await inbox(server, admin(), 'GET', `/v1/conversations/${conversationId}`);
    expect(
      read.body.messages.slice(-2).map((line: { authorKind: string; text: string }) => [line.authorKind, line.text]),
    ).toEqual([
      ['agent', 'Hello Ann, how can I help?'],
      ['visitor', 'My order is late'],
    ]);
    // Nothing was answered to the bot.
    const answers = await server.db.answer.findMany({ where: { result: { lastChatSessionId: sessionId } } });
    expect(answers.every((answer) => answer.content !== 'My order is late')).toBe(true);

    // Handed back at a group the agent picks: the visitor's stream gets the bot's answer, and ends.
    const released = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/release`, {
      groupId: 'later',
    });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({
      status: 'closed',
      outcome: 'released',
      endedAt: expect.stringMatching(ISO_MS),
    });
    const handedBack = JSON.parse((await visitorStream.message(3)).data);
    expect(handedBack.type).toBe('released');
    expect(texts(handedBack.response)).toEqual(['Later group']);
    expect(handedBack.response.input.id).toBe('later-input');
    await visitorStream.ended;

    // The stream gave it: the next message answers the bot's new question.
    const next = await say(server, sessionId, 'fine');
    expect(next.status).toBe(200);
    expect(next.body.messages).toEqual([]);
    expect(next.body.input).toBeUndefined();
  });

  test('a client that cannot stream gets the agent’s words and the hand-back in its next answers', async () => {
    const { sessionId, conversationId } = await reachHandoff(server);
    await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/messages`, { text: 'First' });
    await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/messages`, { text: 'Second\nline' });
    const reply = await say(server, sessionId, 'hi');
    expect(reply.body.messages.map((message: { author: unknown }) => message.author)).toEqual([
      { kind: 'agent', name: expect.any(String) },
      { kind: 'agent', name: expect.any(String) },
    ]);
    expect(texts(reply.body)).toEqual(['First', 'Second\nline']);
    expect(reply.body.messages[1].content.richText).toHaveLength(2);
    // Given once.
    expect((await say(server, sessionId, 'again')).body.messages).toEqual([]);

    await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/messages`, { text: 'Bye now' });
    const released = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/release`);
    expect(released.status).toBe(200);
    const owed = await say(server, sessionId, 'hello?');
    expect(texts(owed.body)).toEqual(['Bye now', 'Back to the bot, Ann']);
    expect(owed.body.input.id).toBe('after');
    expect(owed.body.handoff).toBeUndefined();
    // Then the bot answers as usual.
    const answered = await continueChat(server, sessionId, { message: 'done' });
    expect(answered.status).toBe(200);
    expect(answered.body.input).toBeUndefined();
  });

  test('close: the bot does not go on, the result is completed, the visitor is told', async () => {
    const { sessionId, conversationId, resultId } = await reachHandoff(server);
    const stream = await openSse(`${server.chatUrl}/v1/sessions/${sessionId}/events`);
    await stream.opened;
    const closed = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', outcome: 'closed' });
    expect(JSON.parse((await stream.message(1)).data)).toEqual({ type: 'closed', seq: expect.any(Number) });
    await stream.ended;
    expect((await server.db.result.findUniqueOrThrow({ where: { id: resultId } })).isCompleted).toBe(true);
    const after = await say(server, sessionId, 'anyone?');
    expect(after.body).toEqual({ messages: [] });
    // Ended twice is a conflict, in the documented error object.
    const twice = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/close`);
    expect({ status: twice.status, body: twice.body }).toEqual({
      status: 409,
      body: { code: 'CONFLICT', message: 'This conversation has ended', issues: [] },
    });
    const listed = await inbox(
      server,
      admin(),
      'GET',
      `/v1/workspaces/${server.adminWorkspaceId}/conversations?status=closed`,
    );
    expect(listed.body.conversations.map((conversation: { id: string }) => conversation.id)).toContain(conversationId);
  });

  test('bad input gets the documented error object', async () => {
    const { conversationId } = await reachHandoff(server, handoffBot());
    const empty = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/messages`, { text: '   ' });
    expect({ status: empty.status, body: empty.body }).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        message: 'Invalid input data',
        issues: [{ path: ['text'], message: 'Write something to send' }],
      },
    });
    const badGroup = await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/release`, {
      groupId: 'nope',
    });
    expect(badGroup.status).toBe(400);
    expect(badGroup.body.message).toBe('Group nope not found in this bot');
    // Still open after the refusal.
    expect((await inbox(server, admin(), 'GET', `/v1/conversations/${conversationId}`)).body.status).toBe('waiting');
    const badStatus = await inbox(
      server,
      admin(),
      'GET',
      `/v1/workspaces/${server.adminWorkspaceId}/conversations?status=nope`,
    );
    expect(badStatus.status).toBe(400);
    const missing = await inbox(server, admin(), 'GET', `/v1/conversations/nope`);
    expect({ status: missing.status, body: missing.body }).toEqual({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Conversation not found', issues: [] },
    });
  });

  test("the result's transcript keeps the agents' words with their names, and where the bot went on", async () => {
    const { sessionId, conversationId, botId, resultId } = await reachHandoff(server);
    await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/messages`, { text: 'Hi, I am here' });
    await say(server, sessionId, 'Thanks');
    await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/release`, { groupId: 'later' });
    await say(server, sessionId, 'after the person');
    await say(server, sessionId, 'last answer');
    // Written before the visitor saw the hand-back: kept as their last line in the conversation.
    const conversation = await inbox(server, admin(), 'GET', `/v1/conversations/${conversationId}`);
    expect(conversation.body.messages.at(-1)).toMatchObject({ authorKind: 'visitor', text: 'after the person' });
    const transcript = await inbox(server, admin(), 'GET', `/v1/bots/${botId}/results/${resultId}/transcript`);
    expect(transcript.status).toBe(200);
    const admin_ = await server.db.user.findUniqueOrThrow({ where: { email: server.adminEmail } });
    expect(
      transcript.body.transcript.map((line: { role: string; text?: string; author?: string }) => [
        line.role,
        line.text,
        line.author,
      ]),
    ).toEqual([
      ['user', 'Ann', undefined],
      ['bot', 'Hold on, Ann', undefined],
      ['agent', 'Hi, I am here', admin_.name?.trim() || admin_.email],
      ['user', 'Thanks', undefined],
      // The visitor wrote it before seeing what the bot said on the hand-back.
      ['user', 'after the person', undefined],
      ['bot', 'Later group', undefined],
      ['user', 'last answer', undefined],
    ]);
  });

  test('the official Typebot embed (its /api/v1 paths) writes to the person and gets the answers in its next reply', async () => {
    const bot = await publishDefinition(server, handoffBot());
    const started = await request(server.url, 'POST', `/api/v1/typebots/${bot.publicId}/startChat`, { json: {} });
    expect(started.status).toBe(200);
    const sessionId: string = started.body.sessionId;
    const path = `/api/v1/sessions/${sessionId}/continueChat`;
    const handed = await request(server.url, 'POST', path, { json: { message: 'Ann' } });
    expect(texts(handed.body)).toEqual(['Hold on, Ann']);
    expect(handed.body.input).toMatchObject({ id: 'hand', type: 'text input' });
    const { id: conversationId } = await server.db.conversation.findFirstOrThrow({ where: { sessionId } });
    expect((await server.db.conversation.findUniqueOrThrow({ where: { id: conversationId } })).channel).toBe('web');
    await inbox(server, admin(), 'POST', `/v1/conversations/${conversationId}/messages`, {
      text: 'Hello from a person',
    });
    const reply = await request(server.url, 'POST', path, { json: { message: { type: 'text', text: 'Hi person' } } });
    expect(reply.status).toBe(200);
    expect(texts(reply.body)).toEqual(['Hello from a person']);
    expect(reply.body.input).toMatchObject({ id: 'hand', type: 'text input' });
    const read = await inbox(server, admin(), 'GET', `/v1/conversations/${conversationId}`);
    expect(read.body.messages.at(-1)).toMatchObject({ authorKind: 'visitor', text: 'Hi person' });
  });

  test('a chat embedded in another site is listed as embed', async () => {
    const bot = await publishDefinition(server, handoffBot());
    const headers = { origin: 'https://shop.example' };
    const started = await request(server.url, 'POST', `/v1/bots/${bot.publicId}/startChat`, { json: {}, headers });
    const sessionId: string = started.body.sessionId;
    await request(server.url, 'POST', `/v1/sessions/${sessionId}/continueChat`, { json: { message: 'Ann' }, headers });
    expect((await server.db.conversation.findFirstOrThrow({ where: { sessionId } })).channel).toBe('embed');
  });
});
