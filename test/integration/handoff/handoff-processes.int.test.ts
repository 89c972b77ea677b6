import { say, texts } from '../../helpers/chat';
import { inbox, reachHandoff } from '../../helpers/handoff';
import { openSse } from '../../helpers/sse';
import { onPostgres } from '../../helpers/test-database';
import { startPeerServer, startTestServer, type TestServer } from '../../helpers/test-server';

// A handoff across processes and restarts: the agent on one server, the
// visitor on another (events cross through PostgreSQL's LISTEN/NOTIFY; SQLite
// runs several processes only as `--workers`, whose relay the cluster tests
// cover), and a server stopped in the middle: every line is in the database,
// so nothing is lost and the stream picks up where it was.

let home: TestServer;
let agentSide: TestServer;
beforeAll(async () => {
  home = await startTestServer();
  agentSide = await startPeerServer(home);
});
afterAll(async () => {
  await agentSide?.close();
  await home?.close();
});

(onPostgres ? describe : describe.skip)('two processes (PostgreSQL)', () => {
  test('the agent on one process, the visitor on another: both see each other live', async () => {
    const { sessionId, conversationId } = await reachHandoff(home);
    const visitor = await openSse(`${home.chatUrl}/v1/sessions/${sessionId}/events`);
    await visitor.opened;
    const agentWatch = await openSse(`${agentSide.url}/v1/workspaces/${home.adminWorkspaceId}/conversations/live`, {
      headers: { authorization: `Bearer ${home.adminToken}` },
    });
    await agentWatch.opened;

    const sent = await inbox(agentSide, home.adminToken, 'POST', `/v1/conversations/${conversationId}/messages`, {
      text: 'From the other process',
    });
    expect(sent.status).toBe(200);
    const taken = JSON.parse((await visitor.message(1)).data);
    expect(taken.type).toBe('taken');
    const message = JSON.parse((await visitor.message(2)).data);
    expect(texts({ messages: [message.message] })).toEqual(['From the other process']);

    await say(home, sessionId, 'Seen it');
    const events = [];
    for (let index = 1; index <= 3; index += 1) events.push(JSON.parse((await agentWatch.message(index)).data));
    expect(events.map((event) => [event.type, event.authorKind])).toEqual([
      ['taken', undefined],
      ['message', 'agent'],
      ['message', 'visitor'],
    ]);
    const read = await inbox(agentSide, home.adminToken, 'GET', `/v1/conversations/${conversationId}`);
    expect(read.body.messages.at(-1)).toMatchObject({ authorKind: 'visitor', text: 'Seen it' });

    const released = await inbox(agentSide, home.adminToken, 'POST', `/v1/conversations/${conversationId}/release`);
    expect(released.status).toBe(200);
    expect(texts(JSON.parse((await visitor.message(3)).data).response)).toEqual(['Back to the bot, Ann']);
    agentWatch.close();
  });
});

describe('a restart in the middle', () => {
  test('a server stops while the conversation is active: the stream resumes from Last-Event-ID, nothing is lost', async () => {
    const first = await startPeerServer(home);
    const { sessionId, conversationId } = await reachHandoff(first);
    const stream = await openSse(`${first.chatUrl}/v1/sessions/${sessionId}/events`);
    await stream.opened;
    const one = await inbox(first, home.adminToken, 'POST', `/v1/conversations/${conversationId}/messages`, {
      text: 'one',
    });
    const seen = JSON.parse((await stream.message(2)).data);
    expect(seen).toMatchObject({ type: 'message', seq: one.body.seq });
    stream.close();
    await first.close();

    // Written while the visitor's server was down.
    const two = await inbox(agentSide, home.adminToken, 'POST', `/v1/conversations/${conversationId}/messages`, {
      text: 'two',
    });
    const second = await startPeerServer(home);
    try {
      const resumed = await openSse(`${second.chatUrl}/v1/sessions/${sessionId}/events`, {
        headers: { 'last-event-id': String(one.body.seq) },
      });
      expect(resumed.status).toBe(200);
      const event = JSON.parse((await resumed.message(2)).data);
      expect(event).toMatchObject({ type: 'message', seq: two.body.seq });
      expect(texts({ messages: [event.message] })).toEqual(['two']);
      // The visitor's words reach the agent through the new server.
      await say(second, sessionId, 'still here');
      const read = await inbox(agentSide, home.adminToken, 'GET', `/v1/conversations/${conversationId}`);
      expect(read.body.messages.slice(-3).map((line: { text: string }) => line.text)).toEqual([
        'one',
        'two',
        'still here',
      ]);
      // A page that comes back rebuilds the whole conversation.
      const history = await openSse(`${second.chatUrl}/v1/sessions/${sessionId}/events?after=0&history=true`);
      const replayed = [];
      for (let index = 2; index <= 5; index += 1) replayed.push(JSON.parse((await history.message(index)).data));
      expect(replayed.map((event) => [event.message.author.kind, texts({ messages: [event.message] })[0]])).toEqual([
        ['visitor', 'Ann'],
        ['agent', 'one'],
        ['agent', 'two'],
        ['visitor', 'still here'],
      ]);
      resumed.close();
      history.close();
    } finally {
      await second.close();
    }
  });
});
