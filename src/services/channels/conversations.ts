// Where each channel conversation stands between two messages: the bot and
// chat session it talks to, and the choices it was last offered as buttons.
import type { SentChoices } from './channel';
import type { Client } from './conversation-lock';
import { storedChoices } from './stored-json';

export interface ChannelConversationState {
  credentialsId: string;
  conversationKey: string;
  botId: string | null;
  sessionId: string | null;
  lastActivityAt: Date;
  choices: SentChoices;
}

export async function conversationFor(
  db: Client,
  credentialsId: string,
  conversationKey: string,
): Promise<ChannelConversationState | null> {
  const row = await db.channelConversation.findUnique({
    where: { credentialsId_conversationKey: { credentialsId, conversationKey } },
  });
  return row && { ...row, choices: storedChoices(row.choices) };
}

/**
 * Creates or replaces a conversation's state. A conversation's messages are
 * processed one at a time, so its state has one writer at a time.
 */
export async function saveConversation(db: Client, state: ChannelConversationState): Promise<void> {
  const { credentialsId, conversationKey } = state;
  const data = {
    botId: state.botId,
    sessionId: state.sessionId,
    lastActivityAt: state.lastActivityAt,
    choices: JSON.stringify(state.choices),
  };
  await db.channelConversation.upsert({
    where: { credentialsId_conversationKey: { credentialsId, conversationKey } },
    create: { credentialsId, conversationKey, ...data },
    update: data,
  });
}
