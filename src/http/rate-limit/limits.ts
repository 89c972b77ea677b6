import type { Context, Middleware } from 'koa';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { recordRateLimited } from '../../observability/metrics';
import { AppError } from '../../errors';

/** PARLEY_RATE_LIMIT_*: token buckets per client and per bot. */
export interface RateLimitConfig {
  enabled: boolean;
  /** Public chat requests one client IP may make per window. */
  ipPoints: number;
  /** Chats one bot may start per window (all clients together). */
  botPoints: number;
  /** Builder requests (/graphql, /v1 builder routes) one client IP may make per window. */
  builderPoints: number;
  /** Requests with an unknown or revoked bearer token one client IP may make per window; then every builder request is refused until it refills. */
  authFailurePoints: number;
  /** Failed console sign-ins one client IP may make per window; then its sign-ins (only) are refused until it refills. */
  signInFailurePoints: number;
  /** Anonymous previews (a definition sent without a token) one client IP may start per window, beside its chat budget. */
  anonymousPreviewPoints: number;
  /** Checkpoints and restores of bot drafts one user may make per window (each keeps a copy of a draft). */
  revisionPoints: number;
  windowSeconds: number;
  /** PARLEY_TRUSTED_PROXIES: IPs/CIDRs whose X-Forwarded-For is believed. */
  trustedProxies: string;
}

export interface RateLimiters {
  ip: RateLimiterAbstract;
  bot: RateLimiterAbstract;
  builder: RateLimiterAbstract;
  authFailures: RateLimiterAbstract;
  signIn: RateLimiterAbstract;
  anonymousPreview: RateLimiterAbstract;
  revisions: RateLimiterAbstract;
}

export type LimitName = keyof RateLimiters;

/** Parley's and the Typebot alias's public chat paths; the bot's id is captured where the path names it. */
const CHAT_PATH =
  /^\/(?:v1|api\/v[123])\/(?:(?:bots|typebots)\/([^/]+)\/(?:preview\/)?startChat|sessions\/[^/]+\/(?:continueChat|clientLogs|streamMessage|uploads)|generate-upload-url)$/;

/**
 * The messaging providers' webhooks: a provider delivers a number's traffic in
 * bursts from few addresses, and a refusal only makes it deliver again later.
 */
const CHANNEL_WEBHOOK_PATH = /^\/v1\/workspaces\/[^/]+\/(?:whatsapp|telegram)\/[^/]+\/webhook$/;

/** What builders call: the GraphQL endpoint, the assistants' /mcp and the /v1 builder routes (the public chat, pages, files, webhooks and health excepted). */
function isBuilderRequest(ctx: Context): boolean {
  if (ctx.path === '/mcp') return true;
  if (ctx.path === '/graphql')
    return ctx.method !== 'GET' || ctx.get('accept').includes('application/json') || Boolean(ctx.get('authorization'));
  return (
    ctx.path.startsWith('/v1/') &&
    !ctx.path.startsWith('/v1/files/') &&
    !ctx.path.startsWith('/v1/uploads/') &&
    !CHANNEL_WEBHOOK_PATH.test(ctx.path) &&
    ctx.path !== '/v1/openapi.json'
  );
}

export const TOO_MANY_REQUESTS = 'Too many requests, retry later';

/**
 * Spends one point of the client's anonymous preview budget. The resolver
 * calls it when no valid credentials authenticated the request, whatever the
 * body looked like; when the budget is used up it answers the refusal itself
 * (ctx.state.refused) and throws, so the operation stops.
 */
export type SpendAnonymousPreview = () => Promise<void>;

/**
 * Refuses a sign-in attempt (it throws, and answers the refusal itself) while
 * the client's failed sign-ins have used up their budget. Sign-ins have their
 * own budget so that someone guessing passwords from an address shuts out
 * guesses only, not the consoles already signed in behind that address.
 */
export type AssertMayTrySignIn = () => Promise<void>;

/**
 * Spends one point of the user's budget of checkpoints and restores (each
 * keeps a copy of a draft); when it is used up it answers the refusal itself
 * (429, Retry-After) and throws, so the operation stops.
 */
export type SpendRevision = (userId: string) => Promise<void>;

