// The theme and settings editors edit one object of the draft (Typebot v6
// keys) by path: reading a value, setting one (copies along the way), unsetting one.

export type Json = { [key: string]: unknown };
export type DraftKey = 'theme' | 'settings';

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function getPath(value: Json, path: readonly string[]): unknown {
  let current: unknown = value;
  for (const key of path) current = isRecord(current) ? current[key] : undefined;
  return current;
}

/**
 * `value` with `next` at `path` (objects copied along the way). `undefined`
 * removes the key, so the runtime's default applies again; objects left empty
 * by that removal go too.
 */
export function setPath(value: Json, path: readonly string[], next: unknown): Json {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const copy = { ...value };
  const inner = rest.length === 0 ? next : setPath(isRecord(value[key]) ? value[key] : {}, rest, next);
  if (inner === undefined || (rest.length > 0 && isRecord(inner) && Object.keys(inner).length === 0)) delete copy[key];
  else copy[key] = inner;
  return copy;
}

/** What a text field shows of a stored value: strings and numbers, nothing else. */
export const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
