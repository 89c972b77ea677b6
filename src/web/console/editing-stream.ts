import { keepSubscribed } from './api/kept-subscription';
import { sharedStreams } from './api/shared-streams';
import { BotEditingDocument, type BotEditingSubscription } from './api/generated';

// One live connection per open bot for everything an editor tab follows (the
// draft's saves, who edits it): a tab holding several, times a few tabs,
// would leave no connection for ordinary requests (api/shared-streams.ts).

/**
 * One key per page load, i.e. per tab: the server answers everyone but this
 * key, so the user's other tabs show up while this one does not, and this
 * tab's own saves come back marked as its own. Built from getRandomValues,
 * which (unlike randomUUID) works on plain-HTTP hosts too.
 */
export const TAB_KEY = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
  byte.toString(16).padStart(2, '0'),
).join('');

export type EditingEvent = BotEditingSubscription['botEditing'];

export interface EditingListener {
  event(event: EditingEvent): void;
  /** The stream was lost and is open again: read again what may have been missed. */
  resumed(): void;
}

/** Follows what happens to the bot while its editor is open; the returned function stops. */
export const followBotEditing = sharedStreams<EditingListener>((botId, listeners) =>
  keepSubscribed(
    BotEditingDocument,
    { botId, sessionKey: TAB_KEY },
    {
      // Once the server listens again: a save read before that could be missed by both the read and the stream.
      open: (again) => {
        if (again) for (const listener of listeners) listener.resumed();
      },
      next: ({ botEditing }) => {
        for (const listener of listeners) listener.event(botEditing);
      },
    },
  ),
);
