import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config';
import type { SmtpSettings } from '../../src/integrations/email/smtp';
import { startServer, type RunningServer } from '../../src/cli/serve';
import type { Db, WorkspaceRole } from '../../src/db/client';
import type { EffectPerformers } from '../../src/services/chat/effects';
import { createToken } from '../../src/services/tokens';
import { ensureUser } from '../../src/services/users';
import { createThrowawayDatabase, type ThrowawayDatabase } from './test-database';

export interface TestServer {
  /** The console and builder API origin. */
  url: string;
  /** The chat origin: public pages, the embed script, files (and the public chat API, as on `url`). */
  chatUrl: string;
  db: Db;
  /** The throw-away database's URL (shared by peer servers). */
  databaseUrl: string;
  provider: 'sqlite' | 'postgresql';
  /** Token of the bootstrap admin (ADMIN of `adminWorkspaceId`). */
  adminToken: string;
  adminWorkspaceId: string;
  /** The bootstrap admin's e-mail and console password. */
  adminEmail: string;
  adminPassword: string;
  /** Wakes the messaging channels' processor (as the webhooks do once they have stored events). */
  wakeChannels(): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  bodyLimit?: number;
  botBodyLimit?: number;
  /** PARLEY_SESSION_WAIT_MS: how long a chat turn waits for its session's claim. */
  sessionWaitMs?: number;
  /** PARLEY_SESSION_LEASE_MS: how long a claim lasts unless its turn renews it. */
  sessionLeaseMs?: number;
  /** PARLEY_EFFECT_TIMEOUT_MS: the default time an effect may take. */
  effectTimeoutMs?: number;
  /** PARLEY_OUTBOUND_PER_TURN and PARLEY_OUTBOUND_PER_WORKSPACE_MINUTE */
  outbound?: Partial<Config['effects']['outbound']>;
  /** PARLEY_MCP_CONCURRENCY */
  mcpConcurrency?: number;
  /** PARLEY_OUTBOUND_ALLOW: what bot requests may reach although private (the local stand-ins of third parties). */
  outboundAllow?: string;
  /** Wraps the real effect performers (a local stand-in of a slow third party in front of one). */
  effects?: (real: EffectPerformers) => EffectPerformers;
  /** PARLEY_SMTP_*: the server's own SMTP settings (e-mail blocks whose credentials are `default`). */
  smtp?: SmtpSettings;
  /** GraphiQL at GET /graphql (off in tests unless asked). */
  graphiql?: boolean;
  /** PARLEY_OPERATORS (the admin's address unless given). */
  operators?: string;
  /** PARLEY_METRICS_TOKEN */
  metricsToken?: string;
  /** PARLEY_HANDOFF_*: the inbox's bounds and how often nobody-took-it timeouts are swept. */
  handoff?: Partial<Config['handoff']>;
  /** Collects the server's log lines (parsed JSON) at PARLEY_LOG_LEVEL `info` (silent otherwise). */
  logLines?: Record<string, unknown>[];
  /** PARLEY_METRICS_PUBLIC (true unless given: tests are not production). */
  metricsPublic?: boolean;
  /** PARLEY_RATE_LIMIT_*: off in tests unless given (tests make many chat requests from one IP). */
  rateLimit?: Partial<Config['rateLimit']>;
  /** PARLEY_TRUSTED_PROXIES, with rate limits left as `rateLimit` says (off unless given). */
  trustedProxies?: string;
  /** PARLEY_LIVE_RECHECK_MS: how often a live results stream re-checks its caller's access. */
  liveRecheckMs?: number;
  /** PARLEY_LIVE_STREAMS_PER_USER, PARLEY_LIVE_STREAMS_PER_ADDRESS, PARLEY_LIVE_STREAM_MAX_MINUTES (in ms here). */
  liveStreams?: Partial<Omit<Config['live'], 'recheckMs'>>;
  /** PARLEY_UPLOAD_MAX_BYTES */
  uploadMaxBytes?: number;
  /** PARLEY_BOT_ASSETS_PER_BOT and PARLEY_BOT_ASSETS_WORKSPACE_MB (in bytes here). */
  botAssets?: Partial<Config['uploads']['botAssets']>;
  /** PARLEY_UPLOADS_DIR: a fresh temporary directory unless given. */
  uploadsDir?: string;
  /** PARLEY_S3_*: uploads to a bucket (a local stand-in of S3 in tests). */
  s3?: Config['s3'];
  /** PARLEY_REDIS_URL and PARLEY_REDIS_PREFIX: rate-limit counters in Redis. */
  redis?: { url: string; prefix: string };
  /** PARLEY_ENFORCE_PLAN_LIMITS and PARLEY_QUOTA_CACHE_MS */
  enforcePlanLimits?: boolean;
  /** PARLEY_MAX_ANSWER_BYTES, PARLEY_MAX_CLIENT_LOGS, PARLEY_MAX_VARIABLES_BYTES, PARLEY_MAX_SESSION_BYTES */
  bounds?: Partial<Config['chat']['bounds']>;
  quotaCacheMs?: number;
  /** PARLEY_CONSOLE_SESSION_HOURS, in ms. */
  consoleSessionTtlMs?: number;
  /** PARLEY_PUBLIC_URL */
  publicUrl?: string;
  /** PARLEY_CHAT_URL */
  chatUrl?: string;
  /** PARLEY_PORT and PARLEY_CHAT_PORT (any free ports unless given). */
  port?: number;
  chatPort?: number;
  /** PARLEY_CODE_THREADS */
  codeThreads?: number;
  /** NODE_ENV=production's GraphQL: no introspection, no "Did you mean" suggestions. */
  productionGraphql?: boolean;
  /** PARLEY_WHATSAPP_API_URL, PARLEY_TELEGRAM_API_URL, PARLEY_CHANNEL_WAIT_CAP_MS (the providers' stand-ins). */
  channels?: Partial<Config['channels']>;
  /** PARLEY_DRAFT_*: checkpoints, the change log's reads (bytes here), PARLEY_WORKSPACE_DRAFT_STORAGE_MB (bytes here), PARLEY_BOT_MAX_*. */
  drafts?: Partial<Config['drafts']>;
}

