import type { ChatOptions } from '../chat';
import { register, type EmbedCommands } from './commands';
import { chatDialog } from './dialog';
import { CLOSE_ICON, icon, shadowHost } from './shadow-host';

export interface PopupOptions extends ChatOptions {
  /** Opens by itself this many milliseconds after init. */
  autoShowDelay?: number;
  /** As Typebot's popup: `width` is the dialog's CSS width (default 512px; never wider than the window). */
  theme?: { width?: string };
}

const CSS = `
.backdrop{position:fixed;inset:0;z-index:2147483000;display:flex;align-items:center;justify-content:center;padding:16px;background:rgba(0,0,0,.5)}
.dialog{display:flex;flex-direction:column;align-items:flex-end;gap:8px;width:var(--parley-popup-width,512px);max-width:100%;height:min(720px,100%)}
.chat{flex:1;align-self:stretch;min-height:0;background:#fff;border-radius:12px;overflow:hidden;box-shadow:0 8px 32px rgba(0,0,0,.3)}
.close{flex:none;display:flex;align-items:center;justify-content:center;width:36px;height:36px;padding:0;border:0;border-radius:50%;background:#fff;color:#27272a;box-shadow:0 2px 8px rgba(0,0,0,.3)}
.close:hover{background:#f1f1f1}
@media (prefers-reduced-motion:no-preference){.backdrop:not([hidden]){animation:parley-fade .15s ease-out}}
@keyframes parley-fade{from{opacity:0}}`;

/** A modal chat over the page: closed by its button, Escape or a click outside it. */
export function initPopup(options: PopupOptions): EmbedCommands {
  const { host, root } = shadowHost('parley-popup', CSS);
  const backdrop = document.createElement('div');
  backdrop.className = 'backdrop';
  backdrop.hidden = true;
  const dialog = chatDialog({
    chat: options,
    modal: true,
    onOpenChange: (open) => {
      backdrop.hidden = !open;
    },
  });
  const width = typeof options.theme?.width === 'string' ? options.theme.width.trim() : '';
  // Through the CSSOM: a value that is not a length is dropped, never spliced into a rule.
  if (width) host.style.setProperty('--parley-popup-width', width);
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.setAttribute('aria-label', 'Close chat');
  close.append(icon(CLOSE_ICON, 20));
  close.addEventListener('click', () => dialog.close());
  dialog.element.prepend(close);
  backdrop.append(dialog.element);
  // Only a press that starts and ends on the backdrop itself: a text selection dragged out of the chat is not one.
  let pressedOutside = false;
  backdrop.addEventListener('pointerdown', (event) => (pressedOutside = event.target === backdrop));
  backdrop.addEventListener('click', (event) => {
    if (pressedOutside && event.target === backdrop) dialog.close();
  });
  root.append(backdrop);

  const timer =
    typeof options.autoShowDelay === 'number' ? setTimeout(() => dialog.open(), options.autoShowDelay) : undefined;
  return register({
    open: () => dialog.open(),
    close: dialog.close,
    toggle: () => (dialog.isOpen() ? dialog.close() : dialog.open()),
    setPrefilledVariables: dialog.setPrefilledVariables,
    // A popup has no preview message.
    showPreviewMessage: () => undefined,
    hidePreviewMessage: () => undefined,
    unmount: () => {
      clearTimeout(timer);
      dialog.dispose();
      host.remove();
    },
  });
}
