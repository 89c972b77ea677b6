import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { parseDatabaseUrl } from '../../src/db/database-url';
import { migrate, readMigrations } from '../../src/db/migrate';

/** Whether this run is the PostgreSQL project's (jest.config.js sets PARLEY_TEST_DB); else SQLite's. */
export const onPostgres = process.env.PARLEY_TEST_DB === 'postgresql';

export const DEFAULT_TEST_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  provider: 'sqlite' | 'postgresql';
  url: string;
  drop(): Promise<void>;
}

export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/**
 * The name of a PostgreSQL database `build` filled, made once per `digest`
 * (its name is `prefix` + digest) and copied for each test that needs one:
 * copying is about 60 ms where migrating a new database is 200 ms, for each
 * of some 150 test files. Made under a name of its own and renamed when
 * complete, so a test never copies a half-built template, and several
 * workers making it at once leave one. Templates of another digest (this
 * machine's older runs) go.
 */
export async function templateDatabase(
  admin: pg.Client,
  adminUrl: string,
  { prefix, digest, build }: { prefix: string; digest: string; build: (url: string) => Promise<void> },
): Promise<string> {
  const template = `${prefix}${digest}`;
  const exists = async (name: string) =>
    ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
  if (await exists(template)) return template;

  const building = `parley_test_building_${crypto.randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${building}`);
  try {
    await build(withDatabaseName(adminUrl, building));
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
  } catch (error) {
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    if (!(await exists(template))) throw error; // Else another worker finished first.
  }
  const stale = await admin.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2',
    [prefix, template],
  );
  for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
  return template;
}

/** A database with today's migrations applied, named by their checksums. */
function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const digest = crypto.createHash('sha256');
  for (const migration of readMigrations('postgresql')) digest.update(`${migration.name}:${migration.checksum}\n`);
  return templateDatabase(admin, adminUrl, {
    prefix: 'parley_test_template_',
    digest: digest.digest('hex').slice(0, 16),
    build: (url) => migrate(parseDatabaseUrl(url)).then(() => undefined),
  });
}

/**
 * A new PostgreSQL database named `prefix` + random hex on the test server
 * (a copy of `template(admin)` when given), and how to drop it.
 */
export async function createPostgresDatabase(
  prefix: string,
  options: { adminUrl?: string; template?: (admin: pg.Client, adminUrl: string) => Promise<string> } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = options.adminUrl ?? (process.env.PARLEY_TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL);
  const name = `${prefix}${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${adminUrl} (${(error as Error).message}). ` +
        'Start it, set PARLEY_TEST_POSTGRES_URL, or run `bash .ci/run`, which starts one.',
      { cause: error },
    );
  }
  try {
    const template = options.template ? ` TEMPLATE ${await options.template(admin, adminUrl)}` : '';
    await admin.query(`CREATE DATABASE ${name}${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabaseName(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A fresh database for one test file: a temporary SQLite file, or a new
 * PostgreSQL database. `migrated` asks for today's schema already in place
 * (what a server would do first anyway); without it the database is empty.
 */
export async function createThrowawayDatabase(options: { migrated?: boolean } = {}): Promise<ThrowawayDatabase> {
  const provider = onPostgres ? 'postgresql' : 'sqlite';
  if (provider === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
    return {
      provider,
      url: `file:${path.join(dir, 'test.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const database = await createPostgresDatabase('parley_test_', options.migrated ? { template: migratedTemplate } : {});
  return { provider, ...database };
}
