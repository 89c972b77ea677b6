import type { ChatOptions } from '../chat';
import { safeUrl } from '../dom';
import { register, type EmbedCommands } from './commands';
import { chatDialog } from './dialog';
import {
  botButtonColours,
  launcherLook,
  rememberColours,
  rememberedColours,
  type BotButtonColours,
  type BubbleTheme,
} from './launcher-theme';
import { CHAT_ICON, CLOSE_ICON, icon, shadowHost } from './shadow-host';

export interface PreviewMessage {
  message: string;
  avatarUrl?: string;
  /** Shown this many milliseconds after init (at once without it). */
  autoShowDelay?: number;
}

export interface BubbleOptions extends ChatOptions {
  theme?: BubbleTheme;
  previewMessage?: PreviewMessage;
  /** Opens by itself this many milliseconds after init. */
  autoShowDelay?: number;
}

const GAP = 20;

const CSS = `
.launcher{position:fixed;bottom:${GAP}px;z-index:2147483001;display:flex;align-items:center;justify-content:center;padding:0;border:0;border-radius:50%;box-shadow:0 2px 12px rgba(0,0,0,.25);transition:transform .15s}
.launcher:hover{transform:scale(1.06)}
.dialog{position:fixed;z-index:2147483000;width:400px;max-width:calc(100vw - ${2 * GAP}px);height:min(620px,calc(100% - var(--parley-above) - ${GAP}px));border-radius:12px;overflow:hidden;background:#fff;box-shadow:0 4px 24px rgba(0,0,0,.2)}
.chat{height:100%}
.preview{position:fixed;z-index:2147483001;display:flex;align-items:flex-start;gap:4px;max-width:min(280px,calc(100vw - ${2 * GAP}px))}
.preview-open{display:flex;align-items:center;gap:10px;padding:12px 14px;border:0;border-radius:12px;background:#fff;color:#27272a;text-align:left;line-height:1.4;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:15px;box-shadow:0 2px 12px rgba(0,0,0,.18)}
.preview-open img{flex:none;width:32px;height:32px;border-radius:50%;object-fit:cover}
.preview-dismiss{flex:none;display:flex;align-items:center;justify-content:center;width:24px;height:24px;padding:0;border:0;border-radius:50%;background:#fff;color:#52525b;box-shadow:0 1px 6px rgba(0,0,0,.18)}
.left{left:${GAP}px}.right{right:${GAP}px}
@media (prefers-reduced-motion:reduce){.launcher{transition:none}.launcher:hover{transform:none}}`;

/** The launcher button in a corner, the chat in a panel above it, and an optional message beside it. */
export function initBubble(options: BubbleOptions): EmbedCommands {
  const { host, root } = shadowHost('parley-bubble', CSS);
  const launcher = document.createElement('button');
  launcher.type = 'button';
  launcher.className = 'launcher';

  let colours: BotButtonColours | undefined = rememberedColours(options.bot);
  const look = () => launcherLook(options.theme, colours);
  const paint = () => {
    const { background, iconColor, size, placement } = look();
    // Through the CSSOM: the site's or the bot's colour is never spliced into a rule.
    launcher.style.background = background;
    launcher.style.color = iconColor;
    launcher.style.width = launcher.style.height = `${size}px`;
    host.style.setProperty('--parley-above', `${GAP + size + 12}px`);
    for (const element of [launcher, dialog.element, preview]) {
      element.classList.toggle('left', placement === 'left');
      element.classList.toggle('right', placement !== 'left');
    }
  };
  const label = (open: boolean) => {
    const size = Math.round(look().size * 0.5);
    launcher.replaceChildren(icon(open ? CLOSE_ICON : CHAT_ICON, size));
    launcher.setAttribute('aria-label', open ? 'Close chat' : 'Open chat');
    launcher.setAttribute('aria-expanded', String(open));
  };

  const dialog = chatDialog({
    chat: options,
    modal: false,
    returnFocus: () => launcher,
    onOpenChange: (open) => {
      label(open);
      if (open) hidePreview();
    },
    onTheme: (theme, version) => {
      colours = botButtonColours(theme, version);
      rememberColours(options.bot, colours);
      paint();
    },
  });
  dialog.element.id = 'parley-chat-panel';
  dialog.element.style.bottom = 'var(--parley-above)';
  launcher.setAttribute('aria-controls', dialog.element.id);
  launcher.addEventListener('click', () => (dialog.isOpen() ? dialog.close() : dialog.open()));

  const preview = document.createElement('div');
  preview.className = 'preview';
  preview.hidden = true;
  preview.style.bottom = 'var(--parley-above)';
  const message = options.previewMessage;
  if (message && typeof message.message === 'string' && message.message.trim()) {
    const openButton = document.createElement('button');
    openButton.type = 'button';
    openButton.className = 'preview-open';
    const avatar = safeUrl(message.avatarUrl);
    if (avatar) openButton.append(Object.assign(document.createElement('img'), { src: avatar, alt: '' }));
    openButton.append(Object.assign(document.createElement('span'), { textContent: message.message.trim() }));
    openButton.addEventListener('click', () => dialog.open());
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'preview-dismiss';
    dismiss.setAttribute('aria-label', 'Dismiss message');
    dismiss.append(icon(CLOSE_ICON, 14));
    dismiss.addEventListener('click', () => hidePreview());
    preview.append(openButton, dismiss);
  }
  const showPreview = () => {
    if (preview.childElementCount > 0 && !dialog.isOpen()) preview.hidden = false;
  };
  function hidePreview(): void {
    preview.hidden = true;
  }

  // The panel comes before the launcher: Tab from the chat's last control reaches the launcher that closes it.
  root.append(dialog.element, preview, launcher);
  label(false);
  paint();

  const timers = [
    message ? setTimeout(showPreview, Math.max(0, Number(message.autoShowDelay) || 0)) : undefined,
    // Unasked, it leaves the visitor's focus where it is (in a form of the page, say).
    typeof options.autoShowDelay === 'number' ? setTimeout(() => dialog.open(false), options.autoShowDelay) : undefined,
  ];
  return register({
    open: () => dialog.open(),
    close: dialog.close,
    toggle: () => (dialog.isOpen() ? dialog.close() : dialog.open()),
    setPrefilledVariables: dialog.setPrefilledVariables,
    showPreviewMessage: showPreview,
    hidePreviewMessage: hidePreview,
    unmount: () => {
      for (const timer of timers) clearTimeout(timer);
      dialog.dispose();
      host.remove();
    },
  });
}
