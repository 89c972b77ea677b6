import { isRecord } from '../../json';

/** `patch` merged into `base`: a key set to null is removed (as a JSON merge patch does). */
export function mergeRecord(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** Each top-level key of `patch` merged into the same key of `base` when both are objects, else set. */
export function mergeByKey(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = merged[key];
    if (value === null) delete merged[key];
    else merged[key] = isRecord(current) && isRecord(value) ? mergeRecord(current, value) : value;
  }
  return merged;
}
