import { MINIMAL_BOT } from '../../helpers/bots';
import { request } from '../../helpers/http';
import { openSse } from '../../helpers/sse';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// A /graphql subscription's event stream says it is alive every
// PARLEY_LIVE_HEARTBEAT_SECONDS, and says how often as it opens
// (`: heartbeat <ms>`): the console gives a stream silent for longer up as dead
// although open (docs/co-editing.md#the-flow-editors-side). The beats are
// comments between events, which arrive whole.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ liveStreams: { heartbeatMs: 200 } });
});
afterAll(async () => {
  await server?.close();
});

test('the stream opens with its heartbeat period, beats while quiet, and its events arrive whole between beats', async () => {
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    json: { workspaceId: server.adminWorkspaceId, bot: MINIMAL_BOT },
  });
  expect(created.status).toBe(200);
  const botId = created.body.bot.id as string;
  const stream = await openSse(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminToken}` },
    body: JSON.stringify({
      query: 'subscription ($botId: ID!) { draftChanged(botId: $botId) { botId draftVersion } }',
      variables: { botId },
    }),
  });
  try {
    expect(stream.status).toBe(200);
    await stream.opened;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Said first (after yoga's own empty comment, which it writes as it subscribes), before any event.
    expect(stream.text).toMatch(/^(:\n\n)?: heartbeat 200\n\n/);
    expect(stream.text.match(/^: heartbeat 200$/gm)!.length).toBeGreaterThanOrEqual(4);

    for (const name of ['One', 'Two', 'Three']) {
      const patched = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
        token: server.adminToken,
        json: { bot: { name } },
      });
      expect(patched.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const events = await Promise.all([1, 2, 3].map((count) => stream.message(count)));
    expect(events.map((event) => [event.event, JSON.parse(event.data)])).toEqual(
      [1, 2, 3].map((draftVersion) => ['next', { data: { draftChanged: { botId, draftVersion } } }]),
    );
  } finally {
    stream.close();
  }
});
