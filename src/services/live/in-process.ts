import type { LiveEvent } from './events';
import { LocalFanout } from './fanout';
import type { LiveLog, LiveResults } from './live-results';

/** One process owns the database (SQLite): events go straight to this process's subscribers. */
export function inProcessLiveResults(log: LiveLog): LiveResults {
  const fanout = new LocalFanout();
  let closed = false;
  return {
    publish(events: readonly LiveEvent[]) {
      if (closed || events.length === 0) return;
      // After the turn has answered: serving many subscribers is work the turn should not wait behind.
      setImmediate(() => {
        try {
          for (const event of events) fanout.deliver(event);
        } catch (error) {
          log.warn({ err: error }, 'live results: delivery failed');
        }
      });
    },
    subscribe: (botId) => fanout.subscribe(botId),
    subscribeDrafts: (botId) => fanout.subscribeDrafts(botId),
    subscribeEditors: (botId, except) => fanout.subscribeEditors(botId, except),
    subscribeEditing: (botId, except) => fanout.subscribeEditing(botId, except),
    subscribeConversations: (topic) => fanout.subscribeConversations(topic),
    get subscriberCount() {
      return fanout.size;
    },
    close: async () => {
      closed = true;
      fanout.endAll();
    },
  };
}
