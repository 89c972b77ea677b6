import { publishDefinition, say, startChat } from '../../helpers/chat';
import { handoffBot, inbox } from '../../helpers/handoff';
import { graphql, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// A bot's handoffs in its analytics: conversations that began waiting in the
// range, by how they stand or ended, and the medians of the wait (waitingSince
// → takenAt) and of the handling (takenAt → endedAt), checked against the
// timestamps the database holds after real takes, releases, closes and a
// time-out run by the server's sweeper.

jest.setTimeout(60_000);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ handoff: { sweepMs: 100 } });
});
afterAll(() => server.close());

const HANDOFFS = `query ($botId: ID!, $timeFilter: TimeFilter, $timeZone: String) {
  bot(botId: $botId) { analytics(timeFilter: $timeFilter, timeZone: $timeZone) { handoffs {
    total waiting active taken timedOut released closed medianWaitSeconds medianHandlingSeconds
  } } }
}`;

const act = async (conversationId: string, action: 'take' | 'release' | 'close') => {
  const answer = await inbox(server, server.adminToken, 'POST', `/v1/conversations/${conversationId}/${action}`);
  expect(answer.status).toBe(200);
};

/** A visitor of the bot reaches its Handoff block; answers the conversation's id. */
async function handOff(publicId: string, name: string): Promise<string> {
  const sessionId: string = (await startChat(server, publicId)).body.sessionId;
  expect((await say(server, sessionId, name)).body.handoff).toEqual({ status: 'waiting' });
  return (await server.db.conversation.findFirstOrThrow({ where: { sessionId } })).id;
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await check()); waited += 50) {
    if (waited > 10_000) throw new Error('waited too long');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

test('counts handoffs by outcome, with the median wait and handling time, in the range; REST says the same', async () => {
  const bot = await publishDefinition(server, handoffBot({ timeoutSeconds: 10 }));
  const empty = await graphql(server.url, HANDOFFS, { botId: bot.botId }, server.adminToken);
  expect(empty.body.data.bot.analytics.handoffs).toEqual({
    total: 0,
    waiting: 0,
    active: 0,
    taken: 0,
    timedOut: 0,
    released: 0,
    closed: 0,
    medianWaitSeconds: null,
    medianHandlingSeconds: null,
  });

  const [closedOne, releasedOne, activeOne, timedOutOne, waitingOne, releasedUntaken, oldOne] = await Promise.all(
    ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((name) => handOff(bot.publicId, name)),
  );
  // Waits of different lengths; then handling times of different lengths.
  await act(closedOne!, 'take');
  await pause(30);
  await act(releasedOne!, 'take');
  await pause(30);
  await act(activeOne!, 'take');
  await act(oldOne!, 'take');
  await act(releasedOne!, 'release');
  await pause(30);
  await act(closedOne!, 'close');
  await act(releasedUntaken!, 'release');
  await act(oldOne!, 'close');
  // Nobody takes D: its time-out is brought forward instead of waited for.
  await server.db.conversation.update({
    where: { id: timedOutOne! },
    data: { timeoutAt: new Date(Date.now() - 1000) },
  });
  await until(
    async () => (await server.db.conversation.findUniqueOrThrow({ where: { id: timedOutOne! } })).status === 'closed',
  );
  // G began waiting 40 days ago: out of the default range (the last 7 days), in allTime.
  const back = 40 * 24 * 3600 * 1000;
  const old = await server.db.conversation.findUniqueOrThrow({ where: { id: oldOne! } });
  await server.db.conversation.update({
    where: { id: oldOne! },
    data: {
      waitingSince: new Date(old.waitingSince.getTime() - back),
      takenAt: new Date(old.takenAt!.getTime() - back),
      endedAt: new Date(old.endedAt!.getTime() - back),
    },
  });
  // Waits of 10, 50 and 20 s (the visitors came together): the median is the middle one, 20.
  for (const [id, wait] of [
    [closedOne!, 10],
    [releasedOne!, 50],
    [activeOne!, 20],
  ] as const) {
    const row = await server.db.conversation.findUniqueOrThrow({ where: { id } });
    await server.db.conversation.update({
      where: { id },
      data: { waitingSince: new Date(row.takenAt!.getTime() - wait * 1000) },
    });
  }
  // Nor is the console's test chat of the same bot.
  const preview = await request(server.url, 'POST', `/v1/bots/${bot.botId}/preview/startChat`, {
    json: {},
    token: server.adminToken,
  });
  expect((await say(server, preview.body.sessionId, 'Tester')).body.handoff).toEqual({ status: 'waiting' });
  expect(await server.db.conversation.count({ where: { sessionId: preview.body.sessionId, channel: 'preview' } })).toBe(
    1,
  );
  // Another bot's handoff is not counted.
  await handOff((await publishDefinition(server, handoffBot())).publicId, 'Other');

  const rows = await server.db.conversation.findMany({ where: { botId: bot.botId } });
  const byId = new Map(rows.map((row) => [row.id, row]));
  expect(byId.get(timedOutOne!)).toMatchObject({ outcome: 'timedOut', takenAt: null });
  expect(byId.get(waitingOne!)).toMatchObject({ status: 'waiting' });
  const seconds = (from: Date | null, to: Date | null) => (to!.getTime() - from!.getTime()) / 1000;
  const waitOf = (id: string) => seconds(byId.get(id)!.waitingSince, byId.get(id)!.takenAt);
  const handlingOf = (id: string) => seconds(byId.get(id)!.takenAt, byId.get(id)!.endedAt);

  const recent = await graphql(server.url, HANDOFFS, { botId: bot.botId }, server.adminToken);
  expect(recent.body.errors).toBeUndefined();
  const stats = recent.body.data.bot.analytics.handoffs;
  expect(stats).toEqual({
    total: 6,
    waiting: 1,
    active: 1,
    taken: 3,
    timedOut: 1,
    released: 2,
    closed: 1,
    medianWaitSeconds: expect.any(Number),
    medianHandlingSeconds: expect.any(Number),
  });
  expect(stats.medianWaitSeconds).toBeCloseTo(median([closedOne!, releasedOne!, activeOne!].map(waitOf)), 6);
  expect(stats.medianWaitSeconds).toBe(20);
  expect(stats.medianHandlingSeconds).toBeCloseTo(median([closedOne!, releasedOne!].map(handlingOf)), 6);

  const all = await graphql(server.url, HANDOFFS, { botId: bot.botId, timeFilter: 'allTime' }, server.adminToken);
  const allStats = all.body.data.bot.analytics.handoffs;
  expect(allStats).toMatchObject({ total: 7, taken: 4, closed: 2, released: 2, timedOut: 1 });
  expect(allStats.medianWaitSeconds).toBeCloseTo(
    median([closedOne!, releasedOne!, activeOne!, oldOne!].map(waitOf)),
    6,
  );
  expect(allStats.medianHandlingSeconds).toBeCloseTo(median([closedOne!, releasedOne!, oldOne!].map(handlingOf)), 6);

  const rest = await inbox(server, server.adminToken, 'GET', `/v1/bots/${bot.botId}/analytics/handoffs`);
  expect(rest.status).toBe(200);
  expect(rest.body).toEqual(stats);
  const restAll = await inbox(
    server,
    server.adminToken,
    'GET',
    `/v1/bots/${bot.botId}/analytics/handoffs?timeFilter=allTime&timeZone=Europe/Paris`,
  );
  expect(restAll.body).toEqual(allStats);
});

test('a wrong time zone is a 400 at timeZone; outside the workspace the bot is not found', async () => {
  const bot = await publishDefinition(server, handoffBot());
  const wrong = await inbox(server, server.adminToken, 'GET', `/v1/bots/${bot.botId}/analytics/handoffs?timeZone=Mars`);
  expect({ status: wrong.status, body: wrong.body }).toEqual({
    status: 400,
    body: {
      code: 'BAD_REQUEST',
      message: expect.any(String),
      issues: [{ path: ['timeZone'], message: expect.stringContaining('unknown time zone "Mars"') }],
    },
  });
  const outsider = await createUserWithToken(server.db, 'handoff-analytics-outsider@example.com');
  const hidden = await inbox(server, outsider.token, 'GET', `/v1/bots/${bot.botId}/analytics/handoffs`);
  expect(hidden.status).toBe(404);
  expect(hidden.body.code).toBe('NOT_FOUND');
});
