// The conversation transcript (reference §3.9.4), recorded as it happens
// instead of replaying the flow: bot bubbles as they are emitted, answers as
// they are accepted. Only sessions whose bots ask for it (a Set variable of
// type "Transcript") record it, so other sessions stay small.
import { richTextToMarkdown } from './variables/markdown';
import type { ChatMessage, RuntimeBot, SessionState, TranscriptTurn } from './types';

/** Whether the bot has a Set variable block of type "Transcript". */
export function needsTranscript(bot: RuntimeBot): boolean {
  return bot.groups.some((group) => group.blocks.some((block) => block.type === 'Set variable' && block.options?.type === 'Transcript'));
}

/** Starts recording (from now on) when `bot` needs a transcript and the session does not record one yet. */
export function startTranscriptIfNeeded(state: SessionState, bot: RuntimeBot): void {
  if (!state.transcript && needsTranscript(bot)) state.transcript = [];
}

function urlOf(content: unknown): string | undefined {
  const url = (content as { url?: unknown } | null)?.url;
  return typeof url === 'string' && url !== '' ? url : undefined;
}

/** A bubble as the transcript shows it: text as markdown, media by URL; embeds (and media without URL) are left out. */
export function transcriptTurnOf(message: ChatMessage): TranscriptTurn | undefined {
  const content = message.content as { type?: unknown; markdown?: unknown; richText?: unknown } | null;
  switch (message.type) {
    case 'text': {
      if (typeof content?.markdown === 'string') return { role: 'bot', type: 'text', text: content.markdown };
      return { role: 'bot', type: 'text', text: richTextToMarkdown(Array.isArray(content?.richText) ? content.richText : []) };
    }
    case 'image':
    case 'video':
    case 'audio': {
      const url = urlOf(content);
      return url === undefined ? undefined : { role: 'bot', type: message.type, [message.type]: url };
    }
    default:
      return undefined;
  }
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
