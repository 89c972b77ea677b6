import Router from '@koa/router';
import type { Middleware } from 'koa';
import { respondWithDataStream } from './data-stream';
import { executeRoute, subscribeRoute, type RestResult } from './executor';
import { koaPath, type RestRoute } from './route';
import { answeredByRefusal, restRequestInfo, type RestRouterOptions } from './router';
import { routes } from './routes';

/**
 * The Typebot-compatible alias: the paths and wire names that the unmodified
 * Typebot web embeds (`@typebot.io/js`, `@typebot.io/react` 0.2–0.10) use
 * with `apiHost` pointed at Parley (spec/typebot-embed.md). Another table
 * over the same GraphQL operations as the Parley routes: each row names the
 * Parley route it runs, how Typebot's body keys map to operation variables,
 * and how answer keys are renamed back.
 */
export interface AliasRoute {
  path: string;
  /** The Parley route (by path) whose operation this alias runs. */
  parleyPath: string;
  /** Typebot body key → Parley variable name. */
  bodyNames?: Record<string, string>;
  /** Parley answer key → Typebot answer key. */
  answerNames?: Record<string, string>;
}

const BOT_AS_TYPEBOT = { bot: 'typebot' };

export const typebotAliasRoutes: AliasRoute[] = [
  {
    path: '/api/v1/typebots/{publicId}/startChat',
    parleyPath: '/v1/bots/{publicId}/startChat',
    answerNames: BOT_AS_TYPEBOT,
  },
  {
    path: '/api/v1/typebots/{botId}/preview/startChat',
    parleyPath: '/v1/bots/{botId}/preview/startChat',
    bodyNames: { typebot: 'bot' },
    answerNames: BOT_AS_TYPEBOT,
  },
  { path: '/api/v1/sessions/{sessionId}/continueChat', parleyPath: '/v1/sessions/{sessionId}/continueChat' },
  { path: '/api/v1/sessions/{sessionId}/clientLogs', parleyPath: '/v1/sessions/{sessionId}/clientLogs' },
  { path: '/api/v2/sessions/{sessionId}/clientLogs', parleyPath: '/v1/sessions/{sessionId}/clientLogs' },
  // Upload URLs moved between embed versions; the session id travels in the body.
  { path: '/api/v3/generate-upload-url', parleyPath: '/v1/sessions/{sessionId}/uploads' },
  { path: '/api/v2/generate-upload-url', parleyPath: '/v1/sessions/{sessionId}/uploads' },
  { path: '/api/v1/generate-upload-url', parleyPath: '/v1/sessions/{sessionId}/uploads' },
  // The embed reads the AI stream in the AI SDK data-stream format (src/rest/data-stream.ts).
  { path: '/api/v2/sessions/{sessionId}/streamMessage', parleyPath: '/v1/sessions/{sessionId}/streamMessage' },
];

/**
 * Typebot answers 404 where Parley's documented chat API answers 400 for a
 * missing bot, session or result; the embed shows its own "doesn't exist"
 * text on a 404. Keyed by the runtime's messages (the same as the reference's).
 */
const NOT_FOUND_MESSAGES = new Set(['Bot not found', 'Session not found', 'Result not found']);

function renameKeys(
  value: Record<string, unknown>,
  names: Record<string, string> | undefined,
): Record<string, unknown> {
  if (!names) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [names[key] ?? key, item]));
}

/** Typebot's statuses and wire names on a Parley answer. */
export function toTypebotAnswer(result: RestResult, alias: AliasRoute): { status: number; body: unknown } {
  if (result.status !== 200) {
    if (result.status === 400 && NOT_FOUND_MESSAGES.has(result.body.message))
      return { status: 404, body: { ...result.body, code: 'NOT_FOUND' } };
    return result;
  }
  const body = result.body;
  if (body && typeof body === 'object' && !Array.isArray(body))
    return { status: 200, body: renameKeys(body as Record<string, unknown>, alias.answerNames) };
  return result;
}

function parleyRoute(alias: AliasRoute): RestRoute {
  const route = routes.find((candidate) => candidate.path === alias.parleyPath && candidate.method === 'POST');
  if (!route) throw new Error(`alias ${alias.path}: no Parley route ${alias.parleyPath}`);
  return { ...route, path: alias.path };
}

/** One Koa route per alias row, each executing its Parley route's GraphQL operation. */
export function createTypebotAliasRouter(options: Omit<RestRouterOptions, 'routes'>): Router {
  const router = new Router();
  for (const alias of typebotAliasRoutes) {
    const route = parleyRoute(alias);
    const handler: Middleware = async (ctx) => {
      const context = await options.createContext(restRequestInfo(ctx));
      // API clients send `message` as a plain string, embeds as an object: the operation's JSON variable takes both.
      const body = renameKeys((ctx.state.body as Record<string, unknown> | undefined) ?? {}, alias.bodyNames);
      const request = { params: ctx.params as Record<string, string>, query: ctx.query, body };
      if (route.stream === 'sse') {
        const started = await subscribeRoute(options, route, request, context);
        if ('events' in started) respondWithDataStream(ctx, started.events);
        else {
          // As the reference: {message, status} with the refusal's status.
          ctx.status = started.status;
          ctx.body = { message: started.body.message, status: started.status };
        }
        return;
      }
      const result = await executeRoute(options, route, request, context);
      if (answeredByRefusal(ctx)) return;
      const answer = toTypebotAnswer(result, alias);
      ctx.status = answer.status;
      ctx.body = answer.body;
    };
    router.post(koaPath(alias.path), options.jsonBody(route.bodyLimit ?? 'default'), handler);
  }
  return router;
}
