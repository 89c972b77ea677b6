import { z } from 'zod';
import { iconProblem } from '../engine/shapes/values';
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

/** A bot's icon: a URL or an emoji, kept as an export has it (imports are not refused for it). */
export const icon = z.string().max(2048, 'must be at most 2048 characters');

/**
 * A workspace's icon, which only the console writes: one emoji or an https
 * image address (a sentence there would show as a broken picture or overflow
 * the menu).
 */
export const workspaceIcon = icon.superRefine((value, context) => {
  const problem = iconProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('must be an e-mail address').max(320, 'must be at most 320 characters'));
