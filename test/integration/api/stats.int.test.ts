import fs from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import { archiveResults, createResult, markCompleted, recordAnswer } from '../../../src/services/results';
import { request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Expected ranges are computed here, independently of src/services/time-filter.ts,
// from the documented rules (docs/engine-behaviour.md#stats-time-filters), relative to the real clock.
// Each check evaluates the expectation for the instant just before and just after
// the request, so a day boundary passing during a request cannot make it flaky.

const FILTERS = ['today', 'last7Days', 'last30Days', 'monthToDate', 'lastMonth', 'yearToDate', 'allTime'] as const;
type Filter = (typeof FILTERS)[number];
const ZONES = ['UTC', 'Asia/Kolkata', 'America/New_York'] as const;
const FIXTURE = path.join(__dirname, '../../fixtures/bots/quiz.json');

interface Stats {
  totalViews: number;
  totalStarts: number;
  totalCompleted: number;
}

interface Range {
  from?: number;
  to?: number;
}

function expectedRange(filter: Filter, zone: string, nowMs: number): Range {
  const local = DateTime.fromMillis(nowMs, { zone });
  const dayStart = local.startOf('day');
  const monthStart = local.startOf('month');
  switch (filter) {
    case 'today':
      return { from: dayStart.toMillis() };
    case 'last7Days':
      return { from: dayStart.minus({ days: 6 }).toMillis() };
    case 'last30Days':
      return { from: dayStart.minus({ days: 29 }).toMillis() };
    case 'monthToDate':
      return { from: monthStart.toMillis() };
    case 'lastMonth':
      return { from: monthStart.minus({ months: 1 }).toMillis(), to: monthStart.toMillis() - 1 };
    case 'yearToDate':
      return { from: local.startOf('year').toMillis() };
    case 'allTime':
      return {};
  }
}

const inRange = (at: number, range: Range) =>
  (range.from === undefined || at >= range.from) && (range.to === undefined || at <= range.to);

interface SeededResult {
  createdAt: number;
  started: boolean;
  completed: boolean;
  archived: boolean;
}

function expectedStats(results: SeededResult[], filter: Filter, zone: string, nowMs: number): Stats {
  const range = expectedRange(filter, zone, nowMs);
  const live = results.filter((result) => !result.archived && inRange(result.createdAt, range));
  return {
    totalViews: live.length,
    totalStarts: live.filter((result) => result.started).length,
    totalCompleted: live.filter((result) => result.completed).length,
  };
}

let server: TestServer;
let user: { token: string; personalWorkspaceId: string };
beforeAll(async () => {
  server = await startTestServer();
  user = await createUserWithToken(server.db, 'stats@parley.test');
});
afterAll(() => server.close());

async function createBot(publish = true): Promise<string> {
  const bot = JSON.parse(fs.readFileSync(FIXTURE, 'utf8'));
  delete bot.id;
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: user.token,
    json: { workspaceId: user.personalWorkspaceId, bot },
  });
  expect(created.status).toBe(200);
  if (publish)
    expect(
      (await request(server.url, 'POST', `/v1/bots/${created.body.bot.id}/publish`, { token: user.token })).status,
    ).toBe(200);
  return created.body.bot.id;
}

/** Inserts a result through the service layer in the given state. */
async function seed(
  botId: string,
  createdAt: number,
  state: { started?: boolean; completed?: boolean; archived?: boolean },
): Promise<SeededResult> {
  const result = await createResult(server.db, botId, { createdAt: new Date(createdAt) });
  const started = Boolean(state.started || state.completed);
  if (started) await recordAnswer(server.db, result.id, { blockId: 'block', content: 'answer' });
  if (state.completed) await markCompleted(server.db, result.id);
  if (state.archived) await archiveResults(server.db, botId, [result.id]);
  return { createdAt, started, completed: Boolean(state.completed), archived: Boolean(state.archived) };
}

function getStats(botId: string, query: Record<string, string> = {}, token = user.token) {
  const search = new URLSearchParams(query).toString();
  return request(server.url, 'GET', `/v1/bots/${botId}/analytics/stats${search ? `?${search}` : ''}`, { token });
}

