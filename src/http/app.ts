import Koa from 'koa';
import { execute } from 'graphql';
import Router from '@koa/router';
import type { Config } from '../config';
import { createContext, type GraphQLContext, type HttpExchange, type RequestInfo } from '../graphql/context';
import { schema } from '../graphql/schema';
import { buildOpenApi } from '../rest/openapi';
import { compileOperations } from '../rest/operations';
import { createRestRouter } from '../rest/router';
import { routes } from '../rest/routes';
import { createTypebotAliasRouter, typebotAliasRoutes } from '../rest/typebot-alias';
import { graphqlEndpoint } from './graphql';
import { createUploadsRouter } from './uploads';
import { jsonBody } from './middleware/body';
import { createPagesRouter, type ChatPageData } from './pages';
import { createConsoleRouter } from './console';
import { errorBoundary, notFoundFallback } from './middleware/errors';
import { publicCors } from './middleware/cors';
import { requestId } from './middleware/request-id';
import { methodNotAllowed } from './middleware/method-not-allowed';
import { metricsEndpoint, requestMetrics } from './middleware/metrics';
import { requestLog } from './middleware/request-log';
import { rateLimit, type RateLimiters } from './rate-limit/limits';
import { memoryStore } from './rate-limit/stores';
import { silentLogger, type Logger } from '../observability/logger';

export interface AppOptions {
  /** The chat runtime's dependencies (database, sandbox, effects), which every request's GraphQL context carries. */
  chat: GraphQLContext['chat'];
  config: Pick<Config, 'bodyLimit' | 'botBodyLimit' | 'graphiql' | 'graphqlLimits'> & Partial<Pick<Config, 'metricsToken' | 'rateLimit' | 'publicUrl'>>;
  /** Request log destination; silent when absent. */
  logger?: Logger;
  /** Readiness beyond a reachable database: the reason it is not ready, or undefined. */
  notReady?: () => Promise<string | undefined>;
  /** The chat rate limits' counters (in memory when absent). */
  rateLimiters?: RateLimiters;
}

/** Composes the whole HTTP surface: health, /graphql, /v1 (REST + OpenAPI). */
export function createApp({ chat, config, logger = silentLogger, notReady = async () => undefined, rateLimiters }: AppOptions): Koa {
  const operations = compileOperations(schema);
  const openapi = buildOpenApi(schema, operations, routes);
  const contextFor = (request: RequestInfo, http: HttpExchange | null = null) => createContext(chat, request, http);

  const system = new Router();
  system.get('/health', async (ctx) => {
    try {
      await chat.store.ping();
      ctx.body = { status: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable' };
    }
  });
  system.get('/ready', async (ctx) => {
    let reason: string | undefined;
    try {
      await chat.store.ping();
      reason = await notReady();
    } catch {
      reason = 'database unreachable';
    }
    ctx.status = reason ? 503 : 200;
    ctx.body = reason ? { status: 'unavailable', reason } : { status: 'ready' };
  });
  system.get('/metrics', metricsEndpoint(config.metricsToken));
  system.get('/v1/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  system.all(
    '/graphql',
    graphqlEndpoint({
      schema,
      createContext: contextFor,
      bodyLimit: config.botBodyLimit,
      graphiql: config.graphiql,
      limits: config.graphqlLimits,
      publicUrl: config.publicUrl,
    }),
  );

  const rest = createRestRouter({
    schema,
    operations,
    routes,
    createContext: contextFor,
    jsonBody: (kind) => jsonBody(kind === 'bot' ? config.botBodyLimit : config.bodyLimit),
  });

  const typebotAlias = createTypebotAliasRouter({
    schema,
    operations,
    createContext: contextFor,
    jsonBody: (kind) => jsonBody(kind === 'bot' ? config.botBodyLimit : config.bodyLimit),
  });

  const pages = createPagesRouter({
    graphiql: config.graphiql,
    // The page's data comes from the PublicChatPage operation, executed in-process like a REST route.
    loadChatPage: async (publicId) => {
      const result = await execute({
        schema,
        document: operations.document,
        operationName: 'PublicChatPage',
        variableValues: { publicId },
        contextValue: await contextFor({}),
      });
      if (result.errors?.length) throw result.errors[0];
      return (result.data?.publicChatPage ?? null) as ChatPageData | null;
    },
  });

  const app = new Koa();
  // A client closing a stream is how a live results stream ends (and how a client drops an export): not a fault to print.
  app.on('error', (error: Error & { code?: unknown }) => {
    if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') app.onerror(error);
  });
  app.use(requestId);
  app.use(requestLog(logger));
  app.use(requestMetrics);
  app.use(errorBoundary);
  app.use(notFoundFallback);
  app.use(methodNotAllowed([system, rest]));
  app.use(publicCors(routes.filter((route) => route.auth !== 'bearer').map((route) => route.path)));
  app.use(publicCors(typebotAliasRoutes.map((alias) => alias.path)));
  app.use(publicCors(['/v1/uploads/{token}'], 'PUT, OPTIONS'));
  if (config.rateLimit) app.use(rateLimit(config.rateLimit, rateLimiters ?? memoryStore(config.rateLimit).limiters));
  app.use(system.routes());
  app.use(rest.routes());
  app.use(typebotAlias.routes());
  app.use(createUploadsRouter(chat.uploads).routes());
  // Before the public pages: /app is the console, never a bot's public id.
  app.use(createConsoleRouter().routes());
  app.use(pages.routes());
  return app;
}
