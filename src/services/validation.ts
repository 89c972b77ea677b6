import { z } from 'zod';
import { invalidInput, type Issue, type IssuePath } from '../errors';

/** Parses `value` with `schema`, or throws a 400 listing every problem at its path. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, prefix: IssuePath = []): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidInput(zodIssues(result.error, prefix));
}

export function zodIssues(error: z.ZodError, prefix: IssuePath = []): Issue[] {
  return error.issues.map((issue) => ({
    message: issue.message,
    path: [...prefix, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
  }));
}

/** Names of workspaces and bots: trimmed, then 1 to `max` characters. */
export const displayName = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** An icon: a URL or an emoji. */
export const icon = z.string().max(2048, 'must be at most 2048 characters');

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('must be an e-mail address').max(320, 'must be at most 320 characters'));
