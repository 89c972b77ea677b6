import { DateTime } from 'luxon';
import { createResult, recordAnswer } from '../../../src/services/results';
import { MINIMAL_BOT } from '../../helpers/bots';
import { graphql, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// The range of a series: all time runs from the bucket of the bot's first
// event to the bucket of now (the one that contains the request's instant),
// whatever the interval; a period that ended stops at its own end.

let server: TestServer;
let user: { token: string; personalWorkspaceId: string };
let botId: string;
let oldBotId: string;
const HOUR = 3_600_000;
// 9 days, 5 hours and a bit ago: its hour, day and week all start before it.
const firstEvent = new Date(Date.now() - 9 * 24 * HOUR - 5 * HOUR - 17_000);

async function createBot(): Promise<string> {
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: user.token,
    json: { workspaceId: user.personalWorkspaceId, bot: MINIMAL_BOT },
  });
  expect(created.status).toBe(200);
  return created.body.bot.id;
}

beforeAll(async () => {
  server = await startTestServer();
  user = await createUserWithToken(server.db, 'series-range@parley.test');
  botId = await createBot();
  await createResult(server.db, botId, { createdAt: firstEvent });
  const started = await createResult(server.db, botId, { createdAt: new Date(Date.now() - 2 * HOUR) });
  await recordAnswer(server.db, started.id, { blockId: 'b', content: 'x' });
  oldBotId = await createBot();
  // Over 50,000 hours ago (5.7 years).
  await createResult(server.db, oldBotId, { createdAt: new Date(Date.now() - 60_000 * HOUR) });
});
afterAll(() => server.close());

interface Bucket {
  start: string;
  end: string;
  localStart: string;
  views: number;
  starts: number;
}

const SERIES = `query($botId: ID!, $interval: SeriesInterval!, $timeFilter: TimeFilter!, $timeZone: String!) {
  bot(botId: $botId) { analytics(timeFilter: $timeFilter, timeZone: $timeZone) { series(interval: $interval) { start end localStart views starts } } } }`;

async function series(interval: string, timeFilter: string, timeZone: string, bot = botId) {
  return graphql<{ bot: { analytics: { series: Bucket[] } } }>(
    server.url,
    SERIES,
    { botId: bot, interval, timeFilter, timeZone },
    user.token,
  );
}

const UNIT = { HOUR: 'hour', DAY: 'day', WEEK: 'week' } as const;

for (const timeZone of ['UTC', 'Asia/Kolkata', 'America/New_York']) {
  for (const interval of ['HOUR', 'DAY', 'WEEK'] as const) {
    it(`all time, ${interval} in ${timeZone}: the first bucket is the first event's, the last one is now's`, async () => {
      const before = Date.now();
      const response = await series(interval, 'allTime', timeZone);
      const after = Date.now();
      expect(response.body.errors).toBeUndefined();
      const buckets = response.body.data!.bot.analytics.series;
      const first = buckets[0]!;
      const last = buckets[buckets.length - 1]!;
      const expectedFirst = DateTime.fromJSDate(firstEvent, { zone: timeZone }).startOf(UNIT[interval]);
      expect({ start: first.start, localStart: first.localStart, views: first.views }).toEqual({
        start: expectedFirst.toUTC().toISO(),
        localStart: expectedFirst.toISO(),
        views: 1,
      });
      // The request's instant falls in the last bucket: it starts no later than the answer, ends after the question.
      expect(Date.parse(last.start)).toBeLessThanOrEqual(after);
      expect(Date.parse(last.end)).toBeGreaterThan(before);
      // Nothing after it; every bucket ends where the next one starts.
      for (let index = 1; index < buckets.length; index += 1)
        expect(buckets[index]!.start).toBe(buckets[index - 1]!.end);
      expect(buckets.reduce((sum, bucket) => sum + bucket.views, 0)).toBe(2);
    });
  }
}

it('last month: from its first day to its end, never past now', async () => {
  const response = await series('DAY', 'lastMonth', 'UTC');
  expect(response.body.errors).toBeUndefined();
  const buckets = response.body.data!.bot.analytics.series;
  const thisMonth = DateTime.utc().startOf('month');
  expect(buckets[0]!.start).toBe(thisMonth.minus({ months: 1 }).toISO());
  expect(buckets[buckets.length - 1]!.end).toBe(thisMonth.toISO());
  expect(buckets).toHaveLength(thisMonth.minus({ days: 1 }).day);
});

it('today and the last 7 days end at the bucket of now', async () => {
  for (const timeFilter of ['today', 'last7Days']) {
    const before = Date.now();
    const response = await series('HOUR', timeFilter, 'UTC');
    expect(response.body.errors).toBeUndefined();
    const buckets = response.body.data!.bot.analytics.series;
    const days = timeFilter === 'today' ? 0 : 6;
    expect({ timeFilter, start: buckets[0]!.start }).toEqual({
      timeFilter,
      start: DateTime.utc().startOf('day').minus({ days }).toISO(),
    });
    const last = buckets[buckets.length - 1]!;
    expect(Date.parse(last.start)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(last.end)).toBeGreaterThan(before);
  }
});

it('an all-time HOUR series longer than 50,000 buckets is refused with a hint; WEEK is answered', async () => {
  const refused = await series('HOUR', 'allTime', 'UTC', oldBotId);
  expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
  const weeks = await series('WEEK', 'allTime', 'UTC', oldBotId);
  expect(weeks.body.errors).toBeUndefined();
  expect(weeks.body.data!.bot.analytics.series.length).toBeGreaterThan(355);
});
