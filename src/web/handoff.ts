import type { Json } from './api';
import { h, safeUrl } from './dom';

// The visitor's side of a human handoff: while a person of the bot's
// workspace has the chat, their words come on the session's event stream
// (GET /v1/sessions/{id}/events, server-sent events) as well as in the
// answers to the visitor's own messages; each is shown once.

/** The person answering instead of the bot. */
export interface Agent {
  name: string;
  image?: string;
}

export type HandoffEvent =
  | { type: 'message'; seq?: number; message: Json }
  | { type: 'typing' }
  | { type: 'taken'; agent: Agent }
  | { type: 'released'; seq?: number; response: Json }
  | { type: 'closed'; seq?: number };

/** How long the agent's typing dots stay after one `typing` event, unless another comes. */
export const TYPING_MS = 4000;

function agentFrom(raw: Json | undefined): Agent {
  const name = typeof raw?.name === 'string' && raw.name.trim() ? raw.name.trim() : 'Agent';
  const image = safeUrl(raw?.image);
  return image ? { name, image } : { name };
}

/** The person who wrote `message`, when a person did (not the bot, not the visitor). */
export function agentOf(message: Json | undefined): Agent | undefined {
  return message?.author?.kind === 'agent' ? agentFrom(message.author as Json) : undefined;
}

const seqOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;

/** One event of the stream, or undefined for what this client does not know (a newer server's). */
export function parseHandoffEvent(data: string): HandoffEvent | undefined {
  let event: Json;
  try {
    event = JSON.parse(data) as Json;
  } catch {
    return undefined;
  }
  if (!event || typeof event !== 'object') return undefined;
  const seq = seqOf(event.seq);
  switch (event.type) {
    case 'message':
      return event.message && typeof event.message === 'object'
        ? { type: 'message', seq, message: event.message as Json }
        : undefined;
    case 'typing':
      return { type: 'typing' };
    case 'taken':
      return { type: 'taken', agent: agentFrom(event.agent as Json) };
    case 'released':
      return { type: 'released', seq, response: (event.response ?? {}) as Json };
    case 'closed':
      return { type: 'closed', seq };
    default:
      return undefined;
  }
}

/** The stream's address; `after` replays what came after that seq (0: the whole handoff). */
export function eventsUrl(apiHost: string, sessionId: string, after?: number): string {
  const base = `${apiHost}/v1/sessions/${encodeURIComponent(sessionId)}/events`;
  return after === undefined ? base : `${base}?after=${after}`;
}

/** The agent's picture, else their initial: never the bot's avatar, so the visitor sees a person took over. */
export function agentAvatar(agent: Agent): HTMLElement {
  if (agent.image) return h('img', { src: agent.image, alt: '', className: 'parley-avatar parley-agent-avatar' });
  const initial = Array.from(agent.name)[0]?.toUpperCase() ?? '?';
  return h('span', { className: 'parley-avatar parley-agent-avatar', 'aria-hidden': 'true' }, initial);
}

export const typingDots = (): HTMLElement =>
  h('div', { className: 'parley-typing', 'aria-hidden': 'true' }, h('span'), h('span'), h('span'));

/** What the chat does with the stream's events. */
export interface HandoffView {
  /** Draws an agent's message (already known to be new). */
  agentMessage(message: Json, agent: Agent): void;
  systemLine(text: string): void;
  /** Shows the agent's typing dots, or (undefined) hides them. */
  typing(agent: Agent | undefined): void;
  /** The bot goes on: the answer drawn as a continueChat answer is. */
  released(response: Json): Promise<void>;
  /** The person ended the conversation: no more input. */
  closed(): void;
  /** Resolves once the chat has drawn what it was drawing (a turn's typing emulation). */
  settled(): Promise<unknown>;
  /** False once the chat was removed from the page: the stream stops. */
  alive(): boolean;
}

const RETRY_MS = [500, 1000, 2000, 5000, 10_000, 30_000];
const MAX_FAILURES = 10;

/**
 * The handoff of one chat: the event stream while it lasts, which agent
 * messages were shown, and who the agent is.
 */
