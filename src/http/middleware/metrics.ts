import type { Middleware } from 'koa';
import { recordHttpRequest, registry } from '../../observability/metrics';
import { routeOf } from './request-log';
import { sameSecret } from '../../same-secret';

/** Counts and times every request by route pattern (ids stay out of the labels, so their number stays bounded). */
export const requestMetrics: Middleware = async (ctx, next) => {
  const started = process.hrtime.bigint();
  try {
    await next();
  } finally {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    recordHttpRequest(
      ctx.method,
      routeOf(ctx as unknown as { _matchedRoute?: unknown; path: string; status: number }),
      ctx.status,
      seconds,
    );
  }
};

/** GET /metrics in the Prometheus text format; with a token configured, only for `Authorization: Bearer <token>`. */
export function metricsEndpoint(token: string | undefined): Middleware {
  return async (ctx) => {
    if (token) {
      const given = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1] ?? '';
      if (!sameSecret(given, token)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.body = { code: 'UNAUTHORIZED', message: 'Metrics need the PARLEY_METRICS_TOKEN bearer token', issues: [] };
        return;
      }
    }
    ctx.set('Content-Type', registry.contentType);
    ctx.body = await registry.metrics();
  };
}
