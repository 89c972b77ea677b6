// Transcript lines without the block registry: what bubble modules, the
// Set variable block and answers need (the registry imports those modules, so
// they cannot import the registry's side of the transcript).
import type { ChatMessage } from './wire';
import type { SessionState, TranscriptRecord, TranscriptTurn } from './session';

function urlOf(content: unknown): string | undefined {
  const url = (content as { url?: unknown } | null)?.url;
  return typeof url === 'string' && url !== '' ? url : undefined;
}

/** A media bubble's transcript line: its URL (none without one). Used by the image, video and audio modules. */
export function mediaTranscriptTurn(
  kind: 'image' | 'video' | 'audio',
  message: ChatMessage,
): TranscriptTurn | undefined {
  const url = urlOf(message.content);
  return url === undefined ? undefined : { role: 'bot', type: kind, [kind]: url };
}

/** An accepted answer: its content, attached file URLs first (docs/engine-behaviour.md#answers-by-key). */
export function recordUserAnswer(state: SessionState, text: string): void {
  state.transcript?.recent.push({ role: 'user', type: 'text', text });
}

/** A transcript that records from now on: nothing written out yet. */
export function emptyTranscript(): TranscriptRecord {
  return { stored: 0, storedBytes: 0, recent: [] };
}

function turnText(turn: TranscriptTurn): string {
  return (turn.type === 'text' ? turn.text : turn[turn.type]) ?? '';
}

/** The Set variable "Transcript" value: `Assistant: "…"` / `User: "…"` lines joined by a blank line. */
export function formatTranscript(turns: readonly TranscriptTurn[]): string {
  return turns.map((turn) => `${turn.role === 'bot' ? 'Assistant:' : 'User:'} "${turnText(turn)}"`).join('\n\n');
}
