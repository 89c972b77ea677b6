import type { SmtpSettings } from './integrations/email/smtp';
import type { S3Settings } from './integrations/storage/s3';
// Process configuration, read once from the environment.

import type { GraphQLLimits } from './http/graphql-limits';
import type { RateLimitConfig } from './http/rate-limit/limits';

export interface Config {
  /** HOST: the address both listeners bind (default: every interface). */
  host?: string;
  /** PORT: the console and builder API (/app, /graphql, /v1). */
  port: number;
  /**
   * PARLEY_CHAT_PORT: the chat surface (public pages, embed script, files, the
   * public chat API), a second origin so bot-author content never runs with
   * the console's authority. Default PORT + 1 (0 with PORT 0: any free port).
   * Equal to PORT: one listener, the chat surface chosen by PARLEY_CHAT_URL's host.
   * Unset: PORT + 1 ({@link chatPortOf}).
   */
  chatPort?: number;
  /** PARLEY_CHAT_URL: the chat origin as visitors reach it (share links, file URLs); default: the request's host on the chat port. */
  chatUrl?: string;
  /** `file:<path>` (SQLite) or `postgres(ql)://...` */
  databaseUrl: string;
  /** When set, the first-start bootstrap uses this value as the admin token. */
  adminToken: string | undefined;
  adminEmail: string;
  /** Request body limits in bytes. */
  bodyLimit: number;
  botBodyLimit: number;
  /** Live web sessions idle longer than this are swept (ms). */
  sessionTtlMs: number;
  /** How long a chat turn waits for its session's claim (held by a turn of any process) before "Session busy" (ms). */
  sessionWaitMs: number;
  /** How long a session claim lasts unless renewed; a running turn renews it every third of this (ms). */
  sessionLeaseMs: number;
  graphiql: boolean;
  logRequests: boolean;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** When set, GET /metrics needs `Authorization: Bearer <this>`. */
  metricsToken?: string;
  /** Graceful shutdown: how long requests in flight may take to finish (ms). */
  shutdownMs?: number;
  /** Per chat turn: blocks executed and wall-clock budget (docs/api-decisions.md#limits-per-turn). */
  maxBlocksPerTurn: number;
  turnBudgetMs: number;
  /** Bot-author code: CPU time and memory per evaluation. */
  codeTimeoutMs: number;
  codeMemoryBytes: number;
  /** Worker threads running bot-author code (0: cores − 1, at least 1). */
  codeThreads: number;
  /** PARLEY_CODE_IDLE_MS: a sandbox worker idle this long stops until code runs again (0: always on). */
  codeIdleMs: number;
  /** PARLEY_SNAPSHOT_CACHE: published bot revisions kept parsed per process (least recently used go first). */
  snapshotCacheSize: number;
  /** Default and maximum time one external effect of a turn (HTTP request, e-mail, AI) may take (ms). */
  effectTimeoutMs: number;
  effectMaxTimeoutMs: number;
  /** PARLEY_OUTBOUND_ALLOW: hostnames, IPs and CIDR ranges bot requests may reach although private or loopback. */
  outboundAllow: string;
  /** PARLEY_ENCRYPTION_KEY (base64, 32 bytes): the key credentials are encrypted with. */
  encryptionKey?: string;
  /** The server's SMTP settings (SMTP_*), for e-mail blocks whose credentials are `default`. */
  smtp?: SmtpSettings;
  /** /graphql bounds per operation (src/http/graphql-limits.ts). */
  graphqlLimits: GraphQLLimits;
  /** Token buckets on the public chat routes (src/http/rate-limit). */
  rateLimit: RateLimitConfig;
  /** A live results stream re-checks its caller's token and membership at its first event this long after the last check (ms; 0: every event). */
  liveRecheckMs: number;
  /** PARLEY_UPLOAD_MAX_BYTES: no uploaded file is larger, whatever its block allows. */
  uploadMaxBytes: number;
  /** PARLEY_UPLOADS_DIR: where uploaded files are kept; default: uploads/ beside the SQLite file, else ./data/uploads. */
  uploadsDir?: string;
  /** PARLEY_PUBLIC_URL: the console and API origin as users reach it (sign-in links, the session cookie's Secure flag); default: the request's Host. */
  publicUrl?: string;
  /** PARLEY_CONSOLE_SESSION_HOURS: how long a console sign-in lasts (ms). */
  consoleSessionTtlMs: number;
  /** PARLEY_ADMIN_PASSWORD: the first-start admin's console password; generated and printed once when absent. */
  adminPassword?: string;
  /** Per-session bounds (src/services/chat/bounds.ts): a reply, client logs, prefilled variables, the stored session. */
  maxAnswerBytes: number;
  maxClientLogs: number;
  maxVariablesBytes: number;
  maxSessionBytes: number;
  maxAnonymousPreviewBytes: number;
  /** PARLEY_ENFORCE_PLAN_LIMITS: plans' chats limits apply (customChatsLimit always does). */
  enforcePlanLimits: boolean;
  /** PARLEY_QUOTA_CACHE_MS: how long a workspace's chats count is reused by the quota check. */
  quotaCacheMs: number;
  /** REDIS_URL: rate-limit counters in Redis, shared by every process (else PostgreSQL's table, or memory on SQLite). */
  redisUrl?: string;
  /** PARLEY_REDIS_PREFIX: Parley's keys in that Redis start with this (several deployments may share one). */
  redisPrefix: string;
  /** PARLEY_S3_*: uploaded files go to this S3-compatible bucket instead of the local disk. */
  s3?: S3Settings;
}

