import type { Middleware } from 'koa';
import { recordHttpRequest, registry } from '../../observability/metrics';
import type { RouteLabel } from '../route-label';
import { sameSecret } from '../../same-secret';

/** Counts and times every request by route template (ids stay out of the labels, so their number stays bounded). */
export function requestMetrics(routeOf: RouteLabel): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      recordHttpRequest(ctx.method, routeOf(ctx as { _matchedRoute?: unknown; path: string }), ctx.status, seconds);
    }
  };
}

/** Who may read /metrics: PARLEY_METRICS_TOKEN's holder, else anyone when PARLEY_METRICS_PUBLIC (not in production by default). */
export interface MetricsAccess {
  token?: string;
  public: boolean;
}

/** GET /metrics in the Prometheus text format, for the token's bearer (or anyone when public and no token is set). */
export function metricsEndpoint(access: MetricsAccess): Middleware {
  return async (ctx) => {
    if (access.token) {
      const given = /^Bearer (.+)$/.exec(ctx.get('authorization'))?.[1] ?? '';
      if (!sameSecret(given, access.token)) {
        ctx.status = 401;
        ctx.set('WWW-Authenticate', 'Bearer');
        ctx.body = { code: 'UNAUTHORIZED', message: 'Metrics need the PARLEY_METRICS_TOKEN bearer token', issues: [] };
        return;
      }
    } else if (!access.public) {
      ctx.status = 404;
      ctx.body = {
        code: 'NOT_FOUND',
        message: 'Metrics are off: set PARLEY_METRICS_TOKEN (or PARLEY_METRICS_PUBLIC=true) to read them',
        issues: [],
      };
      return;
    }
    ctx.set('Content-Type', registry.contentType);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await registry.metrics();
  };
}
