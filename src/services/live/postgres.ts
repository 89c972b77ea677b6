import pg from 'pg';
import { decodeEvent, encodeEvent, type LiveEvent } from './events';
import { LocalFanout } from './fanout';
import type { LiveLog, LiveResults } from './live-results';

/** The one channel every Parley process of a database listens on; subscribers are filtered by bot locally. */
export const LIVE_CHANNEL = 'parley_results';
/** Where the database says a bot's publication or its workspace's flags changed (migration 20261129180000). */
export const PUBLICATION_CHANNEL = 'parley_publication';
/** How the listening connection shows in pg_stat_activity (operators, and the tests, find it by this). */
export const LISTENER_APPLICATION_NAME = 'parley-live';
/** PostgreSQL refuses NOTIFY payloads from 8000 bytes on. */
const MAX_PAYLOAD_BYTES = 7999;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 10_000;

export interface PostgresLiveOptions {
  /** The database's connection string: the listener opens its own connection (LISTEN holds it for good). */
  connectionString: string;
  /** NOTIFY goes through the pool every query uses: no connection of its own. */
  notify: (channel: string, payloads: string[]) => Promise<void>;
  log: LiveLog;
  /** Told when a bot's publication changed, and whether changes are heard at all (the connection is up). */
  publications?: { changed(): void; listening(on: boolean): void };
}

/**
 * Several processes share the database: a turn NOTIFYs on one channel after
 * its commit, and every process (this one included) hears it on its own
 * listening connection and hands it to its subscribers of that bot. Events
 * sent while a process's listener is reconnecting are lost to its subscribers
 * (a dashboard re-reads the results when its stream reopens anyway).
 */
export async function postgresLiveResults(options: PostgresLiveOptions): Promise<LiveResults> {
  const fanout = new LocalFanout();
  const listener = new Listener(options.connectionString, options.log, {
    onPayload: (payload) => {
      const event = decodeEvent(payload);
      if (event) fanout.deliver(event);
    },
    publications: options.publications,
  });
  await listener.start();
  // One NOTIFY statement at a time, so the events of this process reach the channel in commit order; the
  // turns that publish while one is in flight go together in the next (one round trip for many turns under load).
  let pending: string[] = [];
  let sending: Promise<void> | undefined;
  async function drain(): Promise<void> {
    while (pending.length > 0) {
      const payloads = pending;
      pending = [];
      await options
        .notify(LIVE_CHANNEL, payloads)
        .catch((error: unknown) => options.log.warn({ err: error }, 'live results: NOTIFY failed'));
    }
    sending = undefined;
  }
  return {
    publish(events: readonly LiveEvent[]) {
      const payloads = encodedEvents(events, options.log);
      if (payloads.length === 0) return;
      pending.push(...payloads);
      sending ??= drain();
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
      fanout.endAll();
      await listener.close();
      // A draining shutdown's last turns still publish after this was called: wait until nothing is left to send.
      while (sending) await sending;
    },
  };
}

/** A turn's events as NOTIFY payloads; an oversized one (an abused id) drops that turn's events, never the turn. */
function encodedEvents(events: readonly LiveEvent[], log: LiveLog): string[] {
  const payloads = events.map(encodeEvent);
  const oversized = payloads.find((payload) => Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES);
  if (oversized === undefined) return payloads;
  log.warn({ err: new Error(`event payload of ${Buffer.byteLength(oversized)} bytes`) }, 'live results: NOTIFY failed');
  return [];
}

/** The dedicated LISTEN connection, reconnected with backoff when it drops. */
class Listener {
  private client: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    private readonly connectionString: string,
    private readonly log: LiveLog,
    private readonly heard: { onPayload(payload: string): void; publications?: PostgresLiveOptions['publications'] },
  ) {}

  /** The first connection must work: a process that cannot listen should not start serving. */
  start(): Promise<void> {
    return this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.heard.publications?.listening(false);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.heard.onPayload(message.payload);
      else if (message.channel === PUBLICATION_CHANNEL) this.heard.publications?.changed();
    });
    // pg emits 'error' (and then 'end') when the server or the network drops the connection.
    client.on('error', (error) => this.dropped(client, error));
    client.on('end', () => this.dropped(client, undefined));
    try {
      await client.connect();
      await client.query(`LISTEN ${PUBLICATION_CHANNEL}`);
      // Last: pg_stat_activity shows a listener by its last query (operators and the tests find it so).
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // From here every change is heard (what changed before is forgotten with it).
    this.heard.publications?.listening(true);
  }

  private dropped(client: pg.Client, error: Error | undefined): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    this.heard.publications?.listening(false);
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    this.log.warn({ err: error }, 'live results: the LISTEN connection dropped; reconnecting');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = Math.min(RECONNECT_FIRST_MS * 2 ** this.failures, RECONNECT_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.connect().then(
        () => {
          if (this.closed) return;
          this.log.info({ afterFailures: this.failures }, 'live results: listening again');
          this.failures = 0;
        },
        (error: unknown) => {
          if (this.closed) return;
          this.failures += 1;
          this.log.warn(
            { err: error, retryInMs: Math.min(RECONNECT_FIRST_MS * 2 ** this.failures, RECONNECT_MAX_MS) },
            'live results: reconnecting the LISTEN connection failed',
          );
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }
}
