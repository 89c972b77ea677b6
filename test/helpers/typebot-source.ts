/**
 * A Typebot v3.x PostgreSQL database for the importer's tests and benchmark
 * (`parley import typebot --database <url>`): Typebot's final schema
 * (test/fixtures/typebot/schema.sql, checked against Typebot's migrations by
 * scripts/check-typebot-schema.cjs), the `_prisma_migrations` rows Prisma
 * would have recorded, and helpers that write rows as Typebot writes them.
 *
 * Timestamps are written as Prisma writes them: the UTC wall-clock time in a
 * `TIMESTAMP(3)` (without time zone) column. JSON columns hold what Typebot's
 * Prisma client stores (the export's objects, unchanged).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { TYPEBOT_MIGRATIONS } from '../../src/integrations/typebot/known-migrations';
import { projectRoot } from '../../src/project-root';
import { createPostgresDatabase, templateDatabase } from './test-database';

/** A 32-character ENCRYPTION_SECRET, as a Typebot instance has one (AES-256: 32 bytes of key). */
export const TYPEBOT_SECRET = 'parley-tests-typebot-secret-0032';

// From the checkout's root: benches run this module from dist/, where no fixture is.
export const TYPEBOT_SCHEMA_FILE = path.join(projectRoot(), 'test/fixtures/typebot/schema.sql');

export interface TypebotSource {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** Whatever runs a query: the source's pool, or one of its clients (inside a transaction). */
export type TypebotDb = pg.Pool | pg.PoolClient | pg.Client;

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A cuid-like id, as Prisma's `@default(cuid())` makes them: `c` and 24 lowercase letters and digits. */
export function cuid(): string {
  let id = 'c';
  for (const byte of crypto.randomBytes(24)) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** What a `TIMESTAMP(3)` column receives for a Date: its UTC time (the zone of an ISO string is ignored there). */
export function ts(date: Date | undefined): string {
  return (date ?? new Date()).toISOString();
}

/** A JSONB parameter: pg would turn an array into a PostgreSQL array literal. */
export function json(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** A database holding schema.sql, made once per version of the file (its name carries a digest of it). */
function schemaTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const schema = fs.readFileSync(TYPEBOT_SCHEMA_FILE, 'utf8');
  return templateDatabase(admin, adminUrl, {
    prefix: 'parley_test_typebot_tpl_',
    digest: crypto.createHash('sha256').update(schema).digest('hex').slice(0, 16),
    build: async (url) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(schema);
      } finally {
        await client.end();
      }
    },
  });
}

/**
 * A new PostgreSQL database holding Typebot's final schema and the
 * `_prisma_migrations` rows of every known migration (or of `migrations` when
 * given: e.g. a list ending with an unknown name, or an empty list). The rows
 * are those of a successful `prisma migrate deploy`: finished, one step each,
 * started a minute apart in order. Their checksum is a stand-in (the SHA-256
 * of the name; Prisma's is that of the migration file, which the importer
 * does not read).
 */
export async function createTypebotSource(
  options: { migrations?: readonly string[]; adminUrl?: string } = {},
): Promise<TypebotSource> {
  const database = await createPostgresDatabase('parley_test_typebot_', {
    adminUrl: options.adminUrl,
    template: schemaTemplate,
  });
  const { url } = database;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let ended = false;
  const drop = async () => {
    if (!ended) {
      ended = true;
      await pool.end();
    }
    await database.drop();
  };
  try {
    const migrations = options.migrations ?? TYPEBOT_MIGRATIONS;
    const start = Date.now() - migrations.length * 60_000;
    await pool.query(
      `INSERT INTO "_prisma_migrations"
         ("id", "checksum", "finished_at", "migration_name", "started_at", "applied_steps_count")
       SELECT m.id, m.checksum, m.started_at + interval '1 second', m.name, m.started_at, 1
       FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[]) AS m(id, checksum, name, started_at)`,
      [
        migrations.map(() => crypto.randomUUID()),
        migrations.map((migration) => crypto.createHash('sha256').update(migration).digest('hex')),
        migrations,
        migrations.map((_, i) => new Date(start + i * 60_000).toISOString()),
      ],
    );
  } catch (error) {
    await drop();
    throw error;
  }
  return { url, pool, drop };
}

/**
 * One row into a table: the defined fields only (the column defaults fill the
 * rest), as a parameterised INSERT. JSONB values must be given as
 * `JSON.stringify`'d text. Returns the inserted row.
 */
export async function insertRow(
  db: TypebotDb,
  table: string,
  row: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
  const result = await db.query(
    `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')})
     VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`,
    columns.map((column) => row[column]),
  );
  return result.rows[0] as Record<string, unknown>;
}

function keyOf(secret: string): { key: Buffer; algorithm: crypto.CipherGCMTypes } {
  // WebCrypto's AES-GCM takes the secret's bytes as they are: 16, 24 or 32 of them.
  const key = Buffer.from(secret, 'utf8');
  if (![16, 24, 32].includes(key.length)) throw new Error(`an AES key is 16, 24 or 32 bytes, not ${key.length}`);
  return { key, algorithm: `aes-${key.length * 8}-gcm` as crypto.CipherGCMTypes };
}

/**
 * Typebot's current credentials encryption (its packages/credentials
 * encrypt.ts behaviour): AES-GCM keyed by the secret's UTF-8 bytes (AES-256
 * for a 32-character secret), a random 12-byte IV stored as 24 hex
 * characters, data = base64(ciphertext ‖ 16-byte tag) of the JSON.
 */
export function typebotEncrypt(data: object, secret: string = TYPEBOT_SECRET): { data: string; iv: string } {
  const { key, algorithm } = keyOf(secret);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv(algorithm, key, iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { data: encrypted.toString('base64'), iv: iv.toString('hex') };
}

/**
 * Typebot's first scheme (decryptV1.ts reads it): a 16-byte IV, the iv column
 * `${ivHex}.${tagHex}` (65 characters, which is how Typebot tells the schemes
 * apart: not 24), data = the ciphertext in hex, same key.
 */
export function typebotEncryptV1(data: object, secret: string = TYPEBOT_SECRET): { data: string; iv: string } {
  const { key, algorithm } = keyOf(secret);
  const iv = crypto.randomBytes(16);
  const cipher = crypto.createCipheriv(algorithm, key, iv);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  return { data: encrypted.toString('hex'), iv: `${iv.toString('hex')}.${cipher.getAuthTag().toString('hex')}` };
}
