import { ChatApiError, continueChat, sendClientLogs, startChat, streamMessage, uploadFile, type Json } from './api';
import { injectStartProps } from './start-props';
import { h } from './dom';
import { renderInput } from './inputs';
import { renderMessage, visitorWords } from './messages';
import { runSandboxedScript } from './script-sandbox';
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
  transcript: { role: 'host' | 'guest'; message: Json }[];
  input?: Json;
}

/** An http(s) address, or undefined: where a bot may send the visitor. */
function webAddress(raw: string): string | undefined {
  try {
    const url = new URL(raw, location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
  let lastRow: { role: 'host' | 'guest'; avatar?: HTMLElement } | undefined;
  const bubble = (role: 'host' | 'guest', element: HTMLElement | null, kind?: string) => {
    if (!element) return;
    const media = kind === 'image' || kind === 'video' || kind === 'embed';
    const content = h('div', { className: `parley-bubble parley-${role}${media ? ' parley-media' : ''}` }, element);
    const picture = avatars[role];
    const avatar = picture ? h('img', { src: picture, alt: '', className: 'parley-avatar' }) : undefined;
    // One avatar per run of messages from one side, beside the newest of them.
    if (avatar && lastRow?.role === role) lastRow.avatar?.setAttribute('data-hidden', '');
    container.append(h('div', { className: `parley-row parley-row-${role}` }, avatar, content));
    lastRow = { role, avatar };
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
    bubble('host', h('div', { className: 'parley-typing', 'aria-hidden': 'true' }, h('span'), h('span'), h('span')));
    const row = container.lastElementChild;
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

  const runActions = async (
    actions: Json[],
    after: 'before' | 'after',
    lastBubbleBlockId: string | undefined,
    index: number,
  ): Promise<string | undefined> => {
    let replyToSend: string | undefined;
    for (const action of actions) {
      const isBefore = !action.lastBubbleBlockId;
      if ((after === 'before') !== isBefore && lastBubbleBlockId !== undefined) continue;
      void index;
      if (action.redirect?.url) {
        // Web addresses only: a javascript: URL would run the bot's code in this page.
        const url = webAddress(String(action.redirect.url));
        if (!url) continue;
        if (action.redirect.isNewTab) window.open(url, '_blank', 'noopener');
        else location.href = url;
      } else if (action.wait) {
        await sleep(Math.max(0, Number(action.wait.secondsToWaitFor) || 0) * 1000);
      } else if (action.scriptToExecute || action.setVariable) {
        const script = (action.scriptToExecute ?? action.setVariable.scriptToExecute) as Json;
        try {
          const args = ((script.args ?? []) as Json[]).map((arg) => ({
            id: String(arg.id),
            value: arg.value as unknown,
          }));
          const result = await runSandboxedScript(String(script.content ?? ''), args);
          if (action.setVariable || action.expectsDedicatedReply) replyToSend = result;
        } catch (error) {
          await sendClientLogs(apiHost, sessionId, [
            { status: 'error', description: 'Script failed', details: String(error) },
          ]).catch(() => undefined);
        }
      } else if (action.httpRequestToExecute) {
        const request = action.httpRequestToExecute as Json;
        try {
          const response = await fetch(request.url, {
            // The bot's request goes out without this page's cookies.
            credentials: 'omit',
            method: request.method ?? 'GET',
            headers: request.headers,
            body: request.body ? JSON.stringify(request.body) : undefined,
          });
          replyToSend = JSON.stringify({ statusCode: response.status, data: await response.text() });
        } catch (error) {
          replyToSend = JSON.stringify({ statusCode: 500, data: String(error) });
        }
      } else if (action.type === 'stream' || action.streamOpenAiChatCompletion) {
        // The AI answer is shown as it is generated, in place of the bubble the server will not send again.
        const shown = h('p', {});
        bubble('host', h('div', { className: 'parley-text' }, shown));
        const body = action.streamOpenAiChatCompletion ? { messages: action.streamOpenAiChatCompletion.messages } : {};
        try {
          replyToSend = await streamMessage(apiHost, sessionId, body, (textSoFar) => {
            shown.textContent = textSoFar;
            scrollToEnd();
          });
        } catch (error) {
          shown.textContent = error instanceof Error ? error.message : 'The answer could not be streamed.';
          replyToSend = '';
        }
        saved?.transcript.push({ role: 'host', message: { type: 'text', content: { markdown: replyToSend } } });
      } else if (action.startPropsToInject) {
        // On Parley's own page (the chat origin, which serves the API too), apart from it.
        injectStartProps(action.startPropsToInject as Json, apiHost === location.origin ? 'frame' : 'page');
      }
    }
    return replyToSend;
  };

  const showTurn = async (turn: Json) => {
    // dynamicTheme: avatars set from variables by the bot.
    if (turn.dynamicTheme?.hostAvatarUrl) avatars.host = turn.dynamicTheme.hostAvatarUrl;
    if (turn.dynamicTheme?.guestAvatarUrl) avatars.guest = turn.dynamicTheme.guestAvatarUrl;
    const actions = (turn.clientSideActions ?? []) as Json[];
    const before = await runActions(
      actions.filter((action) => !action.lastBubbleBlockId),
      'before',
      undefined,
      0,
    );
    for (const message of (turn.messages ?? []) as Json[]) {
      await typeOut(message);
      if (typeof message.id === 'string') options.onBlock?.(message.id);
      bubble('host', renderMessage(message), message.type);
      bubblesShown += 1;
      saved?.transcript.push({ role: 'host', message });
      const after = actions.filter((action) => action.lastBubbleBlockId === message.id);
      if (after.length > 0) {
        const reply = await runActions(after, 'after', message.id, 0);
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
      persist();
    }
    showInput(turn.input);
  };

  async function reply_(text: string, shown?: string, silent = false, attachedFileUrls?: string[]): Promise<void> {
    inputSlot.replaceChildren();
    if (!silent) {
      bubble('guest', h('p', {}, shown ?? text));
      saved?.transcript.push({ role: 'guest', message: { type: 'text', content: { markdown: shown ?? text } } });
    }
    try {
      await showTurn(
        await continueChat(
          apiHost,
          sessionId,
          attachedFileUrls?.length ? { type: 'text', text, attachedFileUrls } : text,
        ),
      );
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
    for (const entry of stored.transcript)
      bubble(
        entry.role,
        entry.role === 'host'
          ? renderMessage(entry.message)
          : h('p', {}, String(entry.message.content?.markdown ?? '')),
        entry.message.type,
      );
    showInput(stored.input);
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
