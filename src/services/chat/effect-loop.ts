import { resumeTurn } from '../../engine/chat';
import type { Effect, EffectResult } from '../../engine/effects';
import { recordChatEffect } from '../../observability/metrics';
import { parseTranscriptLines } from '../../engine/session-state';
import type { TextFormat } from '../../engine/wire';
import type { TranscriptTurn } from '../../engine/session';
import type { TurnResult } from '../../engine/turn-result';
import type { BotLibrary } from './bot-loader';
import type { ChatDeps } from './deps';
import { performEffect } from './effects';
import { credentialsWithheld } from './preview-credentials';
import type { TurnEnv } from './engine-env';

/** Effects that send a request to the outside world: each counts against the turn's and its workspace's bound. */
const OUTBOUND_EFFECTS = new Set<Effect['type']>(['httpRequest', 'aiChat']);

/**
 * Performs the engine's effects until the turn is done, each off the turn's
 * budget clock (the session claim is renewed meanwhile, see sessions.ts).
 */
export async function settle(
  deps: ChatDeps,
  library: BotLibrary,
  turn: TurnResult,
  format: TextFormat,
  env: TurnEnv,
  /** The stored session the turn continues (none on a start). */
  storedSessionId?: string,
): Promise<TurnResult> {
  const transcript = async (lines: number): Promise<TranscriptTurn[]> =>
    storedSessionId === undefined || lines === 0
      ? []
      : parseTranscriptLines(await deps.store.transcriptLines(storedSessionId, lines));
  let current = turn;
  while (current.status === 'effect' && current.effect) {
    const { effect, state } = current;
    const refusal = OUTBOUND_EFFECTS.has(effect.type) ? await env.outbound?.take() : null;
    const outcome: EffectResult = refusal
      ? { type: 'failed', effect: effect.type, reason: 'limit', message: refusal }
      : await env.offTheClock(() =>
          performEffect(
            effect,
            deps.effects,
            {
              db: deps.db,
              workspaceId: state.workspaceId,
              isPreview: state.isPreview,
              credentialsWithheld: credentialsWithheld(state),
              library,
              transcript,
            },
            deps.effectTimeouts,
          ),
        );
    if (refusal) recordChatEffect(effect.type, 'limit');
    current = await resumeTurn(state, outcome, format, env, library.resolve);
  }
  return current;
}
