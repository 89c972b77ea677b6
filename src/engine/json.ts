import type { z } from 'zod';

/** A JSON object (not an array, not null): the check every parser of open documents starts with. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object a JSON value is, or an empty one: for reading open documents field by field. */
export function asRecord(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** Nothing written: absent, null, or only spaces (a value of another type is written, if wrongly). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A JSON text read as `schema` says (stored rows, messages of other processes); undefined when it is not JSON or not that. */
export function jsonAs<T>(text: string, schema: z.ZodType<T>): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}

/** A text the client or an outside system sent: its JSON value when it is JSON, else the text itself. */
export function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** JSON with object keys sorted, for comparing documents: PostgreSQL's jsonb does not keep the order keys were written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    isRecord(item)
      ? Object.fromEntries(
          Object.keys(item)
            .sort()
            .map((key) => [key, item[key]]),
        )
      : item,
  );
}
