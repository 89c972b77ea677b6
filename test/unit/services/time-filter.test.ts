import {
  currentBillingPeriod,
  DEFAULT_TIME_FILTER,
  isValidTimeZone,
  TIME_FILTERS,
  timeRange,
  type TimeFilter,
} from '../../../src/services/time-filter';

const at = (iso: string) => new Date(iso);

/** The range as ISO strings (undefined bounds stay undefined) for readable comparisons. */
function isoRange(filter: TimeFilter, timeZone: string, now: Date): { from?: string; to?: string } {
  const range = timeRange(filter, timeZone, now);
  const out: { from?: string; to?: string } = {};
  if (range.from !== undefined) out.from = range.from.toISOString();
  if (range.to !== undefined) out.to = range.to.toISOString();
  return out;
}

function allRanges(timeZone: string, now: Date) {
  return Object.fromEntries(TIME_FILTERS.map((filter) => [filter, isoRange(filter, timeZone, now)]));
}

test('the filters are the documented five plus monthToDate and lastMonth; default last7Days', () => {
  expect([...TIME_FILTERS].sort()).toEqual([
    'allTime',
    'last30Days',
    'last7Days',
    'lastMonth',
    'monthToDate',
    'today',
    'yearToDate',
  ]);
  expect(DEFAULT_TIME_FILTER).toBe('last7Days');
});

describe('timeRange in UTC', () => {
  test('Wednesday 2026-03-18 15:30:45.123', () => {
    expect(allRanges('UTC', at('2026-03-18T15:30:45.123Z'))).toEqual({
      today: { from: '2026-03-18T00:00:00.000Z' },
      last7Days: { from: '2026-03-12T00:00:00.000Z' },
      last30Days: { from: '2026-02-17T00:00:00.000Z' },
      monthToDate: { from: '2026-03-01T00:00:00.000Z' },
      lastMonth: { from: '2026-02-01T00:00:00.000Z', to: '2026-02-28T23:59:59.999Z' },
      yearToDate: { from: '2026-01-01T00:00:00.000Z' },
      allTime: {},
    });
  });

  test('in January, last month is December of the previous year', () => {
    expect(allRanges('UTC', at('2026-01-03T08:00:00.000Z'))).toEqual({
      today: { from: '2026-01-03T00:00:00.000Z' },
      last7Days: { from: '2025-12-28T00:00:00.000Z' },
      last30Days: { from: '2025-12-05T00:00:00.000Z' },
      monthToDate: { from: '2026-01-01T00:00:00.000Z' },
      lastMonth: { from: '2025-12-01T00:00:00.000Z', to: '2025-12-31T23:59:59.999Z' },
      yearToDate: { from: '2026-01-01T00:00:00.000Z' },
      allTime: {},
    });
  });

  test('leap year February and a 31-day March', () => {
    expect(isoRange('lastMonth', 'UTC', at('2024-03-31T23:59:59.999Z'))).toEqual({
      from: '2024-02-01T00:00:00.000Z',
      to: '2024-02-29T23:59:59.999Z',
    });
    expect(isoRange('lastMonth', 'UTC', at('2024-04-01T00:00:00.000Z'))).toEqual({
      from: '2024-03-01T00:00:00.000Z',
      to: '2024-03-31T23:59:59.999Z',
    });
  });

  test('at the very first instant of a day, today starts at now', () => {
    const now = at('2026-05-01T00:00:00.000Z');
    expect(isoRange('today', 'UTC', now)).toEqual({ from: '2026-05-01T00:00:00.000Z' });
    expect(isoRange('monthToDate', 'UTC', now)).toEqual({ from: '2026-05-01T00:00:00.000Z' });
    expect(isoRange('lastMonth', 'UTC', now)).toEqual({
      from: '2026-04-01T00:00:00.000Z',
      to: '2026-04-30T23:59:59.999Z',
    });
  });

  test('at the last millisecond of a day, today is still that day', () => {
    expect(isoRange('today', 'UTC', at('2026-05-01T23:59:59.999Z'))).toEqual({ from: '2026-05-01T00:00:00.000Z' });
  });

  test('last7Days is today plus the 6 previous calendar days', () => {
    const now = at('2026-07-20T12:00:00.000Z');
    const { from } = timeRange('last7Days', 'UTC', now);
    const { from: todayStart } = timeRange('today', 'UTC', now);
    expect(todayStart!.getTime() - from!.getTime()).toBe(6 * 24 * 3600 * 1000);
    const { from: from30 } = timeRange('last30Days', 'UTC', now);
    expect(todayStart!.getTime() - from30!.getTime()).toBe(29 * 24 * 3600 * 1000);
  });
});

