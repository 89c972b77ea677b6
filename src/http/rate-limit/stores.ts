import { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres } from 'rate-limiter-flexible';
import type { ChatRateLimiters, RateLimitConfig } from './chat-rate-limit';

export interface RateLimitStore {
  limiters: ChatRateLimiters;
  close(): Promise<void>;
}

/**
 * UNLOGGED: counters are worth nothing after a crash, and skipping the WAL
 * keeps the one upsert per request cheap. Created here rather than in a
 * migration because the table belongs to the limiter, not to Prisma's model.
 */
const TABLE = 'parley_rate_limits';
const CREATE_TABLE = `CREATE UNLOGGED TABLE IF NOT EXISTS ${TABLE} (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`;

/** One process: counters in memory. */
export function memoryStore(config: RateLimitConfig): RateLimitStore {
  return {
    limiters: {
      ip: new RateLimiterMemory({ keyPrefix: 'ip', points: config.ipPoints, duration: config.windowSeconds }),
      bot: new RateLimiterMemory({ keyPrefix: 'bot', points: config.botPoints, duration: config.windowSeconds }),
    },
    close: async () => undefined,
  };
}

/** Several processes on one PostgreSQL database share their counters (an atomic upsert per request). */
export async function postgresStore(config: RateLimitConfig, connectionString: string): Promise<RateLimitStore> {
  const pool = new Pool({ connectionString, max: 4 });
  await pool.query(CREATE_TABLE);
  const limiter = (keyPrefix: string, points: number) =>
    new RateLimiterPostgres({ storeClient: pool, storeType: 'pool', tableName: TABLE, tableCreated: true, keyPrefix, points, duration: config.windowSeconds, clearExpiredByTimeout: false });
  return {
    limiters: { ip: limiter('ip', config.ipPoints), bot: limiter('bot', config.botPoints) },
    close: () => pool.end(),
  };
}
