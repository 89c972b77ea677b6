// The conversation transcript (docs/engine-behaviour.md#transcript), recorded as it happens
// instead of replaying the flow: bot bubbles as they are emitted, answers as
// they are accepted. Only sessions whose bots ask for it (a Set variable of
// type "Transcript") record it, so other sessions stay small.
import { blocksWithHandlers, handlerFor } from './blocks/registry';
import { emptyTranscript } from './transcript-lines';
import type { ChatMessage } from './wire';
import type { RuntimeBot } from './definition/runtime-bot';
import type { SessionState, TranscriptTurn } from './session';

/** Whether a block of the bot asks for the transcript (a Set variable of type "Transcript"). */
export function needsTranscript(bot: RuntimeBot): boolean {
  for (const [block, handler] of blocksWithHandlers(bot.groups)) if (handler.needsTranscript?.(block)) return true;
  return false;
}

/** Starts recording (from now on) when `bot` needs a transcript and the session does not record one yet. */
export function startTranscriptIfNeeded(state: SessionState, bot: RuntimeBot): void {
  if (!state.transcript && needsTranscript(bot)) state.transcript = emptyTranscript();
}

/** A bubble as the transcript shows it, as its module says (text as markdown, media by URL); others are left out. */
export function transcriptTurnOf(message: ChatMessage): TranscriptTurn | undefined {
  const handler = handlerFor(message.type);
  return handler?.category === 'bubble' ? handler.transcriptTurn?.(message) : undefined;
}

export function recordBotMessage(state: SessionState, message: ChatMessage): void {
  if (!state.transcript) return;
  const turn = transcriptTurnOf(message);
  if (turn) state.transcript.recent.push(turn);
}
