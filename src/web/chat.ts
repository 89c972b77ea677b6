import { ChatApiError, continueChat, startChat, uploadFile, type Json } from './api';
import { runClientActions, sleep } from './client-actions';
import { h } from './dom';
import { renderInput } from './inputs';
import { renderMessage, visitorWords } from './messages';
import { agentAvatar, agentOf, Handoff, typingDots, type Agent } from './handoff';
import { applyTheme, avatarsOf, STYLES } from './theme';
import { typingDuration } from './typing';

export interface ChatOptions {
  /** The bot's public id. */
  bot: string;
  /** Where the Parley server is (its chat origin); defaults to where the script came from. */
  apiHost?: string;
  prefilledVariables?: Record<string, unknown>;
  /**
   * Starts the conversation another way than the public startChat: the
   * console's preview (a draft, through startPreviewChat). Nothing of such a
   * chat is remembered in the browser.
   */
  start?: () => Promise<Json>;
  /** Told of each block the chat reaches (a bubble shown, an input awaited): the console's preview highlights it. */
  onBlock?: (blockId: string) => void;
  /**
   * When an awaited input takes the keyboard focus. `always`: the chat is the
   * page, or a dialog the visitor opened. `after-interaction` (the default):
   * the chat is a guest in someone else's page, whose scroll position and
   * focus are the visitor's until they use the chat: focusing on load would
   * scroll the host page down to the bot.
   */
  focus?: 'always' | 'after-interaction';
  /** Told of the bot's theme once the start answers: the bubble's launcher takes its colours from it. */
  onTheme?: (theme: Json, version: unknown) => void;
}

