import { ANY_ROLE } from '../services/access';
import type { LiveResults } from '../services/live/live-results';
import { AppError, forbidden, notFound } from '../errors';
import { hasBotRole } from './builder';
import { createContext, type GraphQLContext } from './context';

/** What every live stream's description says of its bounds (docs/security.md#live-streams). */
export const LIVE_STREAM_BOUNDS =
  'Ends after PARLEY_LIVE_STREAM_MAX_MINUTES at the latest (subscribe again and catch up). A user may hold PARLEY_LIVE_STREAMS_PER_USER live streams open at once and a client address PARLEY_LIVE_STREAMS_PER_ADDRESS (all kinds together, per server process): one more is refused with TOO_MANY_REQUESTS (HTTP 429).';

/** What a live stream yields once its caller may no longer read the bot: the resolver answers NOT_FOUND, then the stream ends. */
export const ACCESS_LOST = Symbol('access lost');

/**
 * A subscription outlives the request that checked its access: a member
 * removed from the workspace, or a revoked token, must stop receiving.
 * Access is checked again (fresh token, fresh memberships) at the first
 * event `everyMs` after the last check, so a quiet stream costs nothing.
 */
export function whileAllowed<T>(
  source: AsyncIterableIterator<T>,
  everyMs: number,
  allowed: () => Promise<boolean>,
): AsyncIterableIterator<T | typeof ACCESS_LOST> {
  let checkedAt = Date.now();
  let lost = false;
  const stop = async (): Promise<IteratorResult<T | typeof ACCESS_LOST>> => {
    lost = true;
    await source.return?.();
    return { value: undefined, done: true };
  };
  return {
    async next() {
      if (lost) return { value: undefined, done: true };
      const result = await source.next();
      if (result.done || Date.now() - checkedAt < everyMs) return result;
      checkedAt = Date.now();
      if (await allowed()) return result;
      await stop();
      return { value: ACCESS_LOST, done: false };
    },
    return: stop,
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/** Whether the request's token, read again, still reaches the bot (any role). */
export async function stillReadsBot(ctx: GraphQLContext, botId: string): Promise<boolean> {
  // Authenticated afresh: the outcome the request started with may have been revoked since.
  const fresh = await createContext(ctx, { ...ctx.request, authentication: undefined });
  if (!fresh.access) return false;
  try {
    return await hasBotRole(fresh, botId, ANY_ROLE);
  } catch (error) {
    // NOT_FOUND: no longer a member. Anything else (the database away) fails the stream instead.
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * Ends `source` after `lifetimeMs` (a pending `next()` gets done, so the
 * stream closes cleanly and its client reconnects), and calls `release` once
 * when it ends, however: its time is up, it ran out, or its client went away.
 */
export function endingAfter<T>(
  source: AsyncIterableIterator<T>,
  lifetimeMs: number,
  release: () => void,
): AsyncIterableIterator<T> {
  let ended = false;
  const end = async (): Promise<IteratorResult<T>> => {
    if (!ended) {
      ended = true;
      clearTimeout(timer);
      release();
    }
    await source.return?.();
    return { value: undefined, done: true };
  };
  const timer = setTimeout(() => void end(), lifetimeMs);
  // A stream never keeps a process from exiting (shutdown ends them anyway).
  timer.unref();
  return {
    async next() {
      if (ended) return { value: undefined, done: true };
      const result = await source.next();
      if (result.done) return end();
      return result;
    },
    return: end,
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * A bot's live stream for a subscription: any member of the bot's workspace
 * (checked here, since scope-auth guards resolvers and a subscription's source
 * is built before any resolver runs), within the caller's and its address's
 * caps of open streams, for at most the streams' lifetime, and access checked
 * again as events come.
 */
export async function botLiveStream<T>(
  ctx: GraphQLContext,
  botId: string,
  open: (live: LiveResults) => AsyncIterableIterator<T>,
): Promise<AsyncIterableIterator<T | typeof ACCESS_LOST>> {
  if (!(await hasBotRole(ctx, botId, ANY_ROLE))) throw forbidden();
  return boundedLiveStream(ctx, open, () => stillReadsBot(ctx, botId));
}

/**
 * A live stream the caller was allowed to open (checked by the caller): within
 * the caller's and its address's caps of open streams, for at most the streams'
 * lifetime, with `stillAllowed` asked again as events come.
 */
export function boundedLiveStream<T>(
  ctx: GraphQLContext,
  open: (live: LiveResults) => AsyncIterableIterator<T>,
  stillAllowed: () => Promise<boolean>,
  /** Whose streams count: the viewer's (access checks refuse anyone else), or a visitor's session. */
  holder: string = ctx.viewer!.userId,
): AsyncIterableIterator<T | typeof ACCESS_LOST> {
  let release: () => void;
  try {
    release = ctx.liveStreams.take(holder, ctx.request.clientAddress);
  } catch (error) {
    if (error instanceof AppError) ctx.request.answerRefusal?.(error);
    throw error;
  }
  const source = whileAllowed(open(ctx.chat.live), ctx.liveRecheckMs, stillAllowed);
  return endingAfter(source, ctx.liveStreams.lifetimeMs(), release);
}

/** A stream's event as its subscription answers it: NOT_FOUND once the caller lost access. */
export function unlessAccessLost<T>(event: T | typeof ACCESS_LOST): T {
  if (event === ACCESS_LOST) throw notFound();
  return event;
}
