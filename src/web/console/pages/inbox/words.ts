import type {
  ConversationChannel,
  ConversationOutcome,
  ConversationPersonFieldsFragment,
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

export type Person = ConversationPersonFieldsFragment;

export function personName(person: Person): string {
  return person.name?.trim() || person.email;
}
