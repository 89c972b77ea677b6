import Koa, { type Context } from 'koa';
import { execute } from 'graphql';
import Router from '@koa/router';
import type { Config } from '../config';
import {
  authenticateRequest,
  createContext,
  requestInfo,
  type Authentication,
  type HttpExchange,
  type RequestInfo,
  type ServerDeps,
} from '../graphql/context';
import { schema } from '../graphql/schema';
import { buildOpenApi } from '../rest/openapi';
import { compileOperations } from '../rest/operations';
import { createRestRouter } from '../rest/router';
import { routes } from '../rest/routes';
import { createTypebotAliasRouter, typebotAliasRoutes } from '../rest/typebot-alias';
import { graphqlEndpoint } from './graphql';
import { DEFAULT_MCP_CONCURRENCY, mcpEndpoint } from './mcp';
import { createUploadsRouter } from './uploads';
import { createChannelWebhooksRouter } from './channel-webhooks';
import { jsonBody } from './middleware/body';
import { createChatRedirects, createPagesRouter, type ChatPageData } from './pages';
import type { Origins, Surface } from './origins';
import { createConsoleRouter } from './console';
import { errorBoundary, notFoundFallback } from './middleware/errors';
import { publicCors } from './middleware/cors';
import { secretInPath } from './middleware/secret-path';
import { requestId } from './middleware/request-id';
import { clientAddress } from './middleware/client-address';
import { methodNotAllowed } from './middleware/method-not-allowed';
import { metricsEndpoint, requestMetrics } from './middleware/metrics';
import { requestLog } from './middleware/request-log';
import { rateLimit, type RateLimiters } from './rate-limit/limits';
import { routeLabels } from './route-label';
import { memoryStore } from './rate-limit/stores';
import { silentLogger, type Logger } from '../observability/logger';

/**
 * What a client leaving mid-answer raises: the answer ended early (it closed its connection), or the connection
 * was reset (it closed with data unread, or its network went): the client's doing, not the server's.
 */
