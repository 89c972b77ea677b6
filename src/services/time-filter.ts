import { DateTime, IANAZone } from 'luxon';
import { invalidInput } from '../errors';

export const TIME_FILTERS = [
  'today',
  'last7Days',
  'last30Days',
  'monthToDate',
  'lastMonth',
  'yearToDate',
  'allTime',
] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];
export const DEFAULT_TIME_FILTER: TimeFilter = 'last7Days';

export interface TimeRange {
  /** Inclusive. */
  from?: Date;
  /** Inclusive. */
  to?: Date;
}

/**
 * An IANA zone name. Newer ICU builds (Node 24) also accept UTC offsets such
 * as "+02:00" as zones; an offset has no daylight-saving calendar, so it is
 * refused whatever the runtime says.
 */
export function isValidTimeZone(zone: string): boolean {
  return !/^[+-]/.test(zone) && IANAZone.isValidZone(zone);
}

/** Calendar ranges are computed in `timeZone` (an IANA name), then expressed as instants. */
/**
 * The range a request asks for: its filter (else `defaultFilter`) in its time
 * zone (else UTC). An unknown zone is BAD_REQUEST with the issue at `timeZone`.
 */
export function requestedRange(
  request: { timeFilter?: TimeFilter | null; timeZone?: string | null },
  defaultFilter: TimeFilter,
  now: Date,
): TimeRange {
  const timeZone = request.timeZone ?? 'UTC';
  if (!isValidTimeZone(timeZone)) {
    throw invalidInput([
      {
        message: `unknown time zone ${JSON.stringify(timeZone)}; expected an IANA name such as Europe/Paris`,
        path: ['timeZone'],
      },
    ]);
  }
  return timeRange(request.timeFilter ?? defaultFilter, timeZone, now);
}

export function timeRange(filter: TimeFilter, timeZone: string, now: Date): TimeRange {
  const local = DateTime.fromJSDate(now, { zone: timeZone });
  const today = local.startOf('day');
  switch (filter) {
    case 'today':
      return { from: today.toJSDate() };
    case 'last7Days':
      return { from: today.minus({ days: 6 }).toJSDate() };
    case 'last30Days':
      return { from: today.minus({ days: 29 }).toJSDate() };
    case 'monthToDate':
      return { from: local.startOf('month').toJSDate() };
    case 'lastMonth': {
      const previous = local.minus({ months: 1 });
      return { from: previous.startOf('month').toJSDate(), to: previous.endOf('month').toJSDate() };
    }
    case 'yearToDate':
      return { from: local.startOf('year').toJSDate() };
    case 'allTime':
      return {};
  }
}

/** The billing period: the calendar month in UTC. */
export function currentBillingPeriod(now: Date): { start: Date; resetsAt: Date } {
  const month = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('month');
  return { start: month.toJSDate(), resetsAt: month.plus({ months: 1 }).toJSDate() };
}
