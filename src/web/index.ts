import type { ChatOptions } from './chat';
import { initBubble, type BubbleOptions } from './embed/bubble';
import { pageCommands } from './embed/commands';
import { initPopup, type PopupOptions } from './embed/popup';
import { initStandard, type StandardOptions } from './embed/standard';
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

function withQuery<T extends ChatOptions>(options: T): T {
  return {
    ...options,
    apiHost: options.apiHost ?? scriptOrigin,
    prefilledVariables: { ...prefilledFromQuery(), ...options.prefilledVariables },
  };
}

const Parley = {
  initStandard: (options: StandardOptions) => initStandard(withQuery(options)),
  initBubble: (options: BubbleOptions) => initBubble(withQuery(options)),
  initPopup: (options: PopupOptions) => initPopup(withQuery(options)),
  // Commands for every embed on the page, as Typebot's `Typebot.open()` and the like.
  ...pageCommands,
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
    Parley.initStandard({
      bot: 'preview',
      focus: 'always',
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
// The public chat page IS the chat: its input may take the focus at once.
if (window.__PARLEY_PAGE__) Parley.initStandard({ ...window.__PARLEY_PAGE__, focus: 'always' });
if (window.__PARLEY_PREVIEW__) awaitPreview(window.__PARLEY_PREVIEW__);
