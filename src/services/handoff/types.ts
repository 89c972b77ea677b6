// The words of a handed-off conversation (docs/handoff.md), as stored and as the API names them.

export const CONVERSATION_STATUSES = ['waiting', 'active', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export const CONVERSATION_OUTCOMES = ['released', 'closed', 'timedOut'] as const;
export type ConversationOutcome = (typeof CONVERSATION_OUTCOMES)[number];

export const CONVERSATION_CHANNELS = ['web', 'embed', 'whatsApp', 'telegram', 'preview'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];

export const AUTHOR_KINDS = ['bot', 'visitor', 'agent'] as const;
export type AuthorKind = (typeof AUTHOR_KINDS)[number];

/** Where a web chat was opened: Parley's own chat page, or a page that embeds it. */
export type WebSurface = 'web' | 'embed';

/** Bounds of the inbox (PARLEY_HANDOFF_*): see docs/handoff.md#bounds. */
export interface HandoffLimits {
  /** Conversations waiting at once per workspace; past it a handoff goes on at once along the block's edge. */
  maxWaitingPerWorkspace: number;
  /** Lines of the transcript before the handoff copied into the conversation (the latest ones). */
  maxTranscriptLines: number;
  /** Characters of one agent message. */
  maxMessageLength: number;
}

export const DEFAULT_HANDOFF_LIMITS: HandoffLimits = {
  maxWaitingPerWorkspace: 500,
  maxTranscriptLines: 200,
  maxMessageLength: 4000,
};

export function isOpen(status: string): boolean {
  return status === 'waiting' || status === 'active';
}