/** What a person reads when their checkpoints and restores are refused for a while. */
export function tooManyRevisions(retryMs: number): string {
  const seconds = retrySeconds(retryMs);
  return `Too many checkpoints and restores: try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

/** What a person reads when their sign-ins are refused for a while. */
export function tooManyAttempts(retryMs: number): string {
  const seconds = retrySeconds(retryMs);
  return `Too many attempts: try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

const retrySeconds = (retryMs: number) => Math.max(1, Math.ceil(retryMs / 1000));

/** Consumes one point of each (limiter, key); the first refusal, or none. A store failure fails open. */
async function firstRefusal(
  checks: [LimitName, RateLimiterAbstract, string][],
): Promise<{ limit: LimitName; retryMs: number } | undefined> {
  for (const [limit, limiter, key] of checks) {
    try {
      await limiter.consume(key);
    } catch (refusal) {
      // A store failure (not a refusal) must not take the API down with it.
      if (!(refusal instanceof RateLimiterRes)) return undefined;
      return { limit, retryMs: refusal.msBeforeNext };
    }
  }
  return undefined;
}

/** Whether `key` has used up `limiter`'s budget (without spending a point). */
async function exhausted(limiter: RateLimiterAbstract, key: string, points: number): Promise<number | undefined> {
  try {
    const state = await limiter.get(key);
    return state && state.consumedPoints >= points ? state.msBeforeNext : undefined;
  } catch {
    return undefined;
  }
}

function refuse(ctx: Context, limit: LimitName, retryMs: number, status: 400 | 429, message = TOO_MANY_REQUESTS): void {
  recordRateLimited(limit);
  ctx.status = status;
  ctx.set('Retry-After', String(retrySeconds(retryMs)));
  ctx.body = { code: status === 400 ? 'BAD_REQUEST' : 'TOO_MANY_REQUESTS', message, issues: [] };
  // What answered: the route that was running leaves this answer as it is.
  ctx.state.refused = true;
}

/** The budget of anonymous previews, spent by the operation once it knows the caller is anonymous. */
function anonymousPreviewSpender(
  ctx: Context,
  limiter: RateLimiterAbstract,
  address: string,
  status: 400 | 429,
): SpendAnonymousPreview {
  return async () => {
    const over = await firstRefusal([['anonymousPreview', limiter, address]]);
    if (!over) return;
    refuse(ctx, over.limit, over.retryMs, status);
    throw new AppError(status === 400 ? 'BAD_REQUEST' : 'TOO_MANY_REQUESTS', TOO_MANY_REQUESTS);
  };
}

/** The budget of checkpoints and restores, spent per user by the operation once it knows who asks. */
function revisionSpender(ctx: Context, limiter: RateLimiterAbstract): SpendRevision {
  return async (userId) => {
    const over = await firstRefusal([['revisions', limiter, userId]]);
    if (!over) return;
    const message = tooManyRevisions(over.retryMs);
    refuse(ctx, over.limit, over.retryMs, 429, message);
    throw new AppError('TOO_MANY_REQUESTS', message);
  };
}

function signInGate(ctx: Context, limiter: RateLimiterAbstract, address: string, points: number): AssertMayTrySignIn {
  return async () => {
    const retryMs = await exhausted(limiter, address, points);
    if (retryMs === undefined) return;
    refuse(ctx, 'signIn', retryMs, 429, tooManyAttempts(retryMs));
    throw new AppError('TOO_MANY_REQUESTS', tooManyAttempts(retryMs));
  };
}

/**
 * Refuses a request over its budget before any work is done. Public chat
 * requests: per client IP and, for starts, per bot; refused with 400 and the
 * documented chat error object (the chat API's only client error status).
 * Builder requests: per client IP, and a client that sent too many unknown
 * or revoked tokens is shut out until its budget refills; refused with 429.
 * Both carry Retry-After in seconds.
 */
export function rateLimit(config: RateLimitConfig, limiters: RateLimiters): Middleware {
  if (!config.enabled) return async (_ctx, next) => next();
  return async (ctx, next) => {
    // Resolved once per request by the clientAddress middleware (PARLEY_TRUSTED_PROXIES), which runs before this one.
    const ip = () => ctx.state.clientAddress as string;
    const preflight = ctx.method === 'OPTIONS';
    const chat = ctx.method === 'POST' || preflight ? CHAT_PATH.exec(ctx.path) : null;
    if (chat) {
      const address = ip();
      // A preflight costs its client like the request it announces; a bot's start budget is spent by starts only.
      const refused = await firstRefusal([
        ['ip', limiters.ip, address],
        ...(chat[1] && !preflight ? [['bot', limiters.bot, chat[1]] as [LimitName, RateLimiterAbstract, string]] : []),
      ]);
      if (refused) return refuse(ctx, refused.limit, refused.retryMs, 400);
      ctx.state.spendAnonymousPreview = anonymousPreviewSpender(ctx, limiters.anonymousPreview, address, 400);
      return next();
    }
    if (!isBuilderRequest(ctx)) {
      // Preflights of anything else (uploads, files, unknown paths) are answered without work, but not without limit.
      if (preflight) {
        const refused = await firstRefusal([['ip', limiters.ip, ip()]]);
        if (refused) return refuse(ctx, refused.limit, refused.retryMs, 429);
      }
      return next();
    }
    const address = ip();
    const shutOut = await exhausted(limiters.authFailures, address, config.authFailurePoints);
    if (shutOut !== undefined) return refuse(ctx, 'authFailures', shutOut, 429);
    const refused = await firstRefusal([['builder', limiters.builder, address]]);
    if (refused) return refuse(ctx, refused.limit, refused.retryMs, 429);
    ctx.state.spendAnonymousPreview = anonymousPreviewSpender(ctx, limiters.anonymousPreview, address, 429);
    ctx.state.assertMayTrySignIn = signInGate(ctx, limiters.signIn, address, config.signInFailurePoints);
    ctx.state.spendRevision = revisionSpender(ctx, limiters.revisions);
    await next();
    // A bearer token that matched nobody: counted against the client, never the token itself (it is not stored).
    const failed = ctx.state.authFailed === true || (ctx.status === 401 && Boolean(ctx.get('authorization')));
    if (failed) await limiters.authFailures.consume(address).catch(() => undefined);
    // A wrong password or link at sign-in (the resolver flags it): spent from the sign-in budget only.
    if (ctx.state.signInFailed === true) await limiters.signIn.consume(address).catch(() => undefined);
  };
}
