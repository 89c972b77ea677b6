import type { Middleware } from 'koa';
import { pathPattern } from './cors';

/**
 * Answers on paths that carry a secret (an export link's sealed token),
 * whatever their status: no browser or proxy cache keeps them, and nothing
 * the answer leads to is told the address in a `Referer`. Set once the route
 * has answered, over the caching headers a download sets.
 */
export function secretInPath(templates: string[]): Middleware {
  const patterns = templates.map(pathPattern);
  return async (ctx, next) => {
    if (!patterns.some((pattern) => pattern.test(ctx.path))) return next();
    try {
      await next();
    } finally {
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Referrer-Policy', 'no-referrer');
    }
  };
}
