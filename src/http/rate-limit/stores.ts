import type { Redis } from 'ioredis';
import { Pool } from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimitConfig, RateLimiters } from './limits';

export interface RateLimitStore {
  limiters: RateLimiters;
  close(): Promise<void>;
}

/**
 * UNLOGGED: counters are worth nothing after a crash, and skipping the WAL
 * keeps the one upsert per request cheap. Created here rather than in a
 * migration because the table belongs to the limiter, not to Prisma's model.
 */
const TABLE = 'parley_rate_limits';
const CREATE_TABLE = `CREATE UNLOGGED TABLE IF NOT EXISTS ${TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`;
/** pg_advisory_xact_lock key of the table's creation (any constant unlikely to collide; the migrations use another). */
const CREATE_TABLE_LOCK = 7_266_534_801;

/**
 * IF NOT EXISTS is not safe against a concurrent CREATE (two processes can
 * both find the table missing; one then fails on the catalog's unique index):
 * processes starting together take turns under an advisory lock.
 */
async function createTable(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [CREATE_TABLE_LOCK]);
    await client.query(CREATE_TABLE);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The budgets, each a token bucket refilled every window. */
function limitersOf(
  config: RateLimitConfig,
  limiter: (keyPrefix: string, points: number) => RateLimiterAbstract,
): RateLimiters {
  return {
    ip: limiter('ip', config.ipPoints),
    bot: limiter('bot', config.botPoints),
    builder: limiter('builder', config.builderPoints),
    authFailures: limiter('auth-fail', config.authFailurePoints),
    signIn: limiter('sign-in-fail', config.signInFailurePoints),
    anonymousPreview: limiter('anon-preview', config.anonymousPreviewPoints),
    revisions: limiter('revisions', config.revisionPoints),
  };
}

/** One process: counters in memory. */
export function memoryStore(config: RateLimitConfig): RateLimitStore {
  return {
    limiters: limitersOf(
      config,
      (keyPrefix, points) => new RateLimiterMemory({ keyPrefix, points, duration: config.windowSeconds }),
    ),
    close: async () => undefined,
  };
}

/** Several processes on one PostgreSQL database share their counters (an atomic upsert per request). */
export async function postgresStore(config: RateLimitConfig, connectionString: string): Promise<RateLimitStore> {
  const pool = new Pool({ connectionString, max: 4 });
  // An idle connection the server ended is an error event of the pool (a crash unheard); the pool replaces it.
  pool.on('error', () => undefined);
  await createTable(pool);
  return {
    limiters: limitersOf(
      config,
      (keyPrefix, points) =>
        new RateLimiterPostgres({
          storeClient: pool,
          storeType: 'pool',
          tableName: TABLE,
          tableCreated: true,
          keyPrefix,
          points,
          duration: config.windowSeconds,
          clearExpiredByTimeout: false,
        }),
    ),
    close: () => pool.end(),
  };
}

/**
 * REDIS_URL: processes share their counters in Redis (one atomic script per
 * check), whatever the database. The connection is checked at start so a
 * wrong URL is a start-up error, not a silent fail-open at every request.
 */
export async function redisStore(
  config: RateLimitConfig,
  redisUrl: string,
  keyPrefix = 'parley',
): Promise<RateLimitStore> {
  const { default: IORedis } = await import('ioredis');
  const client: Redis = new IORedis(redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  // A dropped connection is retried by the client; the limiter fails open meanwhile.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `Redis is not reachable at ${redisUrl.replace(/\/\/[^@/]*@/, '//***@')}: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  return {
    limiters: limitersOf(
      config,
      (limit, points) =>
        new RateLimiterRedis({
          storeClient: client,
          keyPrefix: `${keyPrefix}:rl:${limit}`,
          points,
          duration: config.windowSeconds,
        }),
    ),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
