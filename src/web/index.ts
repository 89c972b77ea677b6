import { mountChat, type ChatOptions } from './chat';
import { PREVIEW_BLOCK, PREVIEW_READY, PREVIEW_START } from './preview-messages';

// The browser entry: `Parley.initStandard/initBubble/initPopup`, and the
// public chat page (which sets window.__PARLEY_PAGE__).

function prefilledFromQuery(): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.search).entries());
}

/**
 * Where this script came from: the chat origin, which serves the chat API too.
 * Pasted into another site, the chat still talks to the server it came from.
 */
const scriptOrigin = (() => {
  const src = (document.currentScript as HTMLScriptElement | null)?.src;
  try {
    return src ? new URL(src).origin : location.origin;
  } catch {
    return location.origin;
  }
})();

function withQuery(options: ChatOptions): ChatOptions {
  return {
    ...options,
    apiHost: options.apiHost ?? scriptOrigin,
    prefilledVariables: { ...prefilledFromQuery(), ...options.prefilledVariables },
  };
}

function initStandard(options: ChatOptions & { element?: HTMLElement | string }): void {
  const target =
    typeof options.element === 'string' ? document.querySelector<HTMLElement>(options.element) : options.element;
  const host =
    target ??
    document.querySelector<HTMLElement>('parley-standard') ??
    document.body.appendChild(document.createElement('parley-standard'));
  if (!host.style.height) host.style.height = '100%';
  void mountChat(host, withQuery(options));
}

function floating(options: ChatOptions, kind: 'bubble' | 'popup'): { open(): void; close(): void } {
  const panel = document.createElement('div');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Chat');
  panel.style.cssText =
    kind === 'bubble'
      ? 'position:fixed;right:20px;bottom:90px;width:380px;max-width:calc(100vw - 40px);height:560px;max-height:calc(100vh - 120px);box-shadow:0 4px 24px rgba(0,0,0,.2);border-radius:12px;overflow:hidden;z-index:2147483000;background:#fff'
      : 'position:fixed;inset:10vh 10vw;box-shadow:0 4px 24px rgba(0,0,0,.3);border-radius:12px;overflow:hidden;z-index:2147483000;background:#fff';
  panel.hidden = true;
  document.body.append(panel);
  let mounted = false;
  const open = () => {
    panel.hidden = false;
    if (!mounted) {
      mounted = true;
      void mountChat(panel, withQuery(options));
    }
  };
  const close = () => {
    panel.hidden = true;
  };
  if (kind === 'bubble') {
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-label', 'Open chat');
    button.className = 'parley-bubble-button';
    // An inline icon: no emoji font or image request needed.
    button.innerHTML =
      '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" fill="currentColor"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';
    button.style.cssText =
      'position:fixed;right:20px;bottom:20px;width:56px;height:56px;border-radius:50%;border:0;background:#0042da;color:#fff;font-size:24px;cursor:pointer;z-index:2147483001';
    button.addEventListener('click', () => (panel.hidden ? open() : close()));
    document.body.append(button);
  }
  return { open, close };
}

const Parley = {
  initStandard,
  initBubble: (options: ChatOptions) => floating(options, 'bubble'),
  initPopup: (options: ChatOptions & { autoShowDelay?: number }) => {
    const popup = floating(options, 'popup');
    if (options.autoShowDelay !== undefined) setTimeout(popup.open, options.autoShowDelay);
    return popup;
  },
};

/**
 * The console's preview frame (a page of the chat origin): the console starts
 * the preview with the builder's authority and sends its first answer here;
 * the chat continues on the public chat API. Only the console may speak to it.
 */
function awaitPreview({ consoleOrigin }: { consoleOrigin: string }): void {
  if (window.parent === window) return;
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== consoleOrigin || event.source !== window.parent) return;
    const data = event.data as { type?: unknown; response?: unknown } | null;
    if (data?.type !== PREVIEW_START || !data.response || typeof data.response !== 'object') return;
    const response = data.response as Record<string, unknown>;
    initStandard({
      bot: 'preview',
      apiHost: location.origin,
      start: async () => response,
      onBlock: (blockId) => window.parent.postMessage({ type: PREVIEW_BLOCK, blockId }, consoleOrigin),
    });
  });
  window.parent.postMessage({ type: PREVIEW_READY }, consoleOrigin);
}

declare global {
  interface Window {
    Parley: typeof Parley;
    __PARLEY_PAGE__?: ChatOptions;
    __PARLEY_PREVIEW__?: { consoleOrigin: string };
  }
}

window.Parley = Parley;
if (window.__PARLEY_PAGE__) initStandard(window.__PARLEY_PAGE__);
if (window.__PARLEY_PREVIEW__) awaitPreview(window.__PARLEY_PREVIEW__);