const ADMIN_EMAIL = 'admin@parley.test';
const ADMIN_PASSWORD = 'test-admin-password';
/** Test servers of one database (peers included) share this credentials key. */
export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

function serverConfig(databaseUrl: string, adminToken: string, options: TestServerOptions): Config {
  const defaults = loadConfig({});
  const given = <T extends object>(value: T) =>
    Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as Partial<T>;
  return {
    ...defaults,
    server: {
      ...defaults.server,
      port: options.port ?? 0,
      ...given({
        chatPort: options.chatPort,
        bodyLimit: options.bodyLimit || undefined,
        botBodyLimit: options.botBodyLimit || undefined,
        publicUrl: options.publicUrl,
        chatUrl: options.chatUrl,
      }),
    },
    database: { ...defaults.database, url: databaseUrl },
    admin: { token: adminToken, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, operators: options.operators },
    graphql: {
      graphiql: options.graphiql ?? false,
      limits: { ...defaults.graphql.limits, ...(options.productionGraphql ? { introspection: false } : {}) },
    },
    credentials: { encryptionKey: TEST_ENCRYPTION_KEY },
    chat: {
      ...defaults.chat,
      ...given({ sessionWaitMs: options.sessionWaitMs, sessionLeaseMs: options.sessionLeaseMs }),
      bounds: { ...defaults.chat.bounds, ...options.bounds },
    },
    effects: {
      ...defaults.effects,
      ...given({ timeoutMs: options.effectTimeoutMs, outboundAllow: options.outboundAllow }),
      outbound: { ...defaults.effects.outbound, ...options.outbound },
    },
    mcp: { concurrencyPerToken: options.mcpConcurrency ?? defaults.mcp.concurrencyPerToken },
    log: {
      ...defaults.log,
      level: options.logLines
        ? 'info'
        : (process.env.PARLEY_LOG_LEVEL as Config['log']['level'] | undefined) || 'silent',
    },
    metrics: { token: options.metricsToken || undefined, public: options.metricsPublic ?? true },
    smtp: options.smtp && { secure: false, ...options.smtp },
    live: { ...defaults.live, ...given({ recheckMs: options.liveRecheckMs }), ...options.liveStreams },
    uploads: {
      maxBytes: options.uploadMaxBytes ?? defaults.uploads.maxBytes,
      dir: options.uploadsDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-uploads-')),
      botAssets: { ...defaults.uploads.botAssets, ...options.botAssets },
    },
    s3: options.s3,
    quota: {
      ...defaults.quota,
      ...given({ enforcePlanLimits: options.enforcePlanLimits, cacheMs: options.quotaCacheMs }),
    },
    console: { sessionTtlMs: options.consoleSessionTtlMs ?? defaults.console.sessionTtlMs },
    drafts: { ...defaults.drafts, ...options.drafts },
    sandbox: { ...defaults.sandbox, ...given({ threads: options.codeThreads }) },
    redis: options.redis ?? defaults.redis,
    channels: { ...defaults.channels, ...options.channels },
    handoff: { ...defaults.handoff, ...options.handoff },
    rateLimit: {
      ...defaults.rateLimit,
      enabled: false,
      ...given({ trustedProxies: options.trustedProxies }),
      ...(options.rateLimit ? { enabled: true, ...options.rateLimit } : {}),
    },
  };
}

