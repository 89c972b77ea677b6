import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseTarget, Provider } from './database-url';
import { ensurePostgresDatabase } from './ensure-database';
import { projectRoot } from '../project-root';
import { DatabaseSetupError, firstLine } from './setup-error';

/**
 * Applies the committed Prisma migrations without the Prisma CLI (which needs a
 * native schema engine these machines cannot download). Each migration file runs
 * whole in one transaction through the raw driver and is recorded in
 * `_prisma_migrations` with Prisma's own columns, so `prisma migrate status`
 * agrees with us.
 */

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir(provider: Provider): string {
  const root = projectRoot();
  return provider === 'sqlite' ? path.join(root, 'prisma/migrations') : path.join(root, 'prisma/postgresql/migrations');
}

export function readMigrations(provider: Provider): Migration[] {
  const dir = migrationsDir(provider);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: crypto.createHash('sha256').update(sql).digest('hex') };
    });
}

const SQLITE_BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL,
  "checksum" TEXT NOT NULL,
  "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL,
  "logs" TEXT,
  "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
  "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

const POSTGRES_BOOKKEEPING = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

/** Arbitrary constant: every Parley process migrating the same PostgreSQL database takes this lock. */
const MIGRATION_LOCK_KEY = 72_616_201;

function checkApplied(applied: Map<string, string>, migrations: Migration[]): void {
  for (const migration of migrations) {
    const checksum = applied.get(migration.name);
    if (checksum !== undefined && checksum !== migration.checksum) {
      throw new DatabaseSetupError(
        `Migration ${migration.name} was changed after it was applied (checksum mismatch): restore the original migration file.`,
      );
    }
  }
}

function openSqlite(file: string): BetterSqlite3.Database {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return new BetterSqlite3(file);
  } catch (error) {
    throw new DatabaseSetupError(`Cannot open the SQLite database ${file}: ${firstLine(error)}`, { cause: error });
  }
}

function migrateSqlite(file: string, migrations: Migration[]): string[] {
  const db = openSqlite(file);
  try {
    // Waits for a lock held by another process first (several starting at once), then:
    // WAL is a property of the database file: set once, every later connection uses it.
    db.pragma('busy_timeout = 10000');
    db.pragma('journal_mode = WAL');
    db.exec(SQLITE_BOOKKEEPING);
    const rows = db
      .prepare(
        'SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
      )
      .all() as {
      migration_name: string;
      checksum: string;
    }[];
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    checkApplied(applied, migrations);
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      const apply = db.transaction(() => {
        db.exec(migration.sql);
        db.prepare(
          `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES (?, ?, ?, ?, ?, 1)`,
        ).run(crypto.randomUUID(), migration.checksum, Date.now(), migration.name, Date.now());
      });
      try {
        apply.immediate();
      } catch (error) {
        throw new DatabaseSetupError(`Migration ${migration.name} failed: ${firstLine(error)}`, { cause: error });
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    db.close();
  }
}

async function migratePostgres(connectionString: string, migrations: Migration[]): Promise<string[]> {
  await ensurePostgresDatabase(connectionString);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query(POSTGRES_BOOKKEEPING);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    checkApplied(applied, migrations);
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await client.query('BEGIN');
      try {
        // No parameters: pg uses the simple protocol, which accepts multi-statement scripts.
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, now(), $3, now(), 1)`,
          [crypto.randomUUID(), migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new DatabaseSetupError(`Migration ${migration.name} failed: ${firstLine(error)}`, { cause: error });
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/** Applies pending migrations; returns the names applied now. */
export async function migrate(target: DatabaseTarget): Promise<string[]> {
  const migrations = readMigrations(target.provider);
  if (target.provider === 'sqlite') {
    return migrateSqlite(target.location, migrations);
  }
  return migratePostgres(target.location, migrations);
}

/** Committed migrations the database has not applied (readiness: empty when the schema is current). */
export async function unappliedMigrations(
  store: { appliedMigrations(): Promise<string[]> },
  provider: Provider,
): Promise<string[]> {
  const applied = new Set(await store.appliedMigrations());
  return readMigrations(provider)
    .map((migration) => migration.name)
    .filter((name) => !applied.has(name));
}
