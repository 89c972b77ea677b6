import { isRecord } from '../../engine/json';

// Reading provider JSON (webhook bodies are untrusted): typed accessors that
// give undefined rather than throwing on an unexpected shape.

export type JsonRecord = Record<string, unknown>;

export function recordOf(value: unknown): JsonRecord | undefined {
  return isRecord(value) ? value : undefined;
}

export function recordsOf(value: unknown): JsonRecord[] {
  return Array.isArray(value) ? value.map(recordOf).filter((item): item is JsonRecord => item !== undefined) : [];
}

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function numberOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A string or a number as a string (Telegram's ids are numbers, JSON keys strings). */
export function idOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return stringOf(value);
}
