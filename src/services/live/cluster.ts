import { decodeEvent, encodeEvent, type LiveEvent } from './events';
import { LocalFanout } from './fanout';
import type { LiveLog, LiveResults } from './live-results';

/**
 * What a worker of `parley serve --workers N` on SQLite sends its primary,
 * which hands it to every worker (the sender included). Events travel as
 * their JSON text, as on the PostgreSQL channel.
 */
export interface LiveRelayMessage {
  type: 'live-results';
  events: string[];
}

export function isLiveRelayMessage(message: unknown): message is LiveRelayMessage {
  const candidate = message as Partial<LiveRelayMessage> | null;
  return (
    candidate?.type === 'live-results' &&
    Array.isArray(candidate.events) &&
    candidate.events.every((event) => typeof event === 'string')
  );
}

/**
 * Workers sharing a SQLite file have no channel in the database: their
 * events go round through the cluster's primary over the IPC channel
 * node:cluster already holds open.
 */
export function clusterLiveResults(log: LiveLog): LiveResults {
  const fanout = new LocalFanout();
  const onMessage = (message: unknown) => {
    if (!isLiveRelayMessage(message)) return;
    for (const payload of message.events) {
      const event = decodeEvent(payload);
      if (event) fanout.deliver(event);
    }
  };
  process.on('message', onMessage);
  return {
    publish(events: readonly LiveEvent[]) {
      if (events.length === 0 || !process.send) return;
      const message: LiveRelayMessage = { type: 'live-results', events: events.map(encodeEvent) };
      const failed = (error: Error | null) => {
        if (error) log.warn({ err: error }, 'live results: relay to the primary failed');
      };
      try {
        process.send(message, undefined, {}, failed);
      } catch (error) {
        failed(error instanceof Error ? error : new Error(String(error)));
      }
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
      // Publishing goes on (a draining turn's events still reach the other workers); only listening stops.
      process.off('message', onMessage);
      fanout.endAll();
    },
  };
}