/** Requests the stats and checks them against the expectation at the request's time. */
async function expectStats(
  botId: string,
  query: Record<string, string>,
  expected: (nowMs: number) => Stats,
): Promise<Stats> {
  const before = Date.now();
  const response = await getStats(botId, query);
  const after = Date.now();
  expect(response.status).toBe(200);
  expect(Object.keys(response.body)).toEqual(['stats']);
  expect(Object.keys(response.body.stats).sort()).toEqual(['totalCompleted', 'totalStarts', 'totalViews']);
  const candidates = [expected(before), expected(after)];
  expect(candidates).toContainEqual(response.body.stats);
  return response.body.stats;
}

describe('every time filter, in UTC and other zones', () => {
  const seeded = new Map<string, { botId: string; results: SeededResult[]; seededAt: number }>();

  beforeAll(async () => {
    for (const zone of ZONES) {
      const botId = await createBot();
      const now = Date.now();
      // Instants on both sides of every boundary of this zone, plus recent and very old results.
      const instants = new Set<number>([
        now - 1000,
        now - 3 * 3600 * 1000,
        DateTime.fromMillis(now).minus({ years: 2 }).toMillis(),
      ]);
      for (const filter of FILTERS) {
        const range = expectedRange(filter, zone, now);
        if (range.from !== undefined) [range.from, range.from - 1].forEach((at) => instants.add(at));
        if (range.to !== undefined) [range.to, range.to + 1].forEach((at) => instants.add(at));
      }
      const results: SeededResult[] = [];
      for (const at of [...instants].filter((instant) => instant <= now)) {
        results.push(await seed(botId, at, {}));
        results.push(await seed(botId, at, { started: true }));
        results.push(await seed(botId, at, { completed: true }));
        results.push(await seed(botId, at, { completed: true, archived: true }));
      }
      seeded.set(zone, { botId, results, seededAt: now });
    }
  });

  for (const zone of ZONES) {
    for (const queryZone of ZONES) {
      test.each(FILTERS)(
        `results seeded around ${zone} boundaries, timeFilter=%s, timeZone=${queryZone}`,
        async (filter) => {
          const { botId, results } = seeded.get(zone)!;
          const stats = await expectStats(botId, { timeFilter: filter, timeZone: queryZone }, (now) =>
            expectedStats(results, filter, queryZone, now),
          );
          // Every instant has one view-only, one started and one completed live result (the archived one never counts).
          expect(stats.totalViews).toBe(stats.totalCompleted * 3);
          expect(stats.totalStarts).toBe(stats.totalCompleted * 2);
        },
      );
    }

    test(`${zone} seeds: the filters give different counts, as expected from the seeded instants`, async () => {
      const { botId, results, seededAt } = seeded.get(zone)!;
      const instantCount = new Set(results.map((result) => result.createdAt)).size;
      const all = await expectStats(botId, { timeFilter: 'allTime', timeZone: zone }, () => ({
        totalViews: instantCount * 3,
        totalStarts: instantCount * 2,
        totalCompleted: instantCount,
      }));
      const today = await expectStats(botId, { timeFilter: 'today', timeZone: zone }, (now) =>
        expectedStats(results, 'today', zone, now),
      );
      const last7 = await expectStats(botId, { timeFilter: 'last7Days', timeZone: zone }, (now) =>
        expectedStats(results, 'last7Days', zone, now),
      );
      const last30 = await expectStats(botId, { timeFilter: 'last30Days', timeZone: zone }, (now) =>
        expectedStats(results, 'last30Days', zone, now),
      );
      // today ⊂ last7Days ⊂ last30Days ⊂ allTime, each adding at least the boundary instant of the wider range.
      // now-1s and today's start (and maybe now-3h) — unless midnight passed in this zone since seeding,
      // in which case the exact expectation above already holds and "today" may rightly be empty.
      const sameDay = DateTime.fromMillis(seededAt, { zone }).hasSame(DateTime.fromMillis(Date.now(), { zone }), 'day');
      if (sameDay) expect(today.totalViews).toBeGreaterThanOrEqual(3 * 2);
      expect(last7.totalViews).toBeGreaterThan(today.totalViews);
      expect(last30.totalViews).toBeGreaterThan(last7.totalViews);
      expect(all.totalViews).toBeGreaterThan(last30.totalViews);
    });
  }

  test('the default time filter is last7Days and the default zone UTC', async () => {
    const { botId, results } = seeded.get('UTC')!;
    const expected = (now: number) => expectedStats(results, 'last7Days', 'UTC', now);
    const byDefault = await expectStats(botId, {}, expected);
    await expectStats(botId, { timeZone: 'UTC' }, expected);
    await expectStats(botId, { timeFilter: 'last7Days' }, expected);
    // Distinguishable from the neighbouring filters on this data.
    const now = Date.now();
    expect(byDefault).not.toEqual(expectedStats(results, 'today', 'UTC', now));
    expect(byDefault).not.toEqual(expectedStats(results, 'last30Days', 'UTC', now));
  });

  test('the range boundaries are inclusive: a result at the first instant counts, one a millisecond earlier does not', async () => {
    const botId = await createBot();
    const now = Date.now();
    const start = expectedRange('last7Days', 'Asia/Kolkata', now).from!;
    const results = [await seed(botId, start, { started: true }), await seed(botId, start - 1, { completed: true })];
    await expectStats(botId, { timeFilter: 'last7Days', timeZone: 'Asia/Kolkata' }, (at) =>
      expectedStats(results, 'last7Days', 'Asia/Kolkata', at),
    );
    await expectStats(botId, { timeFilter: 'last30Days', timeZone: 'Asia/Kolkata' }, () => ({
      totalViews: 2,
      totalStarts: 2,
      totalCompleted: 1,
    }));
  });
});

