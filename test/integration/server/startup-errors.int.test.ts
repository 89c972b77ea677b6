import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import {
  createThrowawayDatabase,
  DEFAULT_TEST_POSTGRES_URL,
  type ThrowawayDatabase,
  onPostgres,
} from '../../helpers/test-database';
import { TEST_ENCRYPTION_KEY } from '../../helpers/test-server';

// Start-up failures through the real `parley` command (dist/src/main.js as a
// subprocess): one line on stderr saying what is wrong and what to do, exit
// code 1, and a stack trace only with PARLEY_DEBUG=1.

jest.setTimeout(60_000);

const root = path.resolve(__dirname, '../../..');
const mainJs = path.join(root, 'dist/src/main.js');

interface Run {
  status: number;
  stdout: string;
  stderr: string;
}

function run(args: string[], env: Record<string, string>): Promise<Run> {
  if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: run \`npm run build\` first`);
  const { PARLEY_ADMIN_TOKEN: _token, PORT: _port, PARLEY_DEBUG: _debug, DATABASE_URL: _url, ...base } = process.env;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [mainJs, ...args],
      {
        cwd: root,
        env: { ...base, PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...env },
        encoding: 'utf8',
        timeout: 30_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (error && typeof code !== 'number') return reject(error);
        resolve({ status: code as number, stdout, stderr });
      },
    );
  });
}

/** The failure contract: exit 1, exactly one stderr line. */
function oneLineFailure(result: Run): string {
  const lines = result.stderr.split('\n').filter((line) => line !== '');
  expect({ status: result.status, lines: lines.length }).toEqual({ status: 1, lines: 1 });
  return lines[0]!;
}

const adminUrl = process.env.PARLEY_TEST_POSTGRES_URL || DEFAULT_TEST_POSTGRES_URL;

function withDatabase(url: string, name: string, login?: { user: string; password: string }): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  if (login) {
    parsed.username = login.user;
    parsed.password = login.password;
  }
  return parsed.toString();
}

async function adminQuery(sql: string, url = adminUrl): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

describe('parley start-up errors', () => {
  let database: ThrowawayDatabase;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  test('a port in use is one line naming the port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const result = await run(['serve'], {
        DATABASE_URL: database.url,
        PORT: String(port),
        PARLEY_ADMIN_TOKEN: 'startup-test-token',
      });
      expect(oneLineFailure(result)).toBe(
        `parley: Port ${port} is already in use: stop the other process or set PORT to a free port.`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  test('a failing migration is one line naming it', async () => {
    const target = await createThrowawayDatabase();
    try {
      // A table the first migration creates already exists: that migration fails.
      if (target.provider === 'sqlite') {
        const file = target.url.slice('file:'.length);
        const db = new BetterSqlite3(file);
        db.exec('CREATE TABLE "User" (id TEXT)');
        db.close();
      } else {
        await adminQuery('CREATE TABLE "User" (id TEXT)', target.url);
      }
      const result = await run(['migrate'], { DATABASE_URL: target.url });
      expect(oneLineFailure(result)).toMatch(/^parley: Migration \d{14}_\w+ failed: .*"?User"? already exists/);
    } finally {
      await target.drop();
    }
  });

  // Before any database is opened: whatever its engine, so once, on SQLite.
  (onPostgres ? describe.skip : describe)('before the database', () => {
    test('no command prints the commands and exits 0 without starting anything', async () => {
      const result = await run([], { DATABASE_URL: database.url });
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^Usage:\nparley serve .*\nparley migrate /);
      expect(result.stdout).toContain('parley tokens create');
      expect(result.stderr).toBe('');
    });

    test('a DATABASE_URL of another scheme is one line, without its password', async () => {
      const result = await run(['serve'], { DATABASE_URL: 'mysql://root:hunter2@db/parley' });
      expect(oneLineFailure(result)).toBe(
        'parley: DATABASE_URL must start with file:, postgres:// or postgresql:// (got "mysql://root:***@db/parley")',
      );
    });

    test('PARLEY_DEBUG=1 adds the stack trace', async () => {
      const result = await run(['serve'], { DATABASE_URL: 'mysql://db/parley', PARLEY_DEBUG: '1' });
      expect(result.status).toBe(1);
      expect(result.stderr.split('\n')[0]).toBe(
        'parley: DATABASE_URL must start with file:, postgres:// or postgresql:// (got "mysql://db/parley")',
      );
      expect(result.stderr).toMatch(/\n\s+at .*database-url/);
    });
  });

  (onPostgres ? describe.skip : describe)('SQLite', () => {
    test('a file that cannot be created is one line naming it', async () => {
      // Its folder would be inside a regular file.
      const file = path.join(path.dirname(database.url.slice('file:'.length)), 'not-a-folder');
      fs.writeFileSync(file, '');
      const result = await run(['migrate'], { DATABASE_URL: `file:${file}/parley.db` });
      expect(oneLineFailure(result)).toBe(
        `parley: Cannot open the SQLite database ${file}/parley.db: EEXIST: file already exists, mkdir '${file}'`,
      );
    });
  });

  (onPostgres ? describe : describe.skip)('PostgreSQL', () => {
    test('an unreachable server is one line with host and port', async () => {
      const result = await run(['serve'], { DATABASE_URL: 'postgresql://parley:secret@127.0.0.1:1/parley' });
      expect(oneLineFailure(result)).toBe(
        'parley: Cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED): is the server running, and are host and port in DATABASE_URL right?',
      );
    });

    test('a missing database is created when the role may, then migrated', async () => {
      const name = `parley_test_missing_${Date.now()}`;
      try {
        const result = await run(['migrate'], { DATABASE_URL: withDatabase(adminUrl, name) });
        expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
          status: 0,
          stdout: 'Database is up to date.\n',
          stderr: '',
        });
        const client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
        await client.connect();
        const { rows } = await client.query('SELECT count(*)::int AS n FROM _prisma_migrations');
        await client.end();
        expect(rows[0].n).toBeGreaterThan(0);
      } finally {
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    });

    test('a missing database the role may not create is one line with the createdb command', async () => {
      const role = `parley_nocreate_${Date.now()}`;
      const name = `parley_test_missing_${Date.now()}`;
      // A password of its own: the throw-away server (test/setup/postgresql-global.ts) asks every role for one,
      // where a server on trust auth ignores it.
      const password = crypto.randomBytes(12).toString('hex');
      await adminQuery(`CREATE ROLE ${role} LOGIN NOCREATEDB PASSWORD '${password}'`);
      try {
        const url = withDatabase(adminUrl, name, { user: role, password });
        const { hostname, port } = new URL(url);
        const result = await run(['serve'], { DATABASE_URL: url });
        expect(oneLineFailure(result)).toBe(
          `parley: PostgreSQL database "${name}" does not exist and role "${role}" cannot create it (permission denied to create database): ` +
            `run: createdb -h ${hostname} -p ${port || '5432'} -U postgres -O ${role} ${name}`,
        );
      } finally {
        await adminQuery(`DROP ROLE IF EXISTS ${role}`);
      }
    });
  });
});
