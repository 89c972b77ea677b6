import type {
  ConversationChannel,
  ConversationOutcome,
  ConversationQuery,
  ConversationStatus,
} from '../../api/generated';

// The inbox's enums and people in the words the page shows.

export const CHANNEL_WORDS: Record<ConversationChannel, string> = {
  web: 'Web page',
  embed: 'Website embed',
  whatsApp: 'WhatsApp',
  telegram: 'Telegram',
  preview: 'Editor preview',
};

export const STATUS_WORDS: Record<ConversationStatus, string> = {
  waiting: 'Waiting',
  active: 'Answering',
  closed: 'Ended',
};

export const OUTCOME_WORDS: Record<ConversationOutcome, string> = {
  released: 'Handed back to the bot',
  closed: 'Closed',
  timedOut: 'Nobody answered in time',
};

/** The open conversation, as the page reads it. */
export type Conversation = ConversationQuery['conversation'];
export type ConversationMessage = Conversation['messages'][number];
/** Whoever has or wrote in a conversation (a member of the workspace). */
export type Person = NonNullable<Conversation['assignee']>;

export function personName(person: Person): string {
  return person.name?.trim() || person.email;
}
