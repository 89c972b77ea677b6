import { z } from 'zod';
import type { Answer, Db, Log, Prisma, Result } from '../db/client';
import { invalidInput, notFound } from '../errors';
import { MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE } from './pagination';
import { requestedRange, type TimeFilter } from './time-filter';
import { parseInput } from './validation';

// Reading results back for builders and dashboards. A listed result is one the
// visitor started (at least one answer) and nobody archived, as the reference
// lists them; newest first, paged by keyset on (createdAt, id) so rows inserted
// while a client pages never shift or repeat what it sees.

export interface ResultFilter {
  timeFilter?: TimeFilter | null;
  timeZone?: string | null;
  isCompleted?: boolean | null;
  /** Substring of any answer's text. */
  search?: string | null;
}

export interface ResultPage {
  results: Result[];
  hasNextPage: boolean;
  /** Cursor of the last result of the page, to pass as `after`; null on an empty page. */
  endCursor: string | null;
}

interface Keyset {
  createdAt: Date;
  id: string;
}

/** Cursors are opaque to clients: base64url of the (createdAt, id) keyset. */
export function encodeCursor(result: Keyset): string {
  return Buffer.from(`${result.createdAt.toISOString()}|${result.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): Keyset {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()))
    throw invalidInput([{ message: 'is not a cursor this API returned', path: ['cursor'] }]);
  return { createdAt, id };
}

const pageInput = z.object({
  first: z.number().int().min(1, 'must be at least 1').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`).nullish(),
  after: z.string().min(1).nullish(),
});

/** The time range of a filter; unknown time zones are a 400 naming `timeZone`. */
export function createdAtRange(
  filter: { timeFilter?: TimeFilter | null; timeZone?: string | null },
  defaultFilter: TimeFilter,
  now: Date,
) {
  const range = requestedRange(filter, defaultFilter, now);
  return { gte: range.from, lte: range.to };
}

export function listedResultsWhere(botId: string, filter: ResultFilter, now: Date): Prisma.ResultWhereInput {
  return {
    botId,
    hasStarted: true,
    isArchived: false,
    createdAt: createdAtRange(filter, 'allTime', now),
    ...(filter.isCompleted != null ? { isCompleted: filter.isCompleted } : {}),
    ...(filter.search ? { answers: { some: { content: { contains: filter.search } } } } : {}),
  };
}

/** One page of a bot's results, newest first. */
export async function listResults(
  db: Db,
  botId: string,
  paging: { first?: number | null; after?: string | null },
  filter: ResultFilter = {},
  now = new Date(),
): Promise<ResultPage> {
  const { first, after } = parseInput(pageInput, { first: paging.first, after: paging.after });
  const limit = first ?? DEFAULT_PAGE_SIZE;
  const keyset = after ? decodeCursor(after) : undefined;
  const where = listedResultsWhere(botId, filter, now);
  const rows = await db.result.findMany({
    where: keyset
      ? {
          AND: [
            where,
            { OR: [{ createdAt: { lt: keyset.createdAt } }, { createdAt: keyset.createdAt, id: { lt: keyset.id } }] },
          ],
        }
      : where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const results = rows.slice(0, limit);
  const last = results[results.length - 1];
  return { results, hasNextPage: rows.length > limit, endCursor: last ? encodeCursor(last) : null };
}

/** A result of the bot that is not archived, else NOT_FOUND. */
export async function getResult(db: Db, botId: string, resultId: string): Promise<Result> {
  const result = await db.result.findFirst({ where: { id: resultId, botId, isArchived: false } });
  if (!result) throw notFound('Result not found');
  return result;
}

export function resultAnswers(db: Db, resultId: string): Promise<Answer[]> {
  return db.answer.findMany({ where: { resultId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

export function resultLogs(db: Db, resultId: string): Promise<Log[]> {
  return db.log.findMany({ where: { resultId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** Edge ids the conversation went through, in order. */
export async function resultVisitedEdges(db: Db, resultId: string): Promise<string[]> {
  const rows = await db.visitedEdge.findMany({
    where: { resultId },
    orderBy: { index: 'asc' },
    select: { edgeId: true },
  });
  return rows.map((row) => row.edgeId);
}
