// JSON as the API answers it (definitions, schemas, options): read key by key, never cast whole.

export type Json = Record<string, unknown>;

/** A JSON object (not an array, not null). */
export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
