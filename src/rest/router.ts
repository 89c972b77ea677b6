import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { requestInfo, type Authentication, type GraphQLContext, type RequestInfo } from '../graphql/context';
import { applyEtag, versionOfIfMatch } from './etag';
import { executeRoute, subscribeRoute, type RouteTarget } from './executor';
import { koaPath, type RestRoute } from './route';
import { respondWithDownload } from './download';
import { respondWithEvents } from './sse';

export interface RestRouterOptions extends RouteTarget {
  routes: RestRoute[];
  createContext(request: RequestInfo): Promise<GraphQLContext>;
  /** Reads the JSON body into ctx.state.body, within the route's limit. */
  jsonBody(kind: 'default' | 'bot'): Middleware;
}

/** What a REST request hands its operation: its headers, and what the HTTP layer learnt before (who, which budget). */
export function restRequestInfo(ctx: Context): RequestInfo {
  return {
    ...requestInfo((name) => ctx.get(name)),
    authentication: ctx.state.authentication as Authentication | undefined,
    spendAnonymousPreview: ctx.state.spendAnonymousPreview as RequestInfo['spendAnonymousPreview'],
    clientAddress: ctx.state.clientAddress as string | undefined,
    spendRevision: ctx.state.spendRevision as RequestInfo['spendRevision'],
  };
}

/** Whether a rate limit refused the request while its operation ran: that refusal is the answer. */
export function answeredByRefusal(ctx: Context): boolean {
  return ctx.state.refused === true;
}

/** One Koa route per table row; each executes its named GraphQL operation. */
export function createRestRouter(options: RestRouterOptions): Router {
  const router = new Router();
  for (const route of options.routes) {
    const handler: Middleware = async (ctx) => {
      const context = await options.createContext(restRequestInfo(ctx));
      const request = {
        params: ctx.params as Record<string, string>,
        query: ctx.query,
        body: (ctx.state.body as Record<string, unknown> | undefined) ?? {},
      };
      if (route.resumeFrom && request.query[route.resumeFrom] === undefined && ctx.get('last-event-id'))
        request.query = { ...request.query, [route.resumeFrom]: ctx.get('last-event-id') };
      if (route.stream) {
        const started = await subscribeRoute(options, route, request, context);
        if ('events' in started) {
          if (route.stream === 'sse')
            respondWithEvents(ctx, started.events, { withIds: route.resumeFrom !== undefined });
          else respondWithDownload(ctx, started.events, ctx.query.format === 'ndjson' ? 'ndjson' : 'csv');
        } else {
          ctx.status = started.status;
          ctx.body = started.body;
        }
        return;
      }
      const expected = route.etag?.ifMatch ? versionOfIfMatch(ctx.get('if-match') || undefined) : undefined;
      if (expected !== undefined)
        request.body = { ...request.body, [route.etag!.ifMatch!]: Number.isNaN(expected) ? -1 : expected };
      const executed = await executeRoute(options, route, request, context);
      if (answeredByRefusal(ctx)) return;
      const { result, etag } = applyEtag(route, executed, expected !== undefined);
      ctx.status = result.status;
      ctx.body = result.body;
      if (etag) ctx.set('ETag', etag);
    };
    const path = koaPath(route.path);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    if (route.method === 'POST' || route.method === 'PATCH')
      router[method](path, options.jsonBody(route.bodyLimit ?? 'default'), handler);
    else router[method](path, handler);
  }
  return router;
}