async function describeServer(
  server: RunningServer,
  databaseUrl: string,
  provider: TestServer['provider'],
  adminToken: string,
  drop: () => Promise<void>,
): Promise<TestServer> {
  const db = server.database.db;
  const admin = await db.user.findUniqueOrThrow({ where: { email: ADMIN_EMAIL }, include: { memberships: true } });
  return {
    url: server.url,
    chatUrl: server.chatUrl,
    db,
    databaseUrl,
    provider,
    adminToken,
    adminWorkspaceId: admin.memberships[0]!.workspaceId,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    wakeChannels: server.wakeChannels,
    close: async () => {
      await server.close();
      await drop();
    },
  };
}

/** A port free now (the server takes it a moment later). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * SMTP needs PARLEY_PUBLIC_URL (e-mailed links are built from it alone): a
 * server with SMTP and no public URL given gets its port chosen first and
 * that port's localhost address as its public URL.
 */
async function withPublicUrlForSmtp(options: TestServerOptions): Promise<TestServerOptions> {
  if (!options.smtp || options.publicUrl) return options;
  const port = options.port || (await freePort());
  return { ...options, port, chatPort: options.chatPort ?? 0, publicUrl: `http://localhost:${port}` };
}

/** A real Parley server on a loopback port over a throw-away database. */
export async function startTestServer(given: TestServerOptions = {}): Promise<TestServer> {
  const options = await withPublicUrlForSmtp(given);
  const database: ThrowawayDatabase = await createThrowawayDatabase({ migrated: true });
  const adminToken = `test-admin-${Math.random().toString(36).slice(2)}-${Date.now()}`;
  let server: RunningServer;
  try {
    const lines = options.logLines;
    server = await startServer(serverConfig(database.url, adminToken, options), () => undefined, {
      effects: options.effects,
      logDestination: lines && { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
  } catch (error) {
    await database.drop();
    throw error;
  }
  return describeServer(server, database.url, database.provider, adminToken, database.drop);
}

/**
 * A second Parley server over the database of `first`, as another process
 * would run it: startServer from its own copy of Parley's modules
 * (jest.isolateModules), so nothing of Parley's in-process state is shared
 * with `first` (per-session request queues, snapshot cache, sandbox), and its
 * own database client (own connections). Only src/db/client's code is shared:
 * Prisma's query compiler (WebAssembly) breaks when loaded twice in one
 * process, and its code holds no session state. Closing it leaves the
 * database to `first`.
 */
export async function startPeerServer(first: TestServer, options: TestServerOptions = {}): Promise<TestServer> {
  const clientModule = jest.requireActual<typeof import('../../src/db/client')>('../../src/db/client');
  let isolated!: typeof import('../../src/cli/serve');
  jest.isolateModules(() => {
    jest.doMock('../../src/db/client', () => clientModule);
    // A second copy of the server's modules (its own caches and claims) needs a synchronous require inside isolateModules.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    isolated = require('../../src/cli/serve');
  });
  jest.dontMock('../../src/db/client');
  const server = await isolated.startServer(
    serverConfig(first.databaseUrl, first.adminToken, options),
    () => undefined,
    { effects: options.effects },
  );
  return describeServer(server, first.databaseUrl, first.provider, first.adminToken, async () => undefined);
}

/** A user with a token (and, when given, a role in a workspace), set up through the service layer. */
export async function createUserWithToken(
  db: Db,
  email: string,
  membership?: { workspaceId: string; role: WorkspaceRole },
): Promise<{ userId: string; token: string; personalWorkspaceId: string }> {
  const { user } = await ensureUser(db, email, { personalWorkspace: true });
  const personal = await db.memberInWorkspace.findFirstOrThrow({ where: { userId: user.id } });
  if (membership) await db.memberInWorkspace.create({ data: { userId: user.id, ...membership } });
  const { token } = await createToken(db, user.id, 'test');
  return { userId: user.id, token, personalWorkspaceId: personal.workspaceId };
}