export class Handoff {
  /** Whether the session is in a handoff (the stream is open or about to reopen). */
  active = false;
  /** Counts handoffs that ended: an answer asked during one that has ended since is stale. */
  epoch = 0;
  /** Who is answering (for the typing dots). */
  agent?: Agent;
  /** Who was last announced as joining: a reconnection tells `taken` again. */
  joined?: string;
  private source?: EventSource;
  private lastSeq = 0;
  private readonly shown = new Set<string>();
  private chain: Promise<unknown> = Promise.resolve();
  private typingTimer?: ReturnType<typeof setTimeout>;
  private retryTimer?: ReturnType<typeof setTimeout>;
  private failures = 0;

  constructor(
    private readonly apiHost: string,
    private readonly sessionId: () => string,
    private readonly view: HandoffView,
  ) {}

  /** True the first time an agent message with this id is seen (it is then drawn); messages without an id always are. */
  firstTime(message: Json): boolean {
    const id = typeof message.id === 'string' ? message.id : undefined;
    if (!id) return true;
    if (this.shown.has(id)) return false;
    this.shown.add(id);
    return true;
  }

  /**
   * Follows an answer's `handoff` field: opens the stream when the session is
   * in a handoff, closes it when it no longer is. The stream starts with what
   * the visitor was not given yet, or after `after` (0: the whole handoff, for
   * a page that comes back); what was drawn already is not drawn again.
   */
  follow(state: Json | undefined, after?: number): void {
    if (state && typeof state === 'object') {
      if (!this.active) {
        this.active = true;
        this.open(after);
      }
    } else if (this.active) this.end();
  }

  /** The handoff is over (released, closed, or an answer without it): the stream closes. */
  end(): void {
    this.active = false;
    this.epoch += 1;
    this.source?.close();
    this.source = undefined;
    clearTimeout(this.retryTimer);
    this.stopTyping();
  }

  private open(after: number | undefined): void {
    if (!this.view.alive()) return this.end();
    const source = new EventSource(eventsUrl(this.apiHost, this.sessionId(), after));
    this.source = source;
    source.onopen = () => {
      this.failures = 0;
    };
    source.onmessage = (message: MessageEvent<string>) => {
      const seq = Number(message.lastEventId);
      if (message.lastEventId && Number.isInteger(seq)) this.lastSeq = Math.max(this.lastSeq, seq);
      const event = parseHandoffEvent(message.data);
      const epoch = this.epoch;
      if (event) this.chain = this.chain.then(() => this.handle(event, epoch)).catch(() => undefined);
    };
    source.onerror = () => {
      if (source !== this.source) return;
      // Reopened by this client rather than by the browser's own reconnection: the server reads `?after`
      // before Last-Event-ID, and the first address may say after=0. The server ends a stream after some
      // minutes; a refusal (a 404 once the handoff is gone) or an unreachable server waits longer each time.
      source.close();
      if (!this.view.alive() || this.failures >= MAX_FAILURES) return this.end();
      const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)]!;
      this.failures += 1;
      this.retryTimer = setTimeout(() => {
        if (this.active && this.source === source) this.open(this.lastSeq > 0 ? this.lastSeq : after);
      }, wait);
    };
  }

  private async handle(event: HandoffEvent, epoch: number): Promise<void> {
    // A handoff that ended meanwhile says nothing more (a stream reopened since is the same handoff: its
    // events were counted as seen, they are drawn).
    if (epoch !== this.epoch) return;
    if (!this.view.alive()) return this.end();
    await this.view.settled();
    if (epoch !== this.epoch) return;
    switch (event.type) {
      case 'message': {
        // The visitor's own words are on the page already, drawn when sent.
        const agent = agentOf(event.message);
        if (!agent) return;
        this.agent = agent;
        this.stopTyping();
        if (this.firstTime(event.message)) this.view.agentMessage(event.message, agent);
        return;
      }
      case 'typing':
        clearTimeout(this.typingTimer);
        this.view.typing(this.agent ?? { name: 'Agent' });
        this.typingTimer = setTimeout(() => this.stopTyping(), TYPING_MS);
        return;
      case 'taken':
        this.agent = event.agent;
        if (this.joined === event.agent.name) return;
        this.joined = event.agent.name;
        this.view.systemLine(`${event.agent.name} joined the conversation`);
        return;
      case 'released':
        this.end();
        await this.view.released(event.response);
        return;
      case 'closed':
        this.end();
        this.view.systemLine('The conversation has ended');
        this.view.closed();
        return;
    }
  }

  /** Hides the typing dots (the person's message came, or the handoff ended). */
  stopTyping(): void {
    clearTimeout(this.typingTimer);
    this.typingTimer = undefined;
    this.view.typing(undefined);
  }
}
