import type { Json } from './api';
import { safeUrl } from './dom';

export const STYLES = `
:host{--parley-bg:#fff;--parley-host-bg:#f7f8ff;--parley-host-fg:#303235;--parley-guest-bg:#0042da;--parley-guest-fg:#fff;--parley-button-bg:#0042da;--parley-button-fg:#fff;--parley-radius:12px;--parley-font:system-ui,sans-serif;display:block;font-family:var(--parley-font)}
.parley-root{background:var(--parley-bg);display:flex;flex-direction:column;height:100%;min-height:320px}
.parley-progress{height:4px;background:#eee}.parley-progress::after{content:"";display:block;height:100%;width:var(--parley-progress,0);background:var(--parley-button-bg)}
.parley-chat{flex:1;overflow-y:auto;padding:16px;display:flex;flex-direction:column;gap:8px}
.parley-bubble{max-width:80%;padding:8px 12px;border-radius:var(--parley-radius);word-wrap:break-word}
.parley-bubble p{margin:0 0 4px}.parley-bubble p:last-child{margin:0}
.parley-host{align-self:flex-start;background:var(--parley-host-bg);color:var(--parley-host-fg)}
.parley-guest{align-self:flex-end;background:var(--parley-guest-bg);color:var(--parley-guest-fg)}
.parley-image,.parley-video{max-width:100%;border-radius:var(--parley-radius)}.parley-embed{width:100%;border:0;min-height:200px}
.parley-input{padding:12px 16px}.parley-input-row{display:flex;gap:8px;flex-wrap:wrap}
.parley-field{flex:1;min-width:120px;padding:8px 12px;border:1px solid #ccc;border-radius:var(--parley-radius);font:inherit}
.parley-button,.parley-choice,.parley-picture{padding:8px 14px;border:0;border-radius:var(--parley-radius);background:var(--parley-button-bg);color:var(--parley-button-fg);font:inherit;cursor:pointer}
.parley-choice[aria-pressed=true]{outline:3px solid var(--parley-host-fg)}
.parley-choices{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}.parley-picture img{display:block;max-width:140px}
.parley-cards{display:flex;gap:8px;overflow-x:auto}.parley-card{border:1px solid #ddd;border-radius:var(--parley-radius);padding:8px;display:flex;flex-direction:column;gap:4px}
.parley-row{display:flex;gap:8px;align-items:flex-end}.parley-row-guest{flex-direction:row-reverse;align-self:flex-end}.parley-row .parley-bubble{max-width:100%}.parley-avatar{width:32px;height:32px;border-radius:50%;object-fit:cover}
.parley-notice{padding:16px;color:#b00020}.parley-info{color:#555;text-align:center}
:focus-visible{outline:3px solid #ff9800;outline-offset:2px}
@media (prefers-reduced-motion: reduce){*{animation:none!important;transition:none!important}}
`;

/** The bot's theme as CSS custom properties (and its custom CSS) on the widget. */
export function applyTheme(host: HTMLElement, theme: Json, shadow: ShadowRoot): void {
  const general = (theme.general ?? {}) as Json;
  const chat = (theme.chat ?? {}) as Json;
  const set = (name: string, value: unknown) => typeof value === 'string' && value !== '' && host.style.setProperty(name, value);
  const font = general.font;
  set('--parley-font', typeof font === 'string' ? font : font?.family);
  if (general.background?.type === 'Color') set('--parley-bg', general.background.content);
  if (general.background?.type === 'Image' && typeof general.background.content === 'string')
    set('--parley-bg', `url("${general.background.content.replace(/"/g, '')}") center/cover`);
  set('--parley-host-bg', chat.hostBubbles?.backgroundColor);
  set('--parley-host-fg', chat.hostBubbles?.color);
  set('--parley-guest-bg', chat.guestBubbles?.backgroundColor);
  set('--parley-guest-fg', chat.guestBubbles?.color);
  set('--parley-button-bg', chat.buttons?.backgroundColor);
  set('--parley-button-fg', chat.buttons?.color);
  if (chat.roundness === 'none') set('--parley-radius', '0');
  if (chat.roundness === 'large') set('--parley-radius', '20px');
  if (typeof theme.customCss === 'string') shadow.append(Object.assign(document.createElement('style'), { textContent: theme.customCss }));
}

/** Host and guest avatars of theme.chat, when enabled and with a usable URL. */
export function avatarsOf(theme: Json): { host?: string; guest?: string } {
  const chat = (theme.chat ?? {}) as Json;
  const pick = (avatar: Json | undefined) => (avatar?.isEnabled ? safeUrl(avatar.url) : undefined);
  return { host: pick(chat.hostAvatar), guest: pick(chat.guestAvatar) };
}
