import type { Db } from '../../db/client';
import type { Effect, EffectResult } from '../../engine/types';
import { loadLinkedBot, type BotLibrary } from './bot-loader';

// The effect runner: performs what the engine described (loading a linked bot
// today; HTTP requests, e-mail and AI completions with the integration blocks),
// each under its own timeout, and turns every failure into an outcome the
// engine's block handles. Nothing here writes: the turn commits once, at the end.

export interface EffectScope {
  db: Db;
  workspaceId: string;
  isPreview: boolean;
  /** Definitions the turn may resolve; a loaded bot is added to it. */
  library: BotLibrary;
  /** Aborted when the effect's time is up. */
  signal: AbortSignal;
}

type PerformerOf<T extends Effect['type']> = (effect: Extract<Effect, { type: T }>, scope: EffectScope) => Promise<EffectResult>;

/** One performer per effect kind: a new kind does not compile until it has one. */
export type EffectPerformers = { [T in Effect['type']]: PerformerOf<T> };

export interface EffectTimeouts {
  /** When the block sets none. */
  defaultMs: number;
  /** The most any block may ask for. */
  maxMs: number;
}

export const DEFAULT_EFFECT_TIMEOUTS: EffectTimeouts = { defaultMs: 10_000, maxMs: 120_000 };

export const defaultPerformers: EffectPerformers = {
  async loadBot(effect, scope) {
    const linked = await loadLinkedBot(scope.db, effect.botId, scope.workspaceId, scope.isPreview);
    if (linked) scope.library.add(linked.ref, linked.bot);
    return { type: 'loadBot', bot: linked?.bot ?? null, ref: linked?.ref ?? null };
  },
};

function timeoutOf(effect: Effect, timeouts: EffectTimeouts): number {
  const asked = effect.timeoutMs && effect.timeoutMs > 0 ? effect.timeoutMs : timeouts.defaultMs;
  return Math.min(asked, timeouts.maxMs);
}

/** Performs one effect; a timeout or a failure of the performer becomes a `failed` outcome, never an exception. */
export async function performEffect(
  effect: Effect,
  performers: EffectPerformers,
  scope: Omit<EffectScope, 'signal'>,
  timeouts: EffectTimeouts,
): Promise<EffectResult> {
  const ms = timeoutOf(effect, timeouts);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<EffectResult>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ type: 'failed', effect: effect.type, reason: 'timeout', message: `Request timed out. (${ms / 1000}s)` });
    }, ms);
  });
  const perform = performers[effect.type] as PerformerOf<Effect['type']>;
  const performed = perform(effect, { ...scope, signal: controller.signal }).catch(
    (error: unknown): EffectResult => ({ type: 'failed', effect: effect.type, reason: 'error', message: error instanceof Error ? error.message : String(error) }),
  );
  try {
    return await Promise.race([performed, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