const CLIENT_LEFT = new Set<unknown>(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE']);

export interface AppOptions {
  /** The services' dependencies, which every request's GraphQL context carries. */
  deps: ServerDeps;
  config: Pick<Config, 'server' | 'graphql' | 'metrics'> &
    Partial<Pick<Config, 'rateLimit' | 'channels' | 'mcp' | 'live'>>;
  /** Where each surface is reached (src/http/origins.ts). */
  origins: Origins;
  /** Request log destination; silent when absent. */
  logger?: Logger;
  /** Readiness beyond a reachable database: the reason it is not ready, or undefined. */
  notReady?: () => Promise<string | undefined>;
  /** The chat rate limits' counters (in memory when absent). */
  rateLimiters?: RateLimiters;
}

/** The two HTTP surfaces, one Koa app each (src/http/origins.ts says why). */
export interface Apps {
  /** /app, /graphql, the builder API and the public chat API; bot pages and files redirect to the chat origin. */
  console: Koa;
  /** Public chat pages, the embed script, the preview frame, uploaded files and the public chat API. */
  chat: Koa;
}

/** Composes both HTTP surfaces from the same routers: health, /graphql, /v1 (REST + OpenAPI), pages. */
export function createApps({
  deps,
  config,
  origins,
  logger = silentLogger,
  notReady = async () => undefined,
  rateLimiters,
}: AppOptions): Apps {
  const operations = compileOperations(schema);
  // REST input errors suggest names exactly when /graphql's do.
  const suggestions = config.graphql.limits.introspection;
  const openapi = buildOpenApi(schema, operations, routes);
  const contextFor =
    (surface: Surface) =>
    (request: RequestInfo, http: HttpExchange | null = null) =>
      createContext(
        deps,
        {
          ...request,
          consoleBaseUrl: origins.console(request.host, surface),
          chatBaseUrl: origins.chat(request.host, surface),
        },
        http,
      );
  const limiters = config.rateLimit ? (rateLimiters ?? memoryStore(config.rateLimit).limiters) : undefined;
  // Definitions come with valid credentials; a request without (an anonymous preview) is read up to the general limit only.
  const jsonBodyOf = (kind: 'default' | 'bot') =>
    jsonBody(
      kind === 'bot'
        ? async (ctx) => ((await authenticationOf(ctx)).viewer ? config.server.botBodyLimit : config.server.bodyLimit)
        : config.server.bodyLimit,
    );
  /** Who a REST request's bearer token is, asked once before its body is read (the operation reuses it). */
  const authenticationOf = async (ctx: Context): Promise<Authentication> => {
    const known = ctx.state.authentication as Authentication | undefined;
    if (known) return known;
    const authentication = await authenticateRequest(
      deps.chat.db,
      requestInfo((name) => ctx.get(name)),
    );
    ctx.state.authentication = authentication;
    return authentication;
  };
  // The chat runtime's routes, served on both origins; builder data (bearer, link) stays on the console's.
  const publicRoutes = routes.filter((route) => route.auth === 'none' || route.auth === 'optional');
  // Their path is their permission (a sealed token).
  const linkRoutes = routes.filter((route) => route.auth === 'link').map((route) => route.path);

  const health = new Router();
  health.get('/health', async (ctx) => {
    try {
      await deps.chat.store.ping();
      ctx.body = { status: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable' };
    }
  });
  health.get('/ready', async (ctx) => {
    let reason: string | undefined;
    try {
      await deps.chat.store.ping();
      reason = await notReady();
    } catch {
      reason = 'database unreachable';
    }
    ctx.status = reason ? 503 : 200;
    ctx.body = reason ? { status: 'unavailable', reason } : { status: 'ready' };
  });

  /**
   * What both surfaces start with: ids, logs, metrics, errors, CORS of the public routes, rate limits.
   * `routers`: every router the app mounts (what requests are labelled by); `known`: the paths that answer 405.
   */
  const base = (routers: Router[], known: Router[]): Koa => {
    const app = new Koa();
    // A client going away is how a live results stream ends (and how a client drops an export): not a fault to print.
    app.on('error', (error: Error & { code?: unknown }) => {
      if (!CLIENT_LEFT.has(error.code)) app.onerror(error);
    });
    const routeOf = routeLabels([health, ...routers]);
    app.use(requestId);
    app.use(requestLog(logger, routeOf));
    app.use(requestMetrics(routeOf));
    app.use(errorBoundary);
    app.use(secretInPath(linkRoutes));
    app.use(notFoundFallback);
    app.use(methodNotAllowed(known));
    app.use(publicCors(publicRoutes.map((route) => route.path)));
    app.use(publicCors(typebotAliasRoutes.map((alias) => alias.path)));
    app.use(publicCors(['/v1/uploads/{token}'], 'PUT, OPTIONS'));
    app.use(clientAddress(config.rateLimit?.trustedProxies ?? ''));
    if (config.rateLimit && limiters) app.use(rateLimit(config.rateLimit, limiters));
    app.use(health.routes());
    for (const router of routers) app.use(router.routes());
    return app;
  };

  const typebotAlias = (surface: Surface) =>
    createTypebotAliasRouter({
      schema,
      operations,
      suggestions,
      createContext: contextFor(surface),
      jsonBody: jsonBodyOf,
    });

  // The console origin.
  const system = new Router();
  system.get('/metrics', metricsEndpoint(config.metrics));
  system.get('/v1/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  system.post(
    '/mcp',
    mcpEndpoint({
      authenticate: (request) => authenticateRequest(deps.chat.db, request),
      // Definitions come in tool calls: the bot body limit, as /graphql gives authenticated callers.
      bodyLimit: config.server.botBodyLimit,
      concurrencyPerToken: config.mcp?.concurrencyPerToken ?? DEFAULT_MCP_CONCURRENCY,
      loadServerFactory: async () => {
        const [{ operationRunner }, { compileAssistantOperations }, { createAssistantServer, parleyVersion }] =
          await Promise.all([import('../mcp/execute'), import('../mcp/operations'), import('../mcp/server')]);
        const operations = compileAssistantOperations(schema);
        return (request) =>
          createAssistantServer(
            operationRunner(schema, operations, () => contextFor('console')(request)),
            parleyVersion(),
          );
      },
    }),
  );
  system.all(
    '/graphql',
    graphqlEndpoint({
      schema,
      createContext: contextFor('console'),
      authenticate: (request) => authenticateRequest(deps.chat.db, request),
      bodyLimit: config.server.botBodyLimit,
      anonymousBodyLimit: config.server.bodyLimit,
      graphiql: config.graphql.graphiql,
      limits: config.graphql.limits,
      heartbeatMs: config.live?.heartbeatMs,
      publicUrl: config.server.publicUrl,
      consoleOrigin: (host) => origins.console(host, 'console'),
    }),
  );
  const consoleRest = createRestRouter({
    schema,
    operations,
    suggestions,
    routes,
    createContext: contextFor('console'),
    jsonBody: jsonBodyOf,
  });
  // Providers call the connection's address on the console origin (the builder's API, where it was set up).
  const channelWebhooks = createChannelWebhooksRouter({
    db: deps.chat.db,
    secrets: deps.chat.secrets,
    bodyLimit: config.server.bodyLimit,
    limits: config.channels,
    onReceived: () => deps.channels?.onReceived(),
    logger,
  });
  /** Whether one of `routers` answers the path with some method (what 405s are made of). */
  const answeredBy =
    (routers: Router[]) =>
    (path: string): boolean =>
      routers.some((router) => router.match(path, 'GET').path.length > 0);
  const consoleKnown = [health, system, consoleRest, channelWebhooks];
  const consoleApp = base(
    [
      system,
      consoleRest,
      typebotAlias('console'),
      createUploadsRouter(deps.uploads, { serveFiles: false }),
      channelWebhooks,
      // Before the bot pages' redirect: /app is the console, never a bot's public id.
      createConsoleRouter({
        publicUrl: config.server.publicUrl,
        chatOrigin: (host) => origins.chat(host, 'console'),
      }),
      createChatRedirects({
        graphiql: config.graphql.graphiql,
        chatOrigin: (host) => origins.chat(host, 'console'),
        isServerPath: answeredBy(consoleKnown),
      }),
    ],
    consoleKnown,
  );

  // The chat origin: no /graphql, no console, no builder routes; a console session cookie means nothing here.
  const chatRest = createRestRouter({
    schema,
    operations,
    suggestions,
    routes: publicRoutes,
    createContext: contextFor('chat'),
    jsonBody: jsonBodyOf,
  });
  const chatKnown = [health, chatRest];
  const pages = createPagesRouter({
    graphiql: config.graphql.graphiql,
    isServerPath: answeredBy(chatKnown),
    consoleOrigin: (host) => origins.console(host, 'chat'),
    // The page's data comes from the PublicChatPage operation, executed in-process like a REST route.
    loadChatPage: async (publicId) => {
      const result = await execute({
        schema,
        document: operations.document,
        operationName: 'PublicChatPage',
        variableValues: { publicId },
        contextValue: await contextFor('chat')({}),
      });
      if (result.errors?.length) throw result.errors[0];
      return (result.data?.publicChatPage ?? null) as ChatPageData | null;
    },
  });
  const chatApp = base(
    [chatRest, typebotAlias('chat'), createUploadsRouter(deps.uploads, { serveFiles: true }), pages],
    chatKnown,
  );

  return { console: consoleApp, chat: chatApp };
}
