import { DateTime } from 'luxon';
import type { Db, Prisma } from '../db/client';
import { badRequest } from './errors';
import { createdAtRange } from './result-reads';
import { DEFAULT_TIME_FILTER, type TimeFilter } from './time-filter';

// Time series for dashboards: views, starts and completions per calendar
// bucket of the caller's time zone. Buckets are calendar units (a DST day has
// 23 or 25 hours, weeks start on Monday); every bucket of the range is
// present, empty ones with zeros.

export const SERIES_INTERVALS = ['HOUR', 'DAY', 'WEEK'] as const;
export type SeriesInterval = (typeof SERIES_INTERVALS)[number];

/** A range asking for more buckets than this is refused rather than answered slowly. */
export const MAX_BUCKETS = 50_000;

export interface SeriesBucket {
  /** First instant of the bucket. */
  start: Date;
  /** The same instant in the requested time zone, ISO 8601 with its offset. */
  localStart: string;
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
      throw badRequest(`The series would have more than ${MAX_BUCKETS} buckets`, [{ message: 'choose a longer interval or a shorter time filter', path: ['interval'] }]);
    }
  }
  return starts;
}

/** Buckets rows into the series of [from, to]; `from` defaults to the oldest row (allTime). */
function toSeries(rows: Row[], range: { gte?: Date; lte?: Date }, options: SeriesOptions, now: Date): SeriesBucket[] {
  const zone = options.timeZone ?? 'UTC';
  const oldest = rows.reduce<Date | undefined>((min, row) => (!min || row.createdAt < min ? row.createdAt : min), undefined);
  const fromDate = range.gte ?? oldest;
  if (!fromDate) return [];
  const starts = bucketStarts(DateTime.fromJSDate(fromDate, { zone }), DateTime.fromJSDate(range.lte ?? now, { zone }), options.interval);
  const buckets = starts.map((start) => ({ start: start.toJSDate(), localStart: start.toISO()!, views: 0, starts: 0, completed: 0 }));
  const unit = UNIT[options.interval];
  const index = new Map(starts.map((start, position) => [start.toMillis(), position]));
  for (const row of rows) {
    const bucket = buckets[index.get(DateTime.fromJSDate(row.createdAt, { zone }).startOf(unit).toMillis()) ?? -1];
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
export async function botsSeries(db: Db, botIds: readonly string[], options: SeriesOptions, now = new Date()): Promise<SeriesBucket[][]> {
  const range = createdAtRange(options, DEFAULT_TIME_FILTER, now);
  const rows = await loadRows(db, { botId: { in: [...botIds] }, isArchived: false, createdAt: range });
  const byBot = new Map<string, Row[]>(botIds.map((id) => [id, []]));
  for (const row of rows) byBot.get(row.botId)?.push(row);
  // allTime: every bot's series starts at the oldest row of all, so they line up.
  const oldest = rows.reduce<Date | undefined>((min, row) => (!min || row.createdAt < min ? row.createdAt : min), undefined);
  const shared = { gte: range.gte ?? oldest, lte: range.lte };
  return botIds.map((id) => toSeries(byBot.get(id) ?? [], shared, options, now));
}

/** The series of all bots of a workspace together. */
export async function workspaceSeries(db: Db, workspaceId: string, options: SeriesOptions, now = new Date()): Promise<SeriesBucket[]> {
  const range = createdAtRange(options, DEFAULT_TIME_FILTER, now);
  const rows = await loadRows(db, { bot: { workspaceId }, isArchived: false, createdAt: range });
  return toSeries(rows, range, options, now);
}