export const DEFAULT_SQLITE_URL = 'file:./data/parley.db';

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** `Name <address>` or a bare address. */
function parseFrom(raw: string): SmtpSettings['from'] {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(raw);
  return match ? { name: match[1] || undefined, email: match[2]!.trim() } : { email: raw.trim() };
}

function smtpFromEnv(env: NodeJS.ProcessEnv): SmtpSettings | undefined {
  if (!env.SMTP_HOST) return undefined;
  if (!env.SMTP_FROM)
    throw new Error(
      'SMTP_FROM must be set with SMTP_HOST (the sender of bot e-mails, e.g. "Parley <bot@example.com>")',
    );
  return {
    host: env.SMTP_HOST,
    port: intFromEnv(env, 'SMTP_PORT', 587),
    username: env.SMTP_USERNAME || undefined,
    password: env.SMTP_PASSWORD || undefined,
    secure: env.SMTP_SECURE === 'true',
    from: parseFrom(env.SMTP_FROM),
  };
}

/** An http(s) URL's origin (scheme, host, port): what PARLEY_PUBLIC_URL and PARLEY_CHAT_URL name. */
function originFromEnv(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  if (url.pathname !== '/' || url.search || url.hash)
    throw new Error(`${name} must be an origin without a path (e.g. https://chat.example.com), got "${raw}"`);
  return url.origin;
}

/** The chat surface's port: PARLEY_CHAT_PORT, else PORT + 1 (any free port when PORT is 0). */
export function chatPortOf(config: Pick<Config, 'port' | 'chatPort'>): number {
  return config.chatPort ?? (config.port === 0 ? 0 : config.port + 1);
}

