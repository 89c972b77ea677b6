import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const DEFAULT_TEST_POSTGRES_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  provider: 'sqlite' | 'postgresql';
  url: string;
  drop(): Promise<void>;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** A fresh database for one test file: a temporary SQLite file, or a new PostgreSQL database. */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const provider = process.env.PARLEY_TEST_DB === 'postgresql' ? 'postgresql' : 'sqlite';
  if (provider === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
    return {
      provider,
      url: `file:${path.join(dir, 'test.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.PARLEY_TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL;
  const name = `parley_test_${crypto.randomBytes(6).toString('hex')}`;
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
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    provider,
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