describe('time zone decides what "today" is', () => {
  test.each([
    ['America/New_York', 'Asia/Kolkata'],
    ['UTC', 'Asia/Kolkata'],
    ['UTC', 'America/New_York'],
    ['Pacific/Pago_Pago', 'Pacific/Kiritimati'],
  ])('a result today in one of %s / %s is yesterday in the other', async (zoneA, zoneB) => {
    const botId = await createBot();
    const now = Date.now();
    const startA = DateTime.fromMillis(now, { zone: zoneA }).startOf('day').toMillis();
    const startB = DateTime.fromMillis(now, { zone: zoneB }).startOf('day').toMillis();
    expect(startA).not.toBe(startB);
    const [earlyZone, lateZone] = startA < startB ? [zoneA, zoneB] : [zoneB, zoneA];
    const earlyStart = Math.min(startA, startB);
    const lateStart = Math.max(startA, startB);
    // 15 minutes into the earlier zone's day: still before the later zone's day starts (they are ≥ 30 minutes apart).
    const at = earlyStart + 15 * 60 * 1000;
    expect(at).toBeLessThan(lateStart);
    const results = [await seed(botId, at, { completed: true })];
    const today = (zone: string) => (nowMs: number) => expectedStats(results, 'today', zone, nowMs);

    const inEarly = await expectStats(botId, { timeFilter: 'today', timeZone: earlyZone }, today(earlyZone));
    const inLate = await expectStats(botId, { timeFilter: 'today', timeZone: lateZone }, today(lateZone));
    // Unless a midnight passed during the test, the result is today in one zone only.
    if (DateTime.fromMillis(Date.now(), { zone: earlyZone }).startOf('day').toMillis() === earlyStart) {
      expect(inEarly).toEqual({ totalViews: 1, totalStarts: 1, totalCompleted: 1 });
    }
    if (DateTime.fromMillis(Date.now(), { zone: lateZone }).startOf('day').toMillis() === lateStart) {
      expect(inLate).toEqual({ totalViews: 0, totalStarts: 0, totalCompleted: 0 });
    }
    // Both see it in the last 7 days.
    await expectStats(botId, { timeFilter: 'last7Days', timeZone: lateZone }, () => ({
      totalViews: 1,
      totalStarts: 1,
      totalCompleted: 1,
    }));
  });
});

