import { recordLiveSubscriptions } from '../../observability/metrics';
import {
  isConversationEvent,
  isDraftEvent,
  isEditorsEvent,
  isResultEvent,
  topicKey,
  topicKeysOf,
  type ConversationEvent,
  type ConversationTopic,
  type DraftEvent,
  type EditorTab,
  type EditorsEvent,
  type LiveEvent,
  type ResultEvent,
} from './events';

/**
 * Events waiting for a subscriber that reads slower than turns commit. Past
 * this the subscription ends (its client reconnects and re-reads the
 * results) instead of letting one stuck client grow the heap.
 */
const MAX_QUEUED = 1000;

/**
 * One subscriber's events, as an async iterator. A plain object rather than
 * an async generator: `return()` must end a subscription that is waiting for
 * its next event (a generator queues `return()` behind the pending `next()`,
 * so a quiet stream would keep its listener until the next event).
 */
export class LiveSubscription<E extends LiveEvent = LiveEvent> implements AsyncIterableIterator<E> {
  private queue: E[] = [];
  private waiting: ((result: IteratorResult<E>) => void) | undefined;
  private ended = false;

  constructor(
    /** What it follows: a bot's id, or a conversation topic's key (events.ts `topicKey`). */
    readonly key: string,
    /** Which events of the key this subscriber wants (results, drafts, editors or conversations). */
    readonly wants: (event: LiveEvent) => event is E,
    private readonly onEnd: (subscription: LiveSubscription<E>) => void,
  ) {}

  push(event: E): void {
    if (this.ended) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: event, done: false });
      return;
    }
    this.queue.push(event);
    if (this.queue.length > MAX_QUEUED) this.end();
  }

  next(): Promise<IteratorResult<E>> {
    const event = this.queue.shift();
    if (event) return Promise.resolve({ value: event, done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<E>> {
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<E>> {
    this.end();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** Stops the subscription: events still queued are dropped, a pending `next()` gets done. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue = [];
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.({ value: undefined, done: true });
    this.onEnd(this);
  }
}

/**
 * Presence events of every editor tab but `except` (a tab is not told of its
 * own changes). Another user's tab with the same key is another tab: it is told.
 */
const othersPresence =
  (except: EditorTab | undefined) =>
  (event: LiveEvent): event is EditorsEvent =>
    isEditorsEvent(event) && (event.userId !== except?.userId || event.sessionKey !== except.sessionKey);

/** This process's subscribers, by key (a bot, a conversation topic): an event goes to its keys' subscribers that want its kind. */
export class LocalFanout {
  private readonly byKey = new Map<string, Set<LiveSubscription>>();
  private count = 0;
  private closed = false;

  /** A bot's result events (live results). */
  subscribe(botId: string): LiveSubscription<ResultEvent> {
    return this.add(new LiveSubscription(botId, isResultEvent, (ended) => this.remove(ended)));
  }

  /** A bot's draft saves (editors that have it open). */
  subscribeDrafts(botId: string): LiveSubscription<DraftEvent> {
    return this.add(new LiveSubscription(botId, isDraftEvent, (ended) => this.remove(ended)));
  }

  /** A bot's editors coming, going and selecting (the editor's presence), but for those of the tab `except`. */
  subscribeEditors(botId: string, except?: EditorTab): LiveSubscription<EditorsEvent> {
    return this.add(new LiveSubscription(botId, othersPresence(except), (ended) => this.remove(ended)));
  }

  /**
   * What an open editor follows, on one stream (a browser holds few
   * connections per server): the bot's draft saves, and its editors but for
   * the tab `except`.
   */
  subscribeEditing(botId: string, except?: EditorTab): LiveSubscription<DraftEvent | EditorsEvent> {
    const others = othersPresence(except);
    const wants = (event: LiveEvent): event is DraftEvent | EditorsEvent => isDraftEvent(event) || others(event);
    return this.add(new LiveSubscription(botId, wants, (ended) => this.remove(ended)));
  }

  /** Conversations handed to people: a workspace's inbox, one conversation, or a visitor's session. */
  subscribeConversations(topic: ConversationTopic): LiveSubscription<ConversationEvent> {
    return this.add(new LiveSubscription(topicKey(topic), isConversationEvent, (ended) => this.remove(ended)));
  }

  private add<E extends LiveEvent>(subscription: LiveSubscription<E>): LiveSubscription<E> {
    const key = subscription.key;
    if (this.closed) {
      subscription.end();
      return subscription;
    }
    let subscribers = this.byKey.get(key);
    if (!subscribers) this.byKey.set(key, (subscribers = new Set()));
    subscribers.add(subscription as unknown as LiveSubscription);
    this.count += 1;
    recordLiveSubscriptions(1);
    return subscription;
  }

  deliver(event: LiveEvent): void {
    for (const key of topicKeysOf(event))
      for (const subscription of this.byKey.get(key) ?? []) if (subscription.wants(event)) subscription.push(event);
  }

  get size(): number {
    return this.count;
  }

  /** Ends every subscription (shutdown): their streams finish, so their connections can close. */
  endAll(): void {
    this.closed = true;
    for (const subscribers of [...this.byKey.values()]) for (const subscription of [...subscribers]) subscription.end();
  }

  private remove<E extends LiveEvent>(subscription: LiveSubscription<E>): void {
    const subscribers = this.byKey.get(subscription.key);
    if (!subscribers?.delete(subscription as unknown as LiveSubscription)) return;
    if (subscribers.size === 0) this.byKey.delete(subscription.key);
    this.count -= 1;
    recordLiveSubscriptions(-1);
  }
}
