import type { AddressInfo } from 'node:net';
import path from 'node:path';
import http, { type Server } from 'node:http';
import { chatPortOf, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrate, unappliedMigrations } from '../db/migrate';
import { createApps, type Apps } from '../http/app';
import { createOrigins, type ListeningPorts, type Origins } from '../http/origins';
import { memoryStore, postgresStore, redisStore } from '../http/rate-limit/stores';
import { createLogger } from '../observability/logger';
import { recordDbStatement, resetMetrics } from '../observability/metrics';
import { bootstrapIfEmpty } from '../services/bootstrap';
import { createSecretBox, loadEncryptionKey } from '../services/credentials/secret-box';
import { sweepExpiredSessions } from '../services/chat/sessions';
import { scheduleHandoffTimeouts } from '../services/handoff/timeouts';
import { buildServerDeps, type ServerOptions } from './server-deps';
import { forgetSnapshots, setSnapshotCacheSize } from '../services/chat/bot-loader';

/** Expired sessions are swept this often (every process; the delete is idempotent). */
const SWEEP_INTERVAL_MS = 3600_000;

export interface RunningServer {
  /** The console and builder API (PORT). */
  url: string;
  port: number;
  /** Where the chat surface listens (public pages, embed script, files): PARLEY_CHAT_PORT on localhost. */
  chatUrl: string;
  chatPort: number;
  database: Database;
  /** Wakes the messaging channels' processor, as a webhook does once it has stored events. */
  wakeChannels(): void;
  close(): Promise<void>;
  /**
   * Graceful stop: stops accepting connections, lets requests in flight
   * finish (their turns commit and release their session claims) for at most
   * `graceMs`, then cuts what is left, and closes the database.
   */
  shutdown(graceMs: number): Promise<{ drained: boolean }>;
}

/**
 * Opens the database and gets it ready to serve: the credentials key checked
 * (or generated), migrations applied, an empty database bootstrapped. Done
 * once per start: by the server itself, or by the primary of a cluster
 * before its workers start.
 */
export async function prepareStorage(
  config: Config,
  log: (line: string) => void,
): Promise<{ database: Database; secrets: ReturnType<typeof createSecretBox>; consoleSignIn?: (url: string) => void }> {
  const database = openDatabase(config.database.url, {
    onStatement: recordDbStatement,
    poolSize: config.database.poolSize,
  });
  // The key is checked before anything is written: a misconfigured deployment stops without side effects.
  const secrets = createSecretBox(
    loadEncryptionKey(
      {
        configured: config.credentials.encryptionKey,
        dataDirectory: database.provider === 'sqlite' ? path.dirname(database.target.location) : undefined,
      },
      log,
    ),
  );
  const applied = await migrate(database.target);
  if (applied.length > 0) log(`Applied migrations: ${applied.join(', ')}`);
  // Asked through the chat store: a restart of a server that only chats never loads Prisma's query compiler.
  const bootstrap = (await database.chatStore.hasUsers())
    ? null
    : await bootstrapIfEmpty(database.db, {
        email: config.admin.email,
        presetToken: config.admin.token,
        presetPassword: config.admin.password,
      });
  if (bootstrap) {
    log(`Created admin user ${bootstrap.email} with workspace ${bootstrap.workspaceId}.`);
    log(
      config.admin.token
        ? 'Admin token: the value of PARLEY_ADMIN_TOKEN.'
        : `Admin token (shown once, keep it): ${bootstrap.token}`,
    );
  }
  // Printed by the caller once the address is known (after listening).
  const consoleSignIn = bootstrap
    ? (url: string) =>
        log(
          config.admin.password
            ? `Console: sign in at ${config.server.publicUrl?.replace(/\/$/, '') ?? url}/app as ${bootstrap.email} with the value of PARLEY_ADMIN_PASSWORD.`
            : `Console: sign in at ${config.server.publicUrl?.replace(/\/$/, '') ?? url}/app as ${bootstrap.email} with password (shown once, change it in the console): ${bootstrap.password}`,
        )
    : undefined;
  return { database, secrets, consoleSignIn };
}

/**
 * `parley prepare-storage` (a cluster's primary runs it as a child process):
 * the preparation alone, with the console sign-in line for the cluster's
 * address, then the database closed.
 */
export async function prepareStorageOnce(config: Config, log: (line: string) => void = console.log): Promise<void> {
  const { database, consoleSignIn } = await prepareStorage(config, log);
  consoleSignIn?.(`http://localhost:${config.server.port}`);
  await database.close();
}

const KEEP_ALIVE_MS = 65_000;

function listenOn(port: number, host: string | undefined, handler: http.RequestListener): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = http.createServer(handler);
    // Proxies and load balancers keep idle connections to us for up to 60 s
    // (nginx's upstream keepalive, cloud load balancers) and so do HTTP
    // clients that read our Keep-Alive hint. Node's default of 5 s closes them
    // first, and a request sent on a connection we are closing fails (a 502 at
    // the proxy, ECONNRESET at a client). Shutdown closes idle ones at once.
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    server.headersTimeout = KEEP_ALIVE_MS + 1_000;
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * The console surface on PORT and the chat surface on PARLEY_CHAT_PORT; with
 * both on one port (behind a proxy that sends two host names there), one
 * listener tells them apart by PARLEY_CHAT_URL's host.
 */
