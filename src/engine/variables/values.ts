import type { VariableValue } from '../session';

/** A backslash not starting one of these escapes is doubled when stored (docs/engine-behaviour.md#stored-values). */
const KEPT_ESCAPE = /\\(?![\\ntbrf"'u])/g;

function sanitizeText(text: string): string {
  return text.toWellFormed().replace(KEPT_ESCAPE, '\\\\');
}

function elementToText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return sanitizeText(value);
  return sanitizeText(JSON.stringify(value));
}

/**
 * How any computed value is stored in a variable: lists become lists of
 * (string | null), null/undefined clear, other values become text.
 */
export function serializeValue(value: unknown): VariableValue {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(elementToText);
  if (typeof value === 'string') return sanitizeText(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return sanitizeText(JSON.stringify(value));
}

/**
 * The typed value code sees for a variable (docs/engine-behaviour.md#code-values): "true"/"false",
 * "null", "undefined" and numeric strings become those values, except numbers
 * written with a leading zero (not "0.") or a plus sign, which stay text.
 */
export function guessType(value: VariableValue | undefined): unknown {
  if (value === undefined || value === null) return value ?? undefined;
  if (Array.isArray(value)) return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  if (value === 'undefined') return undefined;
  const trimmed = value.trim();
  if (trimmed === '' || /^\+/.test(trimmed) || (/^0[^.]/.test(trimmed) && trimmed.length > 1)) return value;
  const number = Number(trimmed);
  return Number.isNaN(number) ? value : number;
}

export function hasValue(value: VariableValue | undefined): value is string | (string | null)[] {
  return value !== null && value !== undefined;
}
