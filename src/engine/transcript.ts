// The conversation transcript (reference §3.9.4), recorded as it happens
// instead of replaying the flow: bot bubbles as they are emitted, answers as
// they are accepted. Only sessions whose bots ask for it (a Set variable of
// type "Transcript") record it, so other sessions stay small.
import { blocksWithHandlers, handlerFor } from './blocks/registry';
import type { ChatMessage, RuntimeBot, SessionState, TranscriptTurn } from './types';

/** Whether a block of the bot asks for the transcript (a Set variable of type "Transcript"). */
export function needsTranscript(bot: RuntimeBot): boolean {
  for (const [block, handler] of blocksWithHandlers(bot.groups)) if (handler.needsTranscript?.(block)) return true;
  return false;
}

/** Starts recording (from now on) when `bot` needs a transcript and the session does not record one yet. */
export function startTranscriptIfNeeded(state: SessionState, bot: RuntimeBot): void {
  if (!state.transcript && needsTranscript(bot)) state.transcript = [];
}

function urlOf(content: unknown): string | undefined {
  const url = (content as { url?: unknown } | null)?.url;
  return typeof url === 'string' && url !== '' ? url : undefined;
}

/** A media bubble's transcript line: its URL (none without one). Used by the image, video and audio modules. */
export function mediaTranscriptTurn(kind: 'image' | 'video' | 'audio', message: ChatMessage): TranscriptTurn | undefined {
  const url = urlOf(message.content);
  return url === undefined ? undefined : { role: 'bot', type: kind, [kind]: url };
}

/** A bubble as the transcript shows it, as its module says (text as markdown, media by URL); others are left out. */
export function transcriptTurnOf(message: ChatMessage): TranscriptTurn | undefined {
  const handler = handlerFor(message.type);
  return handler?.category === 'bubble' ? handler.transcriptTurn?.(message) : undefined;
}

export function recordBotMessage(state: SessionState, message: ChatMessage): void {
  if (!state.transcript) return;
  const turn = transcriptTurnOf(message);
  if (turn) state.transcript.push(turn);
}

/** An accepted answer: its content, attached file URLs first (as in the session's answers, §3.9.2). */
export function recordUserAnswer(state: SessionState, text: string): void {
  state.transcript?.push({ role: 'user', type: 'text', text });
}

function turnText(turn: TranscriptTurn): string {
  return (turn.type === 'text' ? turn.text : turn[turn.type]) ?? '';
}

/** The Set variable "Transcript" value: `Assistant: "…"` / `User: "…"` lines joined by a blank line. */
export function formatTranscript(turns: readonly TranscriptTurn[]): string {
  return turns.map((turn) => `${turn.role === 'bot' ? 'Assistant:' : 'User:'} "${turnText(turn)}"`).join('\n\n');
}