describe('what counts', () => {
  test('views, starts and completions; archived results excluded', async () => {
    const botId = await createBot();
    const now = Date.now();
    const recent = now - 60 * 1000;
    await seed(botId, recent, {});
    await seed(botId, recent, {});
    await seed(botId, recent, { started: true });
    await seed(botId, recent, { completed: true });
    await seed(botId, recent, { completed: true });
    await seed(botId, recent, { started: true, archived: true });
    await seed(botId, recent, { archived: true });
    // A completion without an answer does not count (it never happens).
    const unanswered = await createResult(server.db, botId, { createdAt: new Date(recent) });
    await markCompleted(server.db, unanswered.id);

    const stats = await expectStats(botId, { timeFilter: 'allTime' }, () => ({
      totalViews: 6,
      totalStarts: 3,
      totalCompleted: 2,
    }));
    expect(stats).toEqual({ totalViews: 6, totalStarts: 3, totalCompleted: 2 });

    // Archiving every result leaves nothing.
    await archiveResults(server.db, botId);
    await expectStats(botId, { timeFilter: 'allTime' }, () => ({ totalViews: 0, totalStarts: 0, totalCompleted: 0 }));
  });

  test("another bot's results are not counted", async () => {
    const botA = await createBot();
    const botB = await createBot();
    await seed(botA, Date.now() - 1000, { completed: true });
    await expectStats(botB, { timeFilter: 'allTime' }, () => ({ totalViews: 0, totalStarts: 0, totalCompleted: 0 }));
    await expectStats(botA, { timeFilter: 'allTime' }, () => ({ totalViews: 1, totalStarts: 1, totalCompleted: 1 }));
  });

  test('a bot never published has zero stats (200) for every filter', async () => {
    const botId = await createBot(false);
    for (const timeFilter of FILTERS) {
      const response = await getStats(botId, { timeFilter });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ stats: { totalViews: 0, totalStarts: 0, totalCompleted: 0 } });
    }
  });
});

describe('errors and access', () => {
  test('an unknown timeFilter is a 400', async () => {
    const botId = await createBot();
    for (const timeFilter of ['yesterday', 'LAST7DAYS', '']) {
      const response = await getStats(botId, { timeFilter });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid input data' });
      expect(response.body.issues).toEqual([expect.objectContaining({ path: ['timeFilter'] })]);
    }
  });

  test('an unknown timeZone is a 400', async () => {
    const botId = await createBot();
    const response = await getStats(botId, { timeZone: 'Mars/Olympus_Mons' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Invalid input data' });
    expect(response.body.issues).toEqual([expect.objectContaining({ path: ['timeZone'] })]);
  });

  test('any member reads stats; a stranger and an unknown or deleted bot get 404', async () => {
    const botId = await createBot();
    await seed(botId, Date.now() - 1000, { started: true });
    const guest = await createUserWithToken(server.db, 'stats-guest@parley.test', {
      workspaceId: user.personalWorkspaceId,
      role: 'GUEST',
    });
    const asGuest = await getStats(botId, { timeFilter: 'allTime' }, guest.token);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body).toEqual({ stats: { totalViews: 1, totalStarts: 1, totalCompleted: 0 } });

    const stranger = await createUserWithToken(server.db, 'stats-stranger@parley.test');
    const hidden = await getStats(botId, {}, stranger.token);
    expect(hidden.status).toBe(404);
    expect(hidden.body.code).toBe('NOT_FOUND');
    expect((await getStats('no-such-bot')).status).toBe(404);

    expect((await request(server.url, 'DELETE', `/v1/bots/${botId}`, { token: user.token })).status).toBe(200);
    expect((await getStats(botId)).status).toBe(404);

    const anonymous = await request(server.url, 'GET', `/v1/bots/${botId}/analytics/stats`);
    expect(anonymous.status).toBe(401);
  });
});
