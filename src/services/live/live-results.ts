import type {
  ConversationEvent,
  ConversationTopic,
  DraftEvent,
  EditorTab,
  EditorsEvent,
  LiveEvent,
  ResultEvent,
} from './events';

/**
 * Live results: chat turns publish what they changed, dashboards subscribe
 * per bot; saves of a draft publish its new version and editor tabs their
 * presence, editors subscribe. Chosen by the database at start: in-process on
 * SQLite, PostgreSQL LISTEN/NOTIFY when several processes may share the database.
 */
export interface LiveResults {
  /**
   * Hands a committed turn's events to the subscribers of their bots. Never
   * throws and never makes the caller wait: a failure is logged, the turn has
   * already answered.
   */
  publish(events: readonly LiveEvent[]): void;
  /** The result events of one bot from now on, until the iterator's `return()` (the client went away) or `close()`. */
  subscribe(botId: string): AsyncIterableIterator<ResultEvent>;
  /** The draft saves of one bot from now on (editors that have it open), until `return()` or `close()`. */
  subscribeDrafts(botId: string): AsyncIterableIterator<DraftEvent>;
  /** Editor tabs of one bot joining, changing their selection or leaving, but for the tab `except`'s own. */
  subscribeEditors(botId: string, except?: EditorTab): AsyncIterableIterator<EditorsEvent>;
  /** Both of the above on one stream: what an open editor tab follows. */
  subscribeEditing(botId: string, except?: EditorTab): AsyncIterableIterator<DraftEvent | EditorsEvent>;
  /** Conversations handed to people (docs/handoff.md): a workspace's inbox, one conversation, or a visitor's session. */
  subscribeConversations(topic: ConversationTopic): AsyncIterableIterator<ConversationEvent>;
  /** Open subscriptions in this process. */
  readonly subscriberCount: number;
  /** Ends every subscription and stops listening (shutdown). Publishing afterwards is a no-op locally. */
  close(): Promise<void>;
}

/** Where the live transports report trouble (a dropped LISTEN connection, a failed NOTIFY). */
export interface LiveLog {
  warn(fields: Record<string, unknown>, message: string): void;
  info(fields: Record<string, unknown>, message: string): void;
}
