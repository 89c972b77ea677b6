import { timingSafeEqual } from 'node:crypto';

/** A received secret equal to the expected one, compared in constant time; an empty secret never matches. */
export function sameSecret(received: string | undefined, expected: string): boolean {
  if (received === undefined || expected === '') return false;
  const a = Buffer.from(received, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