function chatSettings(env: NodeJS.ProcessEnv, port: number): Pick<Config, 'chatPort' | 'chatUrl' | 'publicUrl'> {
  const publicUrl = originFromEnv(env, 'PARLEY_PUBLIC_URL');
  const chatUrl = originFromEnv(env, 'PARLEY_CHAT_URL');
  const chatPort = env.PARLEY_CHAT_PORT ? intFromEnv(env, 'PARLEY_CHAT_PORT', 0) : undefined;
  if (chatPortOf({ port, chatPort }) > 65535)
    throw new Error(`PARLEY_CHAT_PORT must be at most 65535 (PORT + 1 by default), got ${chatPort}`);
  if (publicUrl && chatUrl && publicUrl === chatUrl) {
    throw new Error(
      'PARLEY_CHAT_URL must differ from PARLEY_PUBLIC_URL: bot content on the console origin could act as a signed-in user',
    );
  }
  if (chatPortOf({ port, chatPort }) === port && port !== 0 && !chatUrl) {
    throw new Error(
      'PARLEY_CHAT_PORT equals PORT: set PARLEY_CHAT_URL, whose host name tells chat requests from console ones on the shared port',
    );
  }
  return { publicUrl, chatUrl, chatPort };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFromEnv(env, 'PORT', 3000);
  return {
    host: env.HOST || undefined,
    port,
    ...chatSettings(env, port),
    databaseUrl: env.DATABASE_URL || DEFAULT_SQLITE_URL,
    adminToken: env.PARLEY_ADMIN_TOKEN || undefined,
    adminEmail: env.PARLEY_ADMIN_EMAIL || 'admin@parley.local',
    bodyLimit: intFromEnv(env, 'PARLEY_BODY_LIMIT', 1024 * 1024),
    botBodyLimit: intFromEnv(env, 'PARLEY_BOT_BODY_LIMIT', 10 * 1024 * 1024),
    sessionTtlMs: intFromEnv(env, 'SESSION_TTL', 30 * 24 * 3600) * 1000,
    sessionWaitMs: intFromEnv(env, 'PARLEY_SESSION_WAIT_MS', 10_000),
    sessionLeaseMs: intFromEnv(env, 'PARLEY_SESSION_LEASE_MS', 30_000),
    graphiql: env.NODE_ENV !== 'production',
    logRequests: env.PARLEY_LOG_REQUESTS === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    metricsToken: env.PARLEY_METRICS_TOKEN || undefined,
    shutdownMs: intFromEnv(env, 'PARLEY_SHUTDOWN_MS', 10_000),
    maxBlocksPerTurn: intFromEnv(env, 'PARLEY_MAX_BLOCKS_PER_TURN', 1000),
    turnBudgetMs: intFromEnv(env, 'PARLEY_TURN_BUDGET_MS', 10_000),
    codeTimeoutMs: intFromEnv(env, 'PARLEY_CODE_TIMEOUT_MS', 1000),
    codeMemoryBytes: intFromEnv(env, 'PARLEY_CODE_MEMORY_MB', 32) * 1024 * 1024,
    codeThreads: intFromEnv(env, 'PARLEY_CODE_THREADS', 0),
    codeIdleMs: intFromEnv(env, 'PARLEY_CODE_IDLE_MS', 60_000),
    snapshotCacheSize: Math.max(1, intFromEnv(env, 'PARLEY_SNAPSHOT_CACHE', 500)),
    effectTimeoutMs: intFromEnv(env, 'PARLEY_EFFECT_TIMEOUT_MS', 10_000),
    effectMaxTimeoutMs: intFromEnv(env, 'PARLEY_EFFECT_MAX_TIMEOUT_MS', 120_000),
    outboundAllow: env.PARLEY_OUTBOUND_ALLOW ?? '',
    encryptionKey: env.PARLEY_ENCRYPTION_KEY || undefined,
    smtp: smtpFromEnv(env),
    graphqlLimits: {
      maxAliases: intFromEnv(env, 'PARLEY_GRAPHQL_MAX_ALIASES', 30),
      maxDepth: intFromEnv(env, 'PARLEY_GRAPHQL_MAX_DEPTH', 12),
      maxDirectives: intFromEnv(env, 'PARLEY_GRAPHQL_MAX_DIRECTIVES', 20),
      maxTokens: intFromEnv(env, 'PARLEY_GRAPHQL_MAX_TOKENS', 2000),
      maxCost: intFromEnv(env, 'PARLEY_GRAPHQL_MAX_COST', 1000),
      maxPagedCost: intFromEnv(env, 'PARLEY_GRAPHQL_MAX_PAGED_COST', 5000),
      maxQueryBytes: intFromEnv(env, 'PARLEY_GRAPHQL_MAX_QUERY_BYTES', 100 * 1024),
      introspection: env.NODE_ENV !== 'production' || env.PARLEY_GRAPHQL_INTROSPECTION === 'true',
      suggestions: env.NODE_ENV !== 'production' || env.PARLEY_GRAPHQL_INTROSPECTION === 'true',
    },
    rateLimit: {
      enabled: env.PARLEY_RATE_LIMIT !== 'off',
      ipPoints: intFromEnv(env, 'PARLEY_RATE_LIMIT_IP', 120),
      botPoints: intFromEnv(env, 'PARLEY_RATE_LIMIT_BOT', 600),
      builderPoints: intFromEnv(env, 'PARLEY_RATE_LIMIT_BUILDER', 600),
      authFailurePoints: intFromEnv(env, 'PARLEY_RATE_LIMIT_AUTH_FAILURES', 20),
      anonymousPreviewPoints: intFromEnv(env, 'PARLEY_RATE_LIMIT_ANONYMOUS_PREVIEW', 10),
      windowSeconds: Math.max(1, intFromEnv(env, 'PARLEY_RATE_LIMIT_WINDOW_SECONDS', 60)),
      trustedProxies: env.PARLEY_TRUSTED_PROXIES ?? '',
    },
    liveRecheckMs: intFromEnv(env, 'PARLEY_LIVE_RECHECK_MS', 30_000),
    uploadMaxBytes: intFromEnv(env, 'PARLEY_UPLOAD_MAX_BYTES', 10 * 1024 * 1024),
    uploadsDir: env.PARLEY_UPLOADS_DIR || undefined,
    consoleSessionTtlMs: intFromEnv(env, 'PARLEY_CONSOLE_SESSION_HOURS', 7 * 24) * 3600 * 1000,
    adminPassword: env.PARLEY_ADMIN_PASSWORD || undefined,
    redisUrl: env.REDIS_URL || undefined,
    enforcePlanLimits: env.PARLEY_ENFORCE_PLAN_LIMITS === 'true',
    maxAnswerBytes: intFromEnv(env, 'PARLEY_MAX_ANSWER_BYTES', 10 * 1024),
    maxClientLogs: intFromEnv(env, 'PARLEY_MAX_CLIENT_LOGS', 100),
    maxVariablesBytes: intFromEnv(env, 'PARLEY_MAX_VARIABLES_BYTES', 64 * 1024),
    maxSessionBytes: intFromEnv(env, 'PARLEY_MAX_SESSION_BYTES', 1024 * 1024),
    maxAnonymousPreviewBytes: intFromEnv(env, 'PARLEY_ANONYMOUS_PREVIEW_BYTES', 256 * 1024),
    quotaCacheMs: intFromEnv(env, 'PARLEY_QUOTA_CACHE_MS', 30_000),
    redisPrefix: env.PARLEY_REDIS_PREFIX || 'parley',
    s3: env.PARLEY_S3_BUCKET
      ? {
          bucket: env.PARLEY_S3_BUCKET,
          region: env.PARLEY_S3_REGION || 'us-east-1',
          endpoint: env.PARLEY_S3_ENDPOINT || undefined,
          accessKeyId: env.PARLEY_S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.PARLEY_S3_SECRET_ACCESS_KEY || undefined,
          // Self-hosted services (MinIO) need path-style addresses; AWS takes virtual-hosted ones.
          forcePathStyle: env.PARLEY_S3_FORCE_PATH_STYLE
            ? env.PARLEY_S3_FORCE_PATH_STYLE === 'true'
            : Boolean(env.PARLEY_S3_ENDPOINT),
          prefix: env.PARLEY_S3_PREFIX || undefined,
        }
      : undefined,
  };
}
