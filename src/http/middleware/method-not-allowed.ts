import type Router from '@koa/router';
import type { Middleware } from 'koa';

/**
 * A known path asked with a method it does not serve: 405 with the error
 * object and an `Allow` header listing the methods it does serve (instead of
 * the 404 of an unknown path). OPTIONS is left to CORS and the fallback.
 */
export function methodNotAllowed(routers: Router[]): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body !== undefined || ctx.method === 'OPTIONS') return;
    const allowed = new Set<string>();
    for (const router of routers) {
      for (const layer of router.match(ctx.path, ctx.method).path) {
        for (const method of layer.methods) allowed.add(method);
      }
    }
    if (allowed.size === 0) return;
    ctx.status = 405;
    ctx.set('Allow', [...allowed].join(', '));
    ctx.body = {
      code: 'METHOD_NOT_ALLOWED',
      message: `Method ${ctx.method} not allowed; allowed: ${[...allowed].join(', ')}`,
      issues: [],
    };
  };
}
