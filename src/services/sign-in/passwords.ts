import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// OWASP's scrypt floor is N=2^17, r=8, p=1 (128 MiB); 2^15 (32 MiB, ~60 ms on these
// machines) keeps a burst of sign-ins from exhausting a small server's memory, and
// the auth-failure shut-out bounds guessing. The parameters are stored with each
// hash, so raising them later only affects new hashes.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

/** `scrypt$N$r$p$salt$key` (salt and key base64url). */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` matches `stored`; false for a malformed hash, never an exception. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(params).every((value) => Number.isInteger(value) && value > 0)) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), params, expected.length);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** Spends the time a real check would, so an unknown e-mail answers as slowly as a wrong password. */
export async function verifyNothing(password: string): Promise<false> {
  await derive(password, Buffer.alloc(16), PARAMS);
  return false;
}

/** A password for the first-start admin: 20 characters from 15 random bytes. */
export function generatePassword(): string {
  return crypto.randomBytes(15).toString('base64url');
}

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
  keyLength = KEY_LENGTH,
): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly the need at N=2^15, so leave headroom.
  return scrypt(password.normalize('NFKC'), salt, keyLength, { ...params, maxmem: 256 * params.N * params.r });
}