interface Saved {
  publishedAt?: string;
  sessionId: string;
  resultId?: string;
  /** `system`: a line about the conversation (a person joined), `message.text`. */
  transcript: { role: 'host' | 'guest' | 'system'; message: Json }[];
  input?: Json;
  /** While a person has the chat: reopened with its whole stream on reload. */
  handoff?: { agent?: Agent; joined?: string };
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

function storageOf(settings: Json): Storage | undefined {
  const remember = settings.general?.rememberUser;
  if (!remember?.isEnabled) return undefined;
  return remember.storage === 'local' ? localStorage : sessionStorage;
}

/** Mounts one conversation in `root` (a shadow root keeps the host page's CSS out). */
export async function mountChat(host: HTMLElement, options: ChatOptions): Promise<void> {
  const apiHost = (options.apiHost ?? location.origin).replace(/\/$/, '');
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const container = h('div', {
    className: 'parley-chat',
    role: 'log',
    'aria-live': 'polite',
    'aria-label': 'Conversation',
  });
  const progress = h('div', {
    className: 'parley-progress',
    role: 'progressbar',
    'aria-label': 'Progress',
    'aria-valuemin': 0,
    'aria-valuemax': 100,
    hidden: true,
  });
  // The answer is asked inline, under the last message, as on Typebot.
  const inputSlot = h('div', { className: 'parley-input' });
  const column = h('div', { className: 'parley-column' }, container, inputSlot);
  const scroller = h('div', { className: 'parley-scroll' }, column);
  shadow.replaceChildren(h('style', {}, STYLES), h('div', { className: 'parley-root' }, progress, scroller));
  // Any press or key inside the chat counts as using it; focus moving in (Tab) does too.
  let interacted = options.focus === 'always';
  const interact = () => {
    interacted = true;
  };
  for (const type of ['pointerdown', 'keydown', 'focusin'] as const) host.addEventListener(type, interact);
  const scrollToEnd = () =>
    scroller.scrollTo({ top: scroller.scrollHeight, behavior: reducedMotion() ? 'auto' : 'smooth' });

  const resultKey = `parley-result-${options.bot}`;
  let sessionId = '';
  let settings: Json = {};
  let saved: Saved | undefined;
  let storage: Storage | undefined;

  const persist = () => {
    if (storage && saved) storage.setItem(resultKey, JSON.stringify(saved));
  };

  let avatars: { host?: string; guest?: string } = {};
  let lastRow: { role: string; avatar?: HTMLElement } | undefined;
  // The agent's typing dots stay under the newest message.
  let typingRow: HTMLElement | undefined;
  let dotsHid: HTMLElement | undefined;
  const bubble = (role: 'host' | 'guest', element: HTMLElement | null, kind?: string, agent?: Agent) => {
    if (!element) return undefined;
    const media = kind === 'image' || kind === 'video' || kind === 'embed';
    const content = h(
      'div',
      { className: `parley-bubble parley-${role}${media ? ' parley-media' : ''}${agent ? ' parley-agent' : ''}` },
      element,
    );
    const picture = avatars[role];
    const avatar = agent
      ? agentAvatar(agent)
      : picture
        ? h('img', { src: picture, alt: '', className: 'parley-avatar' })
        : undefined;
    // A run of messages from one side (one person) has one avatar, beside the newest, and one name, above the first.
    const key = agent ? `agent:${agent.name}` : role;
    const sameRun = lastRow?.role === key;
    if (avatar && sameRun) lastRow?.avatar?.setAttribute('data-hidden', '');
    const body =
      agent && !sameRun
        ? h('div', { className: 'parley-authored' }, h('span', { className: 'parley-author' }, agent.name), content)
        : content;
    const row = h('div', { className: `parley-row parley-row-${role}` }, avatar, body);
    container.append(row);
    if (typingRow) container.append(typingRow);
    lastRow = { role: key, avatar };
    scrollToEnd();
    return row;
  };
  const systemLine = (text: string) => {
    container.append(h('p', { className: 'parley-system', role: 'status' }, text));
    if (typingRow) container.append(typingRow);
    lastRow = undefined;
    scrollToEnd();
  };

  /** The typing indicator, for as long as the reference's typing emulation would type `message`. */
  let bubblesShown = 0;
  const typeOut = async (message: Json) => {
    const typing = (settings.typingEmulation ?? {}) as Json;
    if (reducedMotion() || typing.enabled === false) return;
    const duration = typingDuration(message, typing);
    if (duration === 0 || (bubblesShown === 0 && typing.isDisabledOnFirstMessage !== false)) return;
    const before = lastRow;
    const row = bubble('host', typingDots());
    await sleep(duration);
    row?.remove();
    before?.avatar?.removeAttribute('data-hidden');
    lastRow = before;
    const delay = Number(typing.delayBetweenBubbles) || 0;
    if (delay > 0) await sleep(Math.min(delay, 5) * 1000);
  };

  const showInput = (input: Json | undefined) => {
    inputSlot.replaceChildren();
    if (!input) return;
    if (typeof input.id === 'string') options.onBlock?.(input.id);
    const element = renderInput(input, {
      submit: (reply, shown, attachedFileUrls) => void reply_(reply, shown, false, attachedFileUrls),
      upload: async (files) => {
        const urls: string[] = [];
        for (const file of files) urls.push(await uploadFile(apiHost, sessionId, String(input.id), file));
        return urls;
      },
    });
    inputSlot.append(element);
    scrollToEnd();
    // The scroll is the chat's own (scrollToEnd), never the page's.
    if (interacted) element.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true });
  };

  const runActions = (actions: Json[], after: 'before' | 'after', lastBubbleBlockId: string | undefined) =>
    runClientActions(actions, after, lastBubbleBlockId, {
      apiHost,
      sessionId,
      streamBubble: () => {
        const shown = h('p', {});
        bubble('host', h('div', { className: 'parley-text' }, shown));
        return shown;
      },
      scrollToEnd,
      streamed: (markdown) =>
        saved?.transcript.push({ role: 'host', message: { type: 'text', content: { markdown } } }),
    });

  // While a person has the chat (docs/chat-runtime.md#a-person-in-the-chat-handoff).
  let turnRunning: Promise<unknown> = Promise.resolve();
  const agentMessage = (message: Json, agent: Agent) => {
    handoff.agent = agent;
    handoff.stopTyping();
    bubble('host', renderMessage(message), message.type, agent);
    saved?.transcript.push({ role: 'host', message });
  };
  const handoff = new Handoff(apiHost, () => sessionId, {
    agentMessage: (message, agent) => {
      agentMessage(message, agent);
      persist();
    },
    systemLine: (text) => {
      systemLine(text);
      saved?.transcript.push({ role: 'system', message: { text } });
      if (saved?.handoff) saved.handoff = { agent: handoff.agent, joined: handoff.joined };
      persist();
    },
    typing: (agent) => {
      typingRow?.remove();
      // The dots join the person's run of messages: its avatar moves to them, and back when they go.
      dotsHid?.removeAttribute('data-hidden');
      dotsHid = agent && lastRow?.role === `agent:${agent.name}` ? lastRow.avatar : undefined;
      dotsHid?.setAttribute('data-hidden', '');
      const dots = agent && h('div', { className: 'parley-bubble parley-host parley-agent' }, typingDots());
      typingRow = agent && h('div', { className: 'parley-row parley-row-host' }, agentAvatar(agent), dots);
      if (typingRow) container.append(typingRow);
      scrollToEnd();
    },
    released: (response) => showTurn(response),
    closed: () => {
      inputSlot.replaceChildren();
      if (saved) saved.input = saved.handoff = undefined;
      persist();
    },
    settled: () => turnRunning,
    alive: () => container.isConnected,
  });

  /** Draws an answer; `stale`: answered within a handoff that ended since, only its agent messages are news. */
  const showTurn = (turn: Json, stale = false): Promise<void> => {
    const run = stale ? showAgentMessages(turn) : drawTurn(turn);
    turnRunning = run.catch(() => undefined);
    return run;
  };
  const showAgentMessages = async (turn: Json) => {
    for (const message of (turn.messages ?? []) as Json[]) {
      const agent = agentOf(message);
      if (agent && handoff.firstTime(message)) agentMessage(message, agent);
    }
    persist();
  };

  const drawTurn = async (turn: Json) => {
    // dynamicTheme: avatars set from variables by the bot.
    if (turn.dynamicTheme?.hostAvatarUrl) avatars.host = turn.dynamicTheme.hostAvatarUrl;
    if (turn.dynamicTheme?.guestAvatarUrl) avatars.guest = turn.dynamicTheme.guestAvatarUrl;
    const actions = (turn.clientSideActions ?? []) as Json[];
    const before = await runActions(
      actions.filter((action) => !action.lastBubbleBlockId),
      'before',
      undefined,
    );
    for (const message of (turn.messages ?? []) as Json[]) {
      // A person's words are not typed out by the bot's emulation, and come once (stream or answer).
      const agent = agentOf(message);
      if (agent) {
        if (handoff.firstTime(message)) agentMessage(message, agent);
        continue;
      }
      await typeOut(message);
      if (typeof message.id === 'string') options.onBlock?.(message.id);
      bubble('host', renderMessage(message), message.type);
      bubblesShown += 1;
      saved?.transcript.push({ role: 'host', message });
      const after = actions.filter((action) => action.lastBubbleBlockId === message.id);
      if (after.length > 0) {
        const reply = await runActions(after, 'after', message.id);
        if (reply !== undefined) return reply_(reply, undefined, true);
      }
    }
    if (typeof turn.progress === 'number') {
      progress.hidden = false;
      progress.style.setProperty('--parley-progress', `${turn.progress}%`);
      progress.setAttribute('aria-valuenow', String(Math.round(turn.progress)));
    }
    if (before !== undefined && !turn.input) return reply_(before, undefined, true);
    if (saved) {
      saved.input = turn.input;
      saved.handoff = turn.handoff ? { agent: handoff.agent, joined: handoff.joined } : undefined;
      persist();
    }
    showInput(turn.input);
    handoff.follow(turn.handoff);
  };

  async function reply_(text: string, shown?: string, silent = false, attachedFileUrls?: string[]): Promise<void> {
    inputSlot.replaceChildren();
    if (!silent) {
      bubble('guest', h('p', {}, shown ?? text));
      saved?.transcript.push({ role: 'guest', message: { type: 'text', content: { markdown: shown ?? text } } });
    }
    const during = handoff.active ? handoff.epoch : undefined;
    try {
      const answer = await continueChat(
        apiHost,
        sessionId,
        attachedFileUrls?.length ? { type: 'text', text, attachedFileUrls } : text,
      );
      // Answered within a handoff that has ended since (the person let go meanwhile): the bot's input stays.
      await showTurn(answer, during !== undefined && during !== handoff.epoch && !!answer.handoff);
    } catch (error) {
      bubble(
        'host',
        h('p', { role: 'alert' }, error instanceof Error ? visitorWords(error.message) : 'Something went wrong.'),
      );
    }
  }

  // Restore a remembered chat when the bot was not republished since.
  const stored = (() => {
    if (options.start) return null;
    try {
      return JSON.parse(localStorage.getItem(resultKey) ?? sessionStorage.getItem(resultKey) ?? 'null') as Saved | null;
    } catch {
      return null;
    }
  })();

  let start: Json;
  try {
    start = options.start
      ? await options.start()
      : await startChat(apiHost, options.bot, {
          prefilledVariables: options.prefilledVariables ?? {},
          // AI answers are streamed to this client (stream actions) rather than waited for.
          isStreamEnabled: true,
          ...(stored?.resultId ? { resultId: stored.resultId } : {}),
        });
  } catch (error) {
    const message =
      error instanceof ChatApiError
        ? error.status === 404 || error.message === 'Bot not found'
          ? "The bot you're looking for doesn't exist."
          : visitorWords(error.message)
        : 'Error! Could not reach server. Check your connection.';
    container.append(h('p', { role: 'alert', className: 'parley-notice' }, message));
    return;
  }
  settings = start.bot?.settings ?? {};
  applyTheme(shadow.host as HTMLElement, start.bot?.theme ?? {}, shadow, start.bot?.version);
  options.onTheme?.(start.bot?.theme ?? {}, start.bot?.version);
  avatars = avatarsOf(start.bot?.theme ?? {}, start.bot?.version);
  if (settings.general?.isBrandingEnabled === true)
    column.append(
      h(
        'a',
        { className: 'parley-branding', href: `${apiHost}/`, target: '_blank', rel: 'noopener' },
        'Made with Parley',
      ),
    );
  storage = options.start ? undefined : storageOf(settings);
  if (storage && stored && stored.publishedAt === start.bot?.publishedAt && stored.sessionId) {
    saved = stored;
    sessionId = stored.sessionId;
    for (const entry of stored.transcript) {
      if (entry.role === 'system') systemLine(String(entry.message.text ?? ''));
      else if (entry.role === 'host') {
        const agent = agentOf(entry.message);
        if (agent) handoff.firstTime(entry.message);
        bubble('host', renderMessage(entry.message), entry.message.type, agent);
      } else bubble('guest', h('p', {}, String(entry.message.content?.markdown ?? '')));
    }
    showInput(stored.input);
    // Reopened from its start: what came while the page was away shows, what was drawn is not drawn again.
    handoff.agent = stored.handoff?.agent;
    handoff.joined = stored.handoff?.joined;
    handoff.follow(stored.handoff, 0);
    return;
  }
  sessionId = start.sessionId;
  saved = { publishedAt: start.bot?.publishedAt, sessionId, resultId: start.resultId, transcript: [] };
  persist();
  await showTurn(start);
  // A flow that ends without a word would leave a blank page: say so.
  if (!start.messages?.length && !start.input && !start.clientSideActions?.length) {
    container.append(
      h('p', { role: 'status', className: 'parley-notice parley-info' }, 'This bot has nothing to say.'),
    );
  }
}
