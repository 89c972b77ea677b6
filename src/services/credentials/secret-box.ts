import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Credentials are stored encrypted (AES-256-GCM: confidentiality and
// integrity) under one key per deployment. The key never touches the
// database: it comes from PARLEY_ENCRYPTION_KEY, or, for the embedded SQLite
// default only, from a key file generated once beside the database.

export interface SealedSecret {
  /** base64(ciphertext ‖ 16-byte tag) */
  data: string;
  /** base64 12-byte nonce, new for every encryption */
  iv: string;
}

export interface SecretBox {
  seal(plain: unknown): SealedSecret;
  open(sealed: SealedSecret): unknown;
}

const TAG_BYTES = 16;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the encryption key must be 32 bytes');
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return { data: data.toString('base64'), iv: iv.toString('base64') };
    },
    open(sealed) {
      const data = Buffer.from(sealed.data, 'base64');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
      const plain = Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as unknown;
    },
  };
}

/** PARLEY_ENCRYPTION_KEY: 32 bytes in base64. */
export function parseEncryptionKey(raw: string): Buffer {
  const key = Buffer.from(raw.trim(), 'base64');
  if (key.length !== 32)
    throw new Error(
      `PARLEY_ENCRYPTION_KEY must be 32 bytes in base64 (got ${key.length} bytes); generate one with: openssl rand -base64 32`,
    );
  return key;
}

export interface KeySource {
  /** PARLEY_ENCRYPTION_KEY, when set. */
  configured?: string;
  /** The SQLite file's directory (embedded default); undefined on PostgreSQL, where the key must be configured. */
  dataDirectory?: string;
}

export const KEY_FILE = 'encryption.key';

/**
 * The deployment's key: the configured one, else (embedded SQLite only) the
 * key file in the data directory, created on first use. Several PostgreSQL
 * servers share one database, so they must share one configured key.
 */
export function loadEncryptionKey(source: KeySource, log: (line: string) => void): Buffer {
  if (source.configured) return parseEncryptionKey(source.configured);
  if (!source.dataDirectory)
    throw new Error(
      'PARLEY_ENCRYPTION_KEY must be set on PostgreSQL (all servers of a deployment share it); generate one with: openssl rand -base64 32',
    );
  const file = path.join(source.dataDirectory, KEY_FILE);
  if (fs.existsSync(file)) return parseEncryptionKey(fs.readFileSync(file, 'utf8'));
  fs.mkdirSync(source.dataDirectory, { recursive: true });
  fs.writeFileSync(file, `${crypto.randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  log(
    `Generated the credentials encryption key in ${file} (back it up with the database; or set PARLEY_ENCRYPTION_KEY).`,
  );
  return parseEncryptionKey(fs.readFileSync(file, 'utf8'));
}
