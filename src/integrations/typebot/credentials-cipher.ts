import crypto from 'node:crypto';

// How Typebot stores credentials (its packages/credentials, read as a
// format): AES-256-GCM under the instance's ENCRYPTION_SECRET, whose UTF-8
// bytes are the key. Two layouts exist in its databases:
// - current: `iv` is 12 bytes in hex (24 characters), `data` is
//   base64(ciphertext ‖ 16-byte tag);
// - first (rows never rewritten since): `iv` is `<iv hex>.<tag hex>`, `data`
//   is the ciphertext in hex.

const TAG_BYTES = 16;

/** Why the secret cannot be Typebot's: AES-256 needs 32 bytes, which Typebot requires of ENCRYPTION_SECRET. */
export function typebotSecretProblem(secret: string): string | null {
  const bytes = Buffer.byteLength(secret, 'utf8');
  return bytes === 32 ? null : `must be 32 bytes, as Typebot requires of ENCRYPTION_SECRET (got ${bytes})`;
}

/** The decrypted JSON of a Typebot credentials row; throws when the secret or the row is not right. */
export function decryptTypebotCredentials(secret: string, row: { data: string; iv: string }): unknown {
  const key = Buffer.from(secret, 'utf8');
  const [ivHex, tagHex] = row.iv.split('.');
  let iv: Buffer, ciphertext: Buffer, tag: Buffer;
  if (tagHex !== undefined) {
    iv = Buffer.from(ivHex!, 'hex');
    tag = Buffer.from(tagHex, 'hex');
    ciphertext = Buffer.from(row.data, 'hex');
  } else {
    iv = Buffer.from(row.iv, 'hex');
    const sealed = Buffer.from(row.data, 'base64');
    if (sealed.length < TAG_BYTES) throw new Error('the encrypted data is too short');
    ciphertext = sealed.subarray(0, sealed.length - TAG_BYTES);
    tag = sealed.subarray(sealed.length - TAG_BYTES);
  }
  if (iv.length === 0 || tag.length !== TAG_BYTES) throw new Error('the IV column is not one Typebot writes');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const plain = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  return JSON.parse(plain) as unknown;
}
