import type { Middleware } from 'koa';
import { clientIpResolver, parseTrustedProxies } from '../rate-limit/client-ip';

/**
 * Puts the client's address in `ctx.state.clientAddress`, as the rate limits
 * count it: `X-Forwarded-For` only from PARLEY_TRUSTED_PROXIES. The caps of
 * open live streams count by it, whether rate limits are on or off.
 */
export function clientAddress(trustedProxies: string): Middleware {
  const resolve = clientIpResolver(parseTrustedProxies(trustedProxies));
  return async (ctx, next) => {
    ctx.state.clientAddress = resolve(ctx.req.socket.remoteAddress, ctx.get('x-forwarded-for') || undefined);
    await next();
  };
}
