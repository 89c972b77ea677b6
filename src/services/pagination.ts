import { z } from 'zod';
import { parseInput } from './validation';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

export interface PageRequest {
  take: number;
  cursor: string | undefined;
}

export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

const pageInput = z.object({
  limit: z.number().int().min(1, 'must be at least 1').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`).nullish(),
  cursor: z.string().min(1).nullish(),
});

/** Validates `limit`/`cursor` and asks for one row more than a page, to know whether another follows. */
export function pageRequest(input: { limit?: number | null; cursor?: string | null }): PageRequest & { limit: number } {
  const { limit, cursor } = parseInput(pageInput, input);
  const size = limit ?? DEFAULT_PAGE_SIZE;
  return { limit: size, take: size + 1, cursor: cursor ?? undefined };
}

export function toPage<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? (items[items.length - 1]?.id ?? null) : null };
}
