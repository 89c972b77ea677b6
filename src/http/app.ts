import Koa from 'koa';
import Router from '@koa/router';
import type { Config } from '../config';
import { createContext, type RequestInfo } from '../graphql/context';
import { schema } from '../graphql/schema';
import { buildOpenApi } from '../rest/openapi';
import { compileOperations } from '../rest/operations';
import { createRestRouter } from '../rest/router';
import { routes } from '../rest/routes';
import type { ChatDeps } from '../services/chat/runtime';
import { graphqlEndpoint } from './graphql';
import { jsonBody } from './middleware/body';
import { errorBoundary, notFoundFallback } from './middleware/errors';
import { publicCors } from './middleware/cors';
import { requestId } from './middleware/request-id';

export interface AppOptions {
  chat: ChatDeps;
  config: Pick<Config, 'bodyLimit' | 'botBodyLimit' | 'graphiql' | 'graphqlLimits'>;
}

/** Composes the whole HTTP surface: health, /graphql, /v1 (REST + OpenAPI). */
export function createApp({ chat, config }: AppOptions): Koa {
  const { db } = chat;
  const operations = compileOperations(schema);
  const openapi = buildOpenApi(schema, operations, routes);
  const contextFor = (request: RequestInfo) => createContext(chat, request);

  const system = new Router();
  system.get('/health', async (ctx) => {
    try {
      await db.$queryRawUnsafe('SELECT 1');
      ctx.body = { status: 'ok' };
    } catch {
      ctx.status = 503;
      ctx.body = { status: 'unavailable' };
    }
  });
  system.get('/v1/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  system.all('/graphql', graphqlEndpoint({ schema, createContext: contextFor, bodyLimit: config.botBodyLimit, graphiql: config.graphiql, limits: config.graphqlLimits }));

  const rest = createRestRouter({
    schema,
    operations,
    routes,
    createContext: contextFor,
    jsonBody: (kind) => jsonBody(kind === 'bot' ? config.botBodyLimit : config.bodyLimit),
  });

  const app = new Koa();
  app.use(requestId);
  app.use(errorBoundary);
  app.use(notFoundFallback);
  app.use(publicCors(routes.filter((route) => route.auth !== 'bearer').map((route) => route.path)));
  app.use(system.routes());
  app.use(rest.routes());
  return app;
}