describe('timeRange in other zones', () => {
  test('America/New_York (EDT, UTC-4) on 2026-03-18; earlier months still EST', () => {
    expect(allRanges('America/New_York', at('2026-03-18T15:30:45.123Z'))).toEqual({
      today: { from: '2026-03-18T04:00:00.000Z' },
      last7Days: { from: '2026-03-12T04:00:00.000Z' },
      last30Days: { from: '2026-02-17T05:00:00.000Z' },
      monthToDate: { from: '2026-03-01T05:00:00.000Z' },
      lastMonth: { from: '2026-02-01T05:00:00.000Z', to: '2026-03-01T04:59:59.999Z' },
      yearToDate: { from: '2026-01-01T05:00:00.000Z' },
      allTime: {},
    });
  });

  test('America/New_York: the local date is still yesterday when UTC has moved on', () => {
    // 02:00 UTC on the 1st of April is 22:00 on the 31st of March in New York.
    const now = at('2026-04-01T02:00:00.000Z');
    expect(isoRange('today', 'America/New_York', now)).toEqual({ from: '2026-03-31T04:00:00.000Z' });
    expect(isoRange('monthToDate', 'America/New_York', now)).toEqual({ from: '2026-03-01T05:00:00.000Z' });
    expect(isoRange('lastMonth', 'America/New_York', now)).toEqual({
      from: '2026-02-01T05:00:00.000Z',
      to: '2026-03-01T04:59:59.999Z',
    });
    // The same instant in UTC is already April.
    expect(isoRange('today', 'UTC', now)).toEqual({ from: '2026-04-01T00:00:00.000Z' });
    expect(isoRange('lastMonth', 'UTC', now)).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T23:59:59.999Z',
    });
  });

  test('Asia/Kolkata (UTC+5:30): the local date is already tomorrow', () => {
    // 20:00 UTC on 31 March is 01:30 on 1 April in Kolkata.
    expect(allRanges('Asia/Kolkata', at('2026-03-31T20:00:00.000Z'))).toEqual({
      today: { from: '2026-03-31T18:30:00.000Z' },
      last7Days: { from: '2026-03-25T18:30:00.000Z' },
      last30Days: { from: '2026-03-02T18:30:00.000Z' },
      monthToDate: { from: '2026-03-31T18:30:00.000Z' },
      lastMonth: { from: '2026-02-28T18:30:00.000Z', to: '2026-03-31T18:29:59.999Z' },
      yearToDate: { from: '2025-12-31T18:30:00.000Z' },
      allTime: {},
    });
  });

  test('Asia/Kolkata on New Year: yearToDate moves to the new local year before UTC does', () => {
    const now = at('2025-12-31T19:00:00.000Z'); // 00:30 on 1 January 2026 in Kolkata
    expect(isoRange('yearToDate', 'Asia/Kolkata', now)).toEqual({ from: '2025-12-31T18:30:00.000Z' });
    expect(isoRange('yearToDate', 'UTC', now)).toEqual({ from: '2025-01-01T00:00:00.000Z' });
    expect(isoRange('lastMonth', 'Asia/Kolkata', now)).toEqual({
      from: '2025-11-30T18:30:00.000Z',
      to: '2025-12-31T18:29:59.999Z',
    });
  });
});

describe('daylight saving time', () => {
  test('New York spring forward (8 March 2026): last7Days starts at local midnight, an hour less than 6 × 24 h before today', () => {
    const now = at('2026-03-10T12:00:00.000Z'); // 08:00 EDT
    const today = timeRange('today', 'America/New_York', now).from!;
    const last7 = timeRange('last7Days', 'America/New_York', now).from!;
    expect(today.toISOString()).toBe('2026-03-10T04:00:00.000Z');
    expect(last7.toISOString()).toBe('2026-03-04T05:00:00.000Z');
    expect(today.getTime() - last7.getTime()).toBe((6 * 24 - 1) * 3600 * 1000);
  });

  test('New York on the day the clocks go back (1 November 2026): today starts at EDT midnight', () => {
    const now = at('2026-11-01T12:00:00.000Z'); // 07:00 EST, after the change at 06:00 UTC
    expect(isoRange('today', 'America/New_York', now)).toEqual({ from: '2026-11-01T04:00:00.000Z' });
    expect(isoRange('monthToDate', 'America/New_York', now)).toEqual({ from: '2026-11-01T04:00:00.000Z' });
    expect(isoRange('lastMonth', 'America/New_York', now)).toEqual({
      from: '2026-10-01T04:00:00.000Z',
      to: '2026-11-01T03:59:59.999Z',
    });
  });

  test('Europe/London: last month spans the change to summer time', () => {
    expect(isoRange('lastMonth', 'Europe/London', at('2026-04-15T12:00:00.000Z'))).toEqual({
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-31T22:59:59.999Z',
    });
  });
});

describe('currentBillingPeriod (calendar month, UTC)', () => {
  test.each([
    ['2026-03-18T15:30:45.123Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['2026-02-28T23:59:59.999Z', '2026-02-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'],
    ['2024-02-29T12:00:00.000Z', '2024-02-01T00:00:00.000Z', '2024-03-01T00:00:00.000Z'],
    ['2026-12-31T23:59:59.999Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
  ])('at %s: %s until %s', (now, start, resetsAt) => {
    const period = currentBillingPeriod(at(now));
    expect(period.start.toISOString()).toBe(start);
    expect(period.resetsAt.toISOString()).toBe(resetsAt);
  });

  test('does not depend on a local time zone: late evening in New York on the 31st is already next month', () => {
    // 2026-04-01T02:00Z is 31 March in New York, but billing follows UTC.
    const period = currentBillingPeriod(at('2026-04-01T02:00:00.000Z'));
    expect(period.start.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(period.resetsAt.toISOString()).toBe('2026-05-01T00:00:00.000Z');
  });
});

describe('isValidTimeZone', () => {
  test.each(['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe'])(
    '%s is valid',
    (zone) => {
      expect(isValidTimeZone(zone)).toBe(true);
    },
  );

  test.each(['', 'Mars/Olympus_Mons', 'Europe/Atlantis', 'not a zone', 'America/'])('%p is not valid', (zone) => {
    expect(isValidTimeZone(zone)).toBe(false);
  });
});
