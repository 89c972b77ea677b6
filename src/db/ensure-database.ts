import pg from 'pg';
import { DatabaseSetupError, errorCode, firstLine } from './setup-error';

/** Where a PostgreSQL URL points, for messages (never the password). */
export interface PostgresAddress {
  host: string;
  port: string;
  user: string;
  database: string;
}

export function postgresAddress(connectionString: string): PostgresAddress {
  const url = new URL(connectionString);
  return {
    host: url.hostname || 'localhost',
    port: url.port || '5432',
    user: decodeURIComponent(url.username) || 'postgres',
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username) || 'postgres',
  };
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);
const DATABASE_MISSING = '3D000';
const DUPLICATE_DATABASE = '42P04';
const CONNECT_TIMEOUT_MS = 10_000;

function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Translates a connection failure into one line an operator can act on. */
function connectionError(error: unknown, where: PostgresAddress): DatabaseSetupError {
  const code = errorCode(error);
  const server = `${where.host}:${where.port}`;
  if (code !== undefined && UNREACHABLE.has(code)) {
    return new DatabaseSetupError(
      `Cannot reach PostgreSQL at ${server} (${code}): is the server running, and are host and port in DATABASE_URL right?`,
      {
        cause: error,
      },
    );
  }
  if (code === '28P01' || code === '28000') {
    return new DatabaseSetupError(
      `PostgreSQL at ${server} refused role "${where.user}": ${firstLine(error)} (check the user and password in DATABASE_URL).`,
      {
        cause: error,
      },
    );
  }
  if (/timeout/i.test(firstLine(error))) {
    return new DatabaseSetupError(
      `Cannot reach PostgreSQL at ${server} (timed out): is the server running, and are host and port in DATABASE_URL right?`,
      {
        cause: error,
      },
    );
  }
  return new DatabaseSetupError(`Cannot connect to PostgreSQL at ${server}: ${firstLine(error)}`, { cause: error });
}

async function tryConnect(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client whose server goes away emits 'error'; without a listener that would crash the process.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Makes sure the database named by a PostgreSQL URL exists: connects to it,
 * and when PostgreSQL says it does not exist, creates it through the
 * maintenance database if the role may; otherwise fails with the exact
 * `createdb` command to run. Returns whether it was created now.
 */
export async function ensurePostgresDatabase(connectionString: string): Promise<'exists' | 'created'> {
  const where = postgresAddress(connectionString);
  try {
    const client = await tryConnect(connectionString);
    await client.end();
    return 'exists';
  } catch (error) {
    if (errorCode(error) !== DATABASE_MISSING) throw connectionError(error, where);
  }
  // Run as a role that may create databases (the `postgres` superuser on a default install), owned by the configured role.
  const createdb = `createdb -h ${where.host} -p ${where.port} -U postgres -O ${where.user} ${where.database}`;
  let admin: pg.Client | undefined;
  for (const maintenance of ['postgres', 'template1']) {
    try {
      admin = await tryConnect(withDatabase(connectionString, maintenance));
      break;
    } catch (error) {
      if (errorCode(error) !== DATABASE_MISSING) throw connectionError(error, where);
    }
  }
  if (!admin) {
    throw new DatabaseSetupError(
      `PostgreSQL database "${where.database}" does not exist and no maintenance database is reachable to create it; run: ${createdb}`,
    );
  }
  try {
    await admin.query(`CREATE DATABASE ${quoteIdentifier(where.database)}`);
    return 'created';
  } catch (error) {
    if (errorCode(error) === DUPLICATE_DATABASE) return 'exists'; // another process created it meanwhile
    throw new DatabaseSetupError(
      `PostgreSQL database "${where.database}" does not exist and role "${where.user}" cannot create it (${firstLine(error)}): run: ${createdb}`,
      { cause: error },
    );
  } finally {
    await admin.end().catch(() => undefined);
  }
}
