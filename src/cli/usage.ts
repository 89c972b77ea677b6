/** A command line that cannot be run as given: print the message and exit 2. */
export class UsageError extends Error {}

export function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
}

export function integer(flag: string, value: string): number {
  if (!/^-?\d+$/.test(value)) throw new UsageError(`${flag} must be an integer (got "${value}")`);
  return Number(value);
}

export function boolean(flag: string, value: string): boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  throw new UsageError(`${flag} must be true or false (got "${value}")`);
}

/** ISO 8601 date/time, or Unix seconds. */
export function date(flag: string, value: string): Date {
  const parsed = /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
  if (Number.isNaN(parsed.getTime()))
    throw new UsageError(`${flag} must be an ISO 8601 date or Unix seconds (got "${value}")`);
  return parsed;
}
