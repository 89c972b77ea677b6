import type { ConversationEvent, ConversationEventKind } from '../live/events';
import type { LiveResults } from '../live/live-results';

/** The conversation an event is about (its ids as stored). */
export interface ConversationIds {
  id: string;
  botId: string;
  workspaceId: string;
  sessionId: string;
}

/** Tells the inbox, the conversation's followers and the visitor's stream; never fails the caller (the change is stored). */
export function publishConversation(
  live: LiveResults,
  conversation: ConversationIds,
  kind: ConversationEventKind,
  extra: Pick<ConversationEvent, 'seq' | 'authorKind' | 'userId'> = {},
): void {
  const event: ConversationEvent = {
    event: 'conversation',
    kind,
    botId: conversation.botId,
    workspaceId: conversation.workspaceId,
    conversationId: conversation.id,
    sessionId: conversation.sessionId,
    ...extra,
  };
  try {
    live.publish([event]);
  } catch (error) {
    console.error('[parley] handoff: publishing an event failed:', error);
  }
}
