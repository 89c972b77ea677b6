// Meta signs every webhook request: `X-Hub-Signature-256: sha256=<hex>`, the
// HMAC-SHA256 of the raw body keyed with the app secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';
const HEX_DIGEST = /^[\da-f]{64}$/i;

export function verifyWhatsAppSignature(rawBody: Buffer, signature: string | undefined, appSecret: string): boolean {
  if (!signature?.startsWith(PREFIX) || appSecret === '') return false;
  const digest = signature.slice(PREFIX.length);
  if (!HEX_DIGEST.test(digest)) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(digest, 'hex'), expected);
}