async function listen(config: Config, apps: Apps, origins: Origins): Promise<Server[]> {
  const consoleHandler = apps.console.callback();
  const chatHandler = apps.chat.callback();
  const chatPort = chatPortOf(config.server);
  if (chatPort === config.server.port && config.server.port !== 0) {
    return [
      await listenOn(config.server.port, config.server.host, (req, res) =>
        (origins.surfaceOf(req) === 'chat' ? chatHandler : consoleHandler)(req, res),
      ),
    ];
  }
  const consoleServer = await listenOn(config.server.port, config.server.host, consoleHandler);
  try {
    return [consoleServer, await listenOn(chatPort, config.server.host, chatHandler)];
  } catch (error) {
    consoleServer.close();
    throw error;
  }
}

/** Migrates, bootstraps an empty database, and listens. */
export async function startServer(
  config: Config,
  log: (line: string) => void = console.log,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const logger = createLogger(config.log, options.logDestination);
  forgetSnapshots();
  resetMetrics();
  setSnapshotCacheSize(config.chat.snapshotCacheSize);
  const { database, secrets, consoleSignIn } = await prepareStorage(config, log);
  const { deps, code, live, channels } = await buildServerDeps(config, { database, secrets, logger }, options);
  const notReady = async () => {
    const pending = await unappliedMigrations(database.chatStore, database.provider);
    return pending.length > 0 ? `migrations not applied: ${pending.join(', ')}` : undefined;
  };
  // PostgreSQL deployments may run several processes: they share one budget.
  const rateLimits = !config.rateLimit.enabled
    ? memoryStore(config.rateLimit)
    : config.redis.url
      ? await redisStore(config.rateLimit, config.redis.url, config.redis.prefix)
      : database.provider === 'postgresql'
        ? await postgresStore(config.rateLimit, database.target.location)
        : memoryStore(config.rateLimit);
  // The ports are known once listening (port 0 takes any free one); origins read them per request.
  const ports: ListeningPorts = { console: config.server.port, chat: chatPortOf(config.server) };
  const origins = createOrigins(config.server, ports);
  const apps = createApps({ deps, config, origins, logger, notReady, rateLimiters: rateLimits.limiters });
  const sweep = setInterval(() => {
    sweepExpiredSessions(database.db, { files: deps.uploads.files }).catch((error: unknown) =>
      logger.error({ err: error }, 'session sweep failed'),
    );
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  const stopHandoffSweep = scheduleHandoffTimeouts(deps.chat, config.handoff.sweepMs, logger);
  const servers = await listen(config, apps, origins);
  ports.console = (servers[0]!.address() as AddressInfo).port;
  ports.chat = servers[1] ? (servers[1].address() as AddressInfo).port : ports.console;
  const url = `http://localhost:${ports.console}`;
  const chatUrl = `http://localhost:${ports.chat}`;
  channels.start(config.server.chatUrl ?? chatUrl);
  log(`Parley listening on ${url} (${database.provider}); chat pages on ${config.server.chatUrl ?? chatUrl}`);
  // Behind a proxy the chat origin must be named too: unnamed, links would go to this host's chat port over http.
  if (config.server.publicUrl && !config.server.chatUrl) {
    log(
      `Warning: PARLEY_PUBLIC_URL is set but PARLEY_CHAT_URL is not: bot pages and files are linked on port ${ports.chat} of the request's host; set PARLEY_CHAT_URL to the chat origin your proxy serves.`,
    );
  }
  consoleSignIn?.(url);
  let inFlight = 0;
  for (const server of servers) {
    server.on('request', (_req, res) => {
      inFlight += 1;
      res.once('close', () => (inFlight -= 1));
    });
  }
  const closeAll = (each: (server: Server) => void) =>
    Promise.all(
      servers.map((server) => new Promise<void>((resolve) => (server.close(() => resolve()), each(server)))),
    ).then(() => undefined);
  return {
    url,
    port: ports.console,
    chatUrl,
    chatPort: ports.chat,
    database,
    wakeChannels: channels.onReceived,
    shutdown: async (graceMs) => {
      clearInterval(sweep);
      stopHandoffSweep();
      logger.info({ inFlight, graceMs }, 'shutting down: no new connections, waiting for requests in flight');
      // Live subscriptions never finish on their own: ended first, their streams close and stop holding the drain.
      const liveClosed = live.close();
      const closed = closeAll((server) => server.closeIdleConnections());
      // Keep-alive connections that become idle after their last answer are closed too.
      const idle = setInterval(() => servers.forEach((server) => server.closeIdleConnections()), 50);
      let timer: NodeJS.Timeout | undefined;
      const drained = await Promise.race([
        closed.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(timer);
      clearInterval(idle);
      if (!drained) {
        logger.warn({ inFlight }, 'shutdown grace period over: closing the remaining connections');
        servers.forEach((server) => server.closeAllConnections());
        await closed;
      }
      await liveClosed;
      // The event and delivery in hand finish (their turns need the sandbox and the database).
      await channels.stop();
      await code.close();
      await rateLimits.close();
      await database.close();
      logger.info({ drained }, 'stopped');
      return { drained };
    },
    close: async () => {
      clearInterval(sweep);
      await live.close();
      await closeAll((server) => server.closeAllConnections());
      await channels.stop();
      await code.close();
      await rateLimits.close();
      await database.close();
    },
  };
}
