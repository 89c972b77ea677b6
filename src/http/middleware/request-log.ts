import type { Middleware } from 'koa';
import type { Logger } from '../../observability/logger';

/** The route pattern that answered (`/v1/workspaces/:workspaceId`), so log lines group by route, not by id. */
export function routeOf(ctx: { _matchedRoute?: unknown; path: string; status: number }): string {
  if (typeof ctx._matchedRoute === 'string') return ctx._matchedRoute;
  return ctx.status === 404 ? '(unmatched)' : ctx.path;
}

/**
 * One line per request: request id, method, route, status, duration, and the
 * error code of a failed request. Runs outside the error boundary, so it sees
 * the status actually sent. No headers, query strings or bodies: they carry
 * tokens and visitors' answers.
 */
export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const body = ctx.body as { code?: unknown } | null | undefined;
      const code =
        ctx.status >= 400 && body && typeof body === 'object' && typeof body.code === 'string' ? body.code : undefined;
      const line = {
        requestId: ctx.state.requestId as string | undefined,
        method: ctx.method,
        route: routeOf(ctx as unknown as { _matchedRoute?: unknown; path: string; status: number }),
        status: ctx.status,
        durationMs: Math.round(durationMs * 10) / 10,
        ...(code ? { code } : {}),
      };
      if (ctx.status >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request');
    }
  };
}
