import { z } from 'zod';
import type { SecretBox } from './credentials/secret-box';

// A URL that is its own permission (an upload URL, an export link) carries its
// claims sealed with the server's key (AES-256-GCM): opaque to its holder,
// unforgeable, and readable by every server sharing the key, so nothing is
// stored for it. The purpose is sealed with the claims: one kind of token is
// never accepted as another, whatever their claims have in common.

const sealedSchema = z.object({ data: z.string(), iv: z.string() });

/** The claims, sealed for `purpose`, as one URL-safe string. */
export function sealToken(secrets: SecretBox, purpose: string, claims: unknown): string {
  return Buffer.from(JSON.stringify(secrets.seal({ purpose, claims }))).toString('base64url');
}

/**
 * The claims of a token sealed for `purpose`, checked by `schema`; null when
 * the token is not one (malformed, tampered with, sealed under another key or
 * for another purpose, or claims of another shape). Expiry is the caller's.
 */
export function openSealedToken<T>(secrets: SecretBox, purpose: string, schema: z.ZodType<T>, token: string): T | null {
  let opened: unknown;
  try {
    const sealed = sealedSchema.parse(JSON.parse(Buffer.from(token, 'base64url').toString('utf8')));
    opened = secrets.open(sealed);
  } catch {
    return null;
  }
  const parsed = z.object({ purpose: z.literal(purpose), claims: schema }).safeParse(opened);
  return parsed.success ? parsed.data.claims : null;
}
