// Cross-cutting: every layer that checks a secret a request presents (the
// metrics token, the console's CSRF token, a channel's webhook tokens) compares
// it here, in time that says nothing of where the texts differ or how long
// the expected one is.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether a received secret equals the expected one; a missing secret, or an empty expected one, never matches. */
export function sameSecret(received: string | undefined, expected: string): boolean {
  if (received === undefined || expected === '') return false;
  // Equal-length digests: timingSafeEqual needs equal lengths, and a length check would leak the secret's.
  return timingSafeEqual(digest(received), digest(expected));
}
