import { DateTime } from 'luxon';
import { createResult, markCompleted, recordAnswer } from '../../../src/services/results';
import { graphql } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';
import { MINIMAL_BOT } from '../../helpers/bots';
import { request } from '../../helpers/http';

// Series buckets in the caller's time zone around a DST change: New York left
// daylight time on 2025-11-02 at 02:00 EDT (06:00 UTC), so that day has 25
// hours and the local hour 01:00 happens twice.

let server: TestServer;
let user: { token: string; personalWorkspaceId: string };
let botA: string;
let botB: string;

async function createBot(): Promise<string> {
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: user.token,
    json: { workspaceId: user.personalWorkspaceId, bot: MINIMAL_BOT },
  });
  expect(created.status).toBe(200);
  return created.body.bot.id;
}

async function seed(botId: string, iso: string, state: 'view' | 'start' | 'complete'): Promise<void> {
  const result = await createResult(server.db, botId, { createdAt: new Date(iso) });
  if (state !== 'view') await recordAnswer(server.db, result.id, { blockId: 'b', content: 'x' });
  if (state === 'complete') await markCompleted(server.db, result.id);
}

beforeAll(async () => {
  server = await startTestServer();
  user = await createUserWithToken(server.db, 'series@parley.test');
  botA = await createBot();
  botB = await createBot();
  await seed(botA, '2025-11-01T12:00:00.000Z', 'view'); // Nov 1, 08:00 EDT
  await seed(botA, '2025-11-02T05:30:00.000Z', 'start'); // Nov 2, 01:30 EDT (first 01:00)
  await seed(botA, '2025-11-02T06:30:00.000Z', 'complete'); // Nov 2, 01:30 EST (second 01:00)
  await seed(botA, '2025-11-03T04:59:59.999Z', 'view'); // Nov 2, 23:59:59.999 EST: still Nov 2
  await seed(botB, '2025-11-03T05:00:00.000Z', 'start'); // Nov 3, 00:00 EST
});
afterAll(() => server.close());

const BOT_SERIES = `query($botId: ID!, $interval: SeriesInterval!) { bot(botId: $botId) { analytics(timeFilter: allTime, timeZone: "America/New_York") {
  series(interval: $interval) { start localStart views starts completed } } } }`;

function daysSinceFirst(): number {
  const first = DateTime.fromISO('2025-11-01T00:00:00', { zone: 'America/New_York' });
  return Math.floor(DateTime.now().setZone('America/New_York').startOf('day').diff(first, 'days').days) + 1;
}

it('DAY buckets follow the calendar of the time zone; empty days are zeros', async () => {
  const response = await graphql(server.url, BOT_SERIES, { botId: botA, interval: 'DAY' }, user.token);
  expect(response.body.errors).toBeUndefined();
  const series = response.body.data.bot.analytics.series;
  expect(series.slice(0, 4)).toEqual([
    {
      start: '2025-11-01T04:00:00.000Z',
      localStart: '2025-11-01T00:00:00.000-04:00',
      views: 1,
      starts: 0,
      completed: 0,
    },
    {
      start: '2025-11-02T04:00:00.000Z',
      localStart: '2025-11-02T00:00:00.000-04:00',
      views: 3,
      starts: 2,
      completed: 1,
    },
    {
      start: '2025-11-03T05:00:00.000Z',
      localStart: '2025-11-03T00:00:00.000-05:00',
      views: 0,
      starts: 0,
      completed: 0,
    },
    {
      start: '2025-11-04T05:00:00.000Z',
      localStart: '2025-11-04T00:00:00.000-05:00',
      views: 0,
      starts: 0,
      completed: 0,
    },
  ]);
  // Every day up to today is present (checked against the clock before and after the request).
  expect([daysSinceFirst(), daysSinceFirst() + 1, daysSinceFirst() - 1]).toContain(series.length);
});

it('HOUR buckets show the repeated local hour twice', async () => {
  const response = await graphql(server.url, BOT_SERIES, { botId: botA, interval: 'HOUR' }, user.token);
  expect(response.body.errors).toBeUndefined();
  const series = response.body.data.bot.analytics.series;
  const around = series.filter(
    (bucket: { start: string }) =>
      bucket.start >= '2025-11-02T04:00:00.000Z' && bucket.start < '2025-11-02T08:00:00.000Z',
  );
  expect(around).toEqual([
    {
      start: '2025-11-02T04:00:00.000Z',
      localStart: '2025-11-02T00:00:00.000-04:00',
      views: 0,
      starts: 0,
      completed: 0,
    },
    {
      start: '2025-11-02T05:00:00.000Z',
      localStart: '2025-11-02T01:00:00.000-04:00',
      views: 1,
      starts: 1,
      completed: 0,
    },
    {
      start: '2025-11-02T06:00:00.000Z',
      localStart: '2025-11-02T01:00:00.000-05:00',
      views: 1,
      starts: 1,
      completed: 1,
    },
    {
      start: '2025-11-02T07:00:00.000Z',
      localStart: '2025-11-02T02:00:00.000-05:00',
      views: 0,
      starts: 0,
      completed: 0,
    },
  ]);
});

it('the workspace series adds up every bot; WEEK starts on Monday', async () => {
  const response = await graphql(
    server.url,
    `
      query ($workspaceId: ID!) {
        workspace(workspaceId: $workspaceId) {
          analytics(timeFilter: allTime, timeZone: "America/New_York") {
            series(interval: WEEK) {
              localStart
              views
              starts
              completed
            }
          }
        }
      }
    `,
    { workspaceId: user.personalWorkspaceId },
    user.token,
  );
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data.workspace.analytics.series.slice(0, 2)).toEqual([
    { localStart: '2025-10-27T00:00:00.000-04:00', views: 4, starts: 2, completed: 1 },
    { localStart: '2025-11-03T00:00:00.000-05:00', views: 1, starts: 1, completed: 0 },
  ]);
});

it('another workspace gets NOT_FOUND; a bad time zone is BAD_REQUEST', async () => {
  const stranger = await createUserWithToken(server.db, 'stranger-series@parley.test');
  const hidden = await graphql(server.url, BOT_SERIES, { botId: botB, interval: 'DAY' }, stranger.token);
  expect(hidden.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  const badZone = await graphql(
    server.url,
    `
      query ($botId: ID!) {
        bot(botId: $botId) {
          analytics(timeZone: "Nowhere/Atlantis") {
            series(interval: DAY) {
              views
            }
          }
        }
      }
    `,
    { botId: botB },
    user.token,
  );
  expect(badZone.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
});
