import fs from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { Pool } from 'pg';
import { PrismaClient } from './generated/sqlite/client';
import { PrismaClient as PgPrismaClient } from './generated/postgresql/client';
import { parseDatabaseUrl, type DatabaseTarget, type Provider } from './database-url';
import { DatabaseSetupError, firstLine } from './setup-error';
import { openSqliteChatStore } from './chat-store/sqlite';
import { postgresChatStore } from './chat-store/postgres';
import { cachePublicBots, type PublicBotCache } from './chat-store/public-bot-cache';
import type { ChatStore } from './chat-store/types';

export type * from './chat-store/types';

export { Prisma } from './generated/sqlite/client';
export type * from './generated/sqlite/client';

/**
 * The application is typed against the SQLite client. Both generated clients
 * come from one data model, so the PostgreSQL client has the same API; only
 * the nominal class differs, hence the single cast below.
 */
export type Db = PrismaClient;

export interface Database {
  db: Db;
  /** The chat hot path's statements, prepared once (the same tables as `db`). */
  chatStore: ChatStore;
  provider: Provider;
  target: DatabaseTarget;
  /**
   * PostgreSQL only: NOTIFY these payloads on a channel, in order, on the
   * shared pool (a prepared statement; Prisma stays out of the chat path).
   */
  notify?: (channel: string, payloads: string[]) => Promise<void>;
  /**
   * PostgreSQL only: the bots chat starts read, cached by public id
   * (`chatStore` answers from it); its LISTEN connection tells it of changes.
   */
  publicBots?: PublicBotCache;
  close(): Promise<void>;
}

/**
 * A statement of this process that may change what a chat start reads of a bot
 * (Prisma writes `"public"."Bot"`): its cache forgets at once, so this process
 * reads its own writes without waiting for the database's NOTIFY.
 */
const PUBLICATION_WRITE = /^\s*(?:UPDATE|DELETE\s+FROM)\s+"public"\."(?:Bot|Workspace)"/i;

/** SQLite waits this long for a lock held by another connection before failing. */
export const SQLITE_BUSY_TIMEOUT_MS = 10_000;

export interface DatabaseOptions {
  /** Told of every SQL statement the client ran, with its duration (ms): the metrics hook, kept out of this layer. */
  onStatement?: (sql: string, durationMs: number) => void;
  /** PostgreSQL: the pool's size (PARLEY_DATABASE_POOL_SIZE). */
  poolSize?: number;
}

const DEFAULT_POOL_SIZE = 10;

export function openDatabase(databaseUrl: string, options: DatabaseOptions = {}): Database {
  const target = parseDatabaseUrl(databaseUrl);
  // Query events are Prisma's supported per-statement timing with driver adapters; off unless asked for
  // (PostgreSQL: always, for the public bot cache).
  const log =
    options.onStatement || target.provider === 'postgresql'
      ? [{ emit: 'event' as const, level: 'query' as const }]
      : [];
  let db: Db;
  let chatStore: ChatStore;
  let closeDriver: () => Promise<void>;
  let notify: Database['notify'];
  let publicBots: PublicBotCache | undefined;
  if (target.provider === 'sqlite') {
    try {
      fs.mkdirSync(path.dirname(target.location), { recursive: true });
    } catch (error) {
      throw new DatabaseSetupError(`Cannot open the SQLite database ${target.location}: ${firstLine(error)}`, {
        cause: error,
      });
    }
    const adapter = new PrismaBetterSqlite3({ url: target.location, timeout: SQLITE_BUSY_TIMEOUT_MS });
    db = new PrismaClient({ adapter, log }) as unknown as Db;
    chatStore = openSqliteChatStore(target.location, SQLITE_BUSY_TIMEOUT_MS, options.onStatement);
    closeDriver = () => chatStore.close();
  } else {
    // One pool for Prisma's adapter and the chat store's prepared statements.
    const pool = new Pool({ connectionString: target.location, max: options.poolSize ?? DEFAULT_POOL_SIZE });
    // An idle connection the server ended (restart, failover, administrator) is an error event of the pool:
    // unheard, it would crash the process. The pool has already dropped it; the next query opens another.
    pool.on('error', () => undefined);
    const adapter = new PrismaPg(pool);
    db = new PgPrismaClient({ adapter, log }) as unknown as Db;
    publicBots = cachePublicBots(postgresChatStore(pool, options.onStatement));
    chatStore = publicBots.store;
    closeDriver = () => pool.end().catch(() => undefined);
    notify = async (channel, payloads) => {
      await pool.query({
        name: 'parley_notify',
        text: 'SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS t(payload, n) ORDER BY n',
        values: [channel, payloads],
      });
    };
  }
  const { onStatement } = options;
  if (onStatement || publicBots)
    (db as PrismaClient<'query'>).$on('query', (event) => {
      onStatement?.(event.query, event.duration);
      if (publicBots && PUBLICATION_WRITE.test(event.query)) publicBots.changed();
    });
  return {
    db,
    chatStore,
    provider: target.provider,
    target,
    ...(notify ? { notify } : {}),
    ...(publicBots ? { publicBots } : {}),
    close: async () => {
      await db.$disconnect();
      await closeDriver();
    },
  };
}

export { Plan, WorkspaceRole } from './generated/sqlite/enums';
