import type { Middleware } from 'koa';
import type { Logger } from '../../observability/logger';
import type { RouteLabel } from '../route-label';

/**
 * One line per request: request id, method, route template, status, duration,
 * and the error code of a failed request. Runs outside the error boundary, so
 * it sees the status actually sent. No path, headers, query strings or bodies:
 * they carry tokens, visitors' session ids and their answers.
 */
export function requestLog(logger: Logger, routeOf: RouteLabel): Middleware {
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
        route: routeOf(ctx as { _matchedRoute?: unknown; path: string }),
        status: ctx.status,
        durationMs: Math.round(durationMs * 10) / 10,
        ...(code ? { code } : {}),
      };
      if (ctx.status >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request');
    }
  };
}
