import type { Middleware } from 'koa';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { recordRateLimited } from '../../observability/metrics';
import { clientIpResolver, parseTrustedProxies } from './client-ip';

/** PARLEY_RATE_LIMIT_*: token buckets on the public chat routes. */
export interface RateLimitConfig {
  enabled: boolean;
  /** Requests one client IP may make per window. */
  ipPoints: number;
  /** Chats one bot may start per window (all clients together). */
  botPoints: number;
  windowSeconds: number;
  /** PARLEY_TRUSTED_PROXIES: IPs/CIDRs whose X-Forwarded-For is believed. */
  trustedProxies: string;
}

export interface ChatRateLimiters {
  ip: RateLimiterAbstract;
  bot: RateLimiterAbstract;
}

/** Parley's and the Typebot alias's public chat paths; the bot's id is captured where the path names it. */
const CHAT_PATH = /^\/(?:v1|api\/v[123])\/(?:(?:bots|typebots)\/([^/]+)\/(?:preview\/)?startChat|sessions\/[^/]+\/(?:continueChat|clientLogs|streamMessage))$/;

export const TOO_MANY_REQUESTS = 'Too many requests, retry later';

/**
 * Refuses a chat request over its client's or its bot's budget before any
 * work is done: 400 with the documented chat error object (the chat API's
 * only client error status) and Retry-After in seconds.
 */
export function chatRateLimit(config: RateLimitConfig, limiters: ChatRateLimiters): Middleware {
  if (!config.enabled) return async (_ctx, next) => next();
  const clientIp = clientIpResolver(parseTrustedProxies(config.trustedProxies));
  return async (ctx, next) => {
    if (ctx.method !== 'POST') return next();
    const match = CHAT_PATH.exec(ctx.path);
    if (!match) return next();
    const refusedBy = async (): Promise<{ limit: 'ip' | 'bot'; retryMs: number } | undefined> => {
      const ip = clientIp(ctx.req.socket.remoteAddress, ctx.get('x-forwarded-for') || undefined);
      try {
        await limiters.ip.consume(ip);
        if (match[1]) await limiters.bot.consume(match[1]).catch((refusal: unknown) => {
          throw Object.assign(refusal as object, { limit: 'bot' });
        });
        return undefined;
      } catch (refusal) {
        // A store failure (not a refusal) must not take the chat API down with it: fail open.
        if (!(refusal instanceof RateLimiterRes)) return undefined;
        return { limit: (refusal as RateLimiterRes & { limit?: 'bot' }).limit ?? 'ip', retryMs: refusal.msBeforeNext };
      }
    };
    const refused = await refusedBy();
    if (!refused) return next();
    recordRateLimited(refused.limit);
    ctx.status = 400;
    ctx.set('Retry-After', String(Math.max(1, Math.ceil(refused.retryMs / 1000))));
    ctx.body = { code: 'BAD_REQUEST', message: TOO_MANY_REQUESTS, issues: [] };
  };
}
