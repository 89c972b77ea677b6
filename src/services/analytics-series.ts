import { DateTime } from 'luxon';
import type { Db, Prisma } from '../db/client';
import { badRequest } from '../errors';
import { createdAtRange } from './result-reads';
import { DEFAULT_TIME_FILTER, type TimeFilter } from './time-filter';

// Time series for dashboards: views, starts and completions per calendar
// bucket of the caller's time zone. Buckets are calendar units (a DST day has
// 23 or 25 hours, weeks start on Monday); every bucket of the range is
// present, empty ones with zeros.

export const SERIES_INTERVALS = ['HOUR', 'DAY', 'WEEK'] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];

/**
 * A range asking for more buckets than this is refused (with a hint to pick a
 * longer interval) rather than answered with megabytes of zeros: an all-time
 * series starts at the first event, so an HOUR series of an old bot would grow
 * without bound. 50,000 buckets (about 5 MB of JSON) cover 5.7 years of hours.
 */
export const MAX_BUCKETS = 50_000;

export interface SeriesBucket {
  /** First instant of the bucket. */
  start: Date;
  /** The same instant in the requested time zone, ISO 8601 with its offset. */
  localStart: string;
  /** First instant after the bucket: the next one's start (a chart's range ends there, or at now if sooner). */
  end: Date;
  views: number;
  starts: number;
  completed: number;
}

export interface SeriesOptions {
  interval: SeriesInterval;
  timeFilter?: TimeFilter | null;
  timeZone?: string | null;
}

const UNIT = { HOUR: 'hour', DAY: 'day', WEEK: 'week' } as const;

interface Row {
  botId: string;
  createdAt: Date;
  hasStarted: boolean;
  isCompleted: boolean;
}

function bucketStarts(from: DateTime, to: DateTime, interval: SeriesInterval): DateTime[] {
  const unit = UNIT[interval];
  const starts: DateTime[] = [];
  for (let at = from.startOf(unit); at <= to; at = at.plus({ [`${unit}s`]: 1 })) {
    starts.push(at);
    if (starts.length > MAX_BUCKETS) {
      throw badRequest(`The series would have more than ${MAX_BUCKETS} buckets`, [
        { message: 'choose a longer interval or a shorter time filter', path: ['interval'] },
      ]);
    }
  }
  return starts;
}

/** Index of the last element <= value in an ascending list; -1 when none. */
function lastAtOrBefore(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (sorted[middle]! <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

interface Frame {
  dates: { start: Date; localStart: string; end: Date }[];
  millis: number[];
}

/** The buckets of [from, to] (calendar work done once, shared by every bot of a batch); `from` defaults to the oldest row. */
function frameOf(rows: Row[], range: { gte?: Date; lte?: Date }, options: SeriesOptions, now: Date): Frame {
  const zone = options.timeZone ?? 'UTC';
  const oldest = rows.reduce<Date | undefined>(
    (min, row) => (!min || row.createdAt < min ? row.createdAt : min),
    undefined,
  );
  const fromDate = range.gte ?? oldest;
  if (!fromDate) return { dates: [], millis: [] };
  const starts = bucketStarts(
    DateTime.fromJSDate(fromDate, { zone }),
    DateTime.fromJSDate(range.lte ?? now, { zone }),
    options.interval,
  );
  const unit = UNIT[options.interval];
  return {
    dates: starts.map((start) => ({
      start: start.toJSDate(),
      localStart: start.toISO()!,
      end: start.plus({ [`${unit}s`]: 1 }).toJSDate(),
    })),
    millis: starts.map((start) => start.toMillis()),
  };
}

/** Counts rows into the frame's buckets by binary search (per-row time-zone arithmetic would cost more than the query). */
function toSeries(rows: Row[], frame: Frame): SeriesBucket[] {
  const buckets = frame.dates.map((date) => ({ ...date, views: 0, starts: 0, completed: 0 }));
  for (const row of rows) {
    const bucket = buckets[lastAtOrBefore(frame.millis, row.createdAt.getTime())];
    if (!bucket) continue;
    bucket.views += 1;
    if (row.hasStarted) bucket.starts += 1;
    if (row.isCompleted) bucket.completed += 1;
  }
  return buckets;
}

/** One statement for any number of bots: the rows of the range, three small columns each. */
function loadRows(db: Db, where: Prisma.ResultWhereInput): Promise<Row[]> {
  return db.result.findMany({ where, select: { botId: true, createdAt: true, hasStarted: true, isCompleted: true } });
}

/** The series of each bot (same options for all), in one query. */
export async function botsSeries(
  db: Db,
  botIds: readonly string[],
  options: SeriesOptions,
  now = new Date(),
): Promise<SeriesBucket[][]> {
  const range = createdAtRange(options, DEFAULT_TIME_FILTER, now);
  const rows = await loadRows(db, { botId: { in: [...botIds] }, isArchived: false, createdAt: range });
  const byBot = new Map<string, Row[]>(botIds.map((id) => [id, []]));
  for (const row of rows) byBot.get(row.botId)?.push(row);
  // allTime: every bot's series starts at the oldest row of all, so they line up.
  const frame = frameOf(rows, range, options, now);
  return botIds.map((id) => toSeries(byBot.get(id) ?? [], frame));
}

/** The series of all bots of a workspace together. */
export async function workspaceSeries(
  db: Db,
  workspaceId: string,
  options: SeriesOptions,
  now = new Date(),
): Promise<SeriesBucket[]> {
  const range = createdAtRange(options, DEFAULT_TIME_FILTER, now);
  const rows = await loadRows(db, { bot: { workspaceId }, isArchived: false, createdAt: range });
  return toSeries(rows, frameOf(rows, range, options, now));
}
