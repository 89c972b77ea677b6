import type { Json } from './api';
import { safeUrl } from './dom';
import { ROUNDNESS, SHADOWS, THEME_DEFAULTS, themeVersionOf } from '../engine/shapes/theme-defaults';

export const STYLES = `
:host{display:block;font-family:var(--parley-font);color:var(--parley-container-fg)}:host([hidden]){display:none}
.parley-root{background:var(--parley-bg);display:flex;flex-direction:column;height:100%;min-height:320px;position:relative}
.parley-progress{position:absolute;top:0;left:0;right:0;height:var(--parley-progress-height,4px);background:var(--parley-progress-bg);z-index:1}.parley-progress::after{content:"";display:block;height:100%;width:var(--parley-progress,0);background:var(--parley-progress-color);transition:width .3s}
.parley-scroll{flex:1;overflow-y:auto;scroll-behavior:smooth}
.parley-column{box-sizing:border-box;width:100%;max-width:var(--parley-max-width);margin:0 auto;padding:24px 16px 16px;display:flex;flex-direction:column;min-height:100%}
.parley-chat{display:flex;flex-direction:column;gap:8px}
.parley-bubble{box-sizing:border-box;max-width:100%;padding:8px 16px;border-radius:var(--parley-radius);overflow-wrap:anywhere;line-height:1.5}
.parley-bubble p{margin:0}.parley-bubble p+p{margin-top:6px}.parley-bubble ul,.parley-bubble ol{margin:0;padding-left:20px}
.parley-host{background:var(--parley-host-bg);color:var(--parley-host-fg);border:var(--parley-host-border);box-shadow:var(--parley-host-shadow,none)}
.parley-guest{background:var(--parley-guest-bg);color:var(--parley-guest-fg);border:var(--parley-guest-border);box-shadow:var(--parley-guest-shadow,none)}
.parley-bubble.parley-media{padding:0;background:none;border:0;box-shadow:none}
.parley-image{display:block;width:400px;max-width:100%;height:auto;aspect-ratio:auto 4/3;border-radius:var(--parley-radius);background:var(--parley-host-bg)}
.parley-video{max-width:100%;border-radius:var(--parley-radius)}.parley-embed{width:100%;border:0;min-height:200px;border-radius:var(--parley-radius)}
.parley-row{display:flex;gap:8px;align-items:flex-end;max-width:min(100%,640px)}.parley-row-host{align-self:flex-start}.parley-row-guest{align-self:flex-end;flex-direction:row-reverse}
.parley-row-guest .parley-bubble{max-width:100%}.parley-row>.parley-bubble{min-width:0}
.parley-avatar{flex:none;width:40px;height:40px;border-radius:50%;object-fit:cover}.parley-avatar[data-hidden]{visibility:hidden}
.parley-agent-avatar{display:flex;align-items:center;justify-content:center;background:#334155;color:#fff;font-weight:600;font-size:17px;line-height:1}
.parley-authored{display:flex;flex-direction:column;align-items:flex-start;gap:2px;min-width:0}.parley-author{font-size:.8em;font-weight:600;opacity:.75;padding:0 4px}
.parley-system{align-self:center;margin:4px 0;padding:0 16px;font-size:.85em;opacity:.7;text-align:center}
.parley-typing{display:flex;gap:4px;align-items:center;height:20px;padding:8px 16px}.parley-typing span{width:6px;height:6px;border-radius:50%;background:currentColor;opacity:.5;animation:parley-dot 1s infinite}.parley-typing span:nth-child(2){animation-delay:.15s}.parley-typing span:nth-child(3){animation-delay:.3s}
@keyframes parley-dot{0%,60%,100%{opacity:.25}30%{opacity:.9}}
.parley-input{display:flex;justify-content:flex-end;margin-top:8px}.parley-input:empty{display:none}
.parley-input-row{display:flex;gap:8px;flex-wrap:wrap;align-items:center;box-sizing:border-box;width:min(100%,400px);padding:6px;background:var(--parley-input-bg);border:var(--parley-input-border);box-shadow:var(--parley-input-shadow);border-radius:var(--parley-radius)}
.parley-input-row>label{display:flex;flex-direction:column;gap:2px;font-size:.85em;flex:1}
.parley-field{flex:1;min-width:0;padding:8px;border:0;background:transparent;color:var(--parley-input-fg);font:inherit;font-size:16px}.parley-field::placeholder{color:var(--parley-input-placeholder)}
.parley-field:focus{outline:none}.parley-input-row:focus-within{outline:2px solid var(--parley-button-bg);outline-offset:1px}
select.parley-field{flex:none;width:auto;max-width:40%}
.parley-button,.parley-choice,.parley-picture{box-sizing:border-box;padding:8px 16px;min-height:40px;border:var(--parley-button-border);border-radius:var(--parley-radius);background:var(--parley-button-bg);color:var(--parley-button-fg);font:inherit;font-weight:600;cursor:pointer}
.parley-button:hover,.parley-choice:hover,.parley-picture:hover{filter:brightness(.95)}
.parley-send{display:inline-flex;align-items:center;justify-content:center;padding:8px}
.parley-choice[aria-pressed=true]{outline:3px solid var(--parley-host-fg)}
.parley-choice-input{display:flex;flex-direction:column;align-items:flex-end;gap:8px;max-width:100%}
.parley-choices{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px}.parley-picture{padding:0;overflow:hidden;display:flex;flex-direction:column;max-width:200px}.parley-picture img{display:block;width:100%;aspect-ratio:1;object-fit:cover}.parley-picture span{padding:8px}
.parley-cards{display:flex;gap:8px;overflow-x:auto;max-width:100%}.parley-card{flex:none;width:240px;border:var(--parley-host-border);background:var(--parley-host-bg);color:var(--parley-host-fg);border-radius:var(--parley-radius);padding:8px;display:flex;flex-direction:column;gap:4px}.parley-card img{width:100%;aspect-ratio:16/9;object-fit:cover;border-radius:var(--parley-radius)}
.parley-notice{padding:16px;color:#b00020}.parley-info{color:#555;text-align:center}
.parley-branding{align-self:center;margin-top:auto;padding-top:24px;font-size:13px;color:inherit;opacity:.7;text-decoration:none}.parley-branding:hover{opacity:1;text-decoration:underline}
.parley-status{font-size:.85em}
:focus-visible{outline:3px solid #ff9800;outline-offset:2px}
@media (prefers-reduced-motion: reduce){*{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
`;

type ContainerTheme = { backgroundColor?: unknown; color?: unknown; shadow?: unknown; border?: Json };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

// A value the browser cannot draw would blank what it styles (a bubble colour
// of "not a colour" makes the text invisible): such values read as unset, so
// the version's default applies, as the engine reads a wrong option.
const colour = (value: unknown): string | undefined => {
  const given = text(value);
  return given && CSS.supports('color', given) ? given : undefined;
};
const width = (value: unknown): string | undefined => {
  const given = text(value);
  return given && CSS.supports('max-width', given) ? given : undefined;
};

function border(theme: Json | undefined, fallback: { thickness: number; color?: string }): string {
  const thickness = typeof theme?.thickness === 'number' ? theme.thickness : fallback.thickness;
  const color = colour(theme?.color) ?? fallback.color;
  return thickness > 0 && color ? `${thickness}px solid ${color}` : '0';
}

/** The radius: the element's own border roundness, else the chat's (deprecated) roundness, else medium. */
function radius(chat: Json, element: ContainerTheme | undefined): string {
  const own = element?.border;
  if (own?.roundeness === 'custom' && typeof own.customRoundeness === 'number') return `${own.customRoundeness}px`;
  return ROUNDNESS[String(own?.roundeness ?? chat.roundness ?? 'medium')] ?? ROUNDNESS.medium!;
}

/**
 * The bot's theme as CSS custom properties on the widget: each value the
 * definition gives, else the reference's default for its version (so a Typebot
 * export looks as it did on Typebot), and the theme's custom CSS.
 */
export function applyTheme(host: HTMLElement, theme: Json, shadow: ShadowRoot, version: unknown): void {
  const defaults = THEME_DEFAULTS[themeVersionOf(version)];
  const general = (theme.general ?? {}) as Json;
  const chat = (theme.chat ?? {}) as Json;
  const set = (name: string, value: string) => host.style.setProperty(name, value);
  const font = typeof general.font === 'string' ? general.font : general.font?.family;
  set(
    '--parley-font',
    `${JSON.stringify(text(font) ?? defaults.font)}, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`,
  );
  const background = (general.background ?? {}) as Json;
  const content = text(background.content);
  if (background.type === 'None') set('--parley-bg', 'transparent');
  else if (background.type === 'Image' && content)
    set('--parley-bg', `url("${content.replace(/["\\]/g, '')}") center/cover`);
  else
    set(
      '--parley-bg',
      (background.type === undefined || background.type === 'Color') && colour(content)
        ? content!
        : defaults.background,
    );
  const container = (chat.container ?? {}) as Json;
  set('--parley-max-width', width(container.maxWidth) ?? defaults.containerMaxWidth);
  set('--parley-container-fg', colour(container.color) ?? defaults.containerColor);
  const progressBar = (general.progressBar ?? {}) as Json;
  set('--parley-progress-color', colour(progressBar.color) ?? defaults.progressColor);
  set('--parley-progress-bg', colour(progressBar.backgroundColor) ?? defaults.progressBackground);
  if (typeof progressBar.thickness === 'number') set('--parley-progress-height', `${progressBar.thickness}px`);
  set('--parley-radius', radius(chat, chat.hostBubbles));
  const parts = [
    ['host', chat.hostBubbles, defaults.host],
    ['guest', chat.guestBubbles, defaults.guest],
    ['button', chat.buttons, defaults.buttons],
  ] as const;
  for (const [name, own, fallback] of parts) {
    const element = (own ?? {}) as ContainerTheme;
    set(`--parley-${name}-bg`, colour(element.backgroundColor) ?? fallback.background);
    set(`--parley-${name}-fg`, colour(element.color) ?? fallback.color);
    set(`--parley-${name}-border`, border(element.border, fallback.border));
    if (typeof element.shadow === 'string' && SHADOWS[element.shadow])
      set(`--parley-${name}-shadow`, SHADOWS[element.shadow]!);
  }
  const inputs = (chat.inputs ?? {}) as ContainerTheme & { placeholderColor?: unknown };
  set('--parley-input-bg', colour(inputs.backgroundColor) ?? defaults.inputs.background);
  set('--parley-input-fg', colour(inputs.color) ?? defaults.inputs.color);
  set('--parley-input-placeholder', colour(inputs.placeholderColor) ?? defaults.inputs.placeholder);
  set('--parley-input-border', border(inputs.border, defaults.inputs.border));
  const inputShadow = typeof inputs.shadow === 'string' ? SHADOWS[inputs.shadow] : defaults.inputs.shadow;
  set('--parley-input-shadow', inputShadow ?? 'none');
  if (typeof theme.customCss === 'string')
    shadow.append(Object.assign(document.createElement('style'), { textContent: theme.customCss }));
}

/** A default host avatar drawn inline (no image request), used when the theme enables one without a URL. */
export const DEFAULT_HOST_AVATAR =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="#e0e7ff"/><rect x="10" y="13" width="20" height="15" rx="5" fill="#4f46e5"/><circle cx="16" cy="20" r="2" fill="#fff"/><circle cx="24" cy="20" r="2" fill="#fff"/><rect x="19" y="8" width="2" height="5" fill="#4f46e5"/><circle cx="20" cy="8" r="2" fill="#4f46e5"/></svg>',
  );

/**
 * Host and guest avatars of theme.chat. The host's is on unless the theme
 * turns it off (the default picture when it has no URL); the guest's is off
 * unless turned on with a usable URL.
 */
export function avatarsOf(theme: Json, version: unknown): { host?: string; guest?: string } {
  const defaults = THEME_DEFAULTS[themeVersionOf(version)];
  const chat = (theme.chat ?? {}) as Json;
  const host = (chat.hostAvatar ?? {}) as Json;
  const guest = (chat.guestAvatar ?? {}) as Json;
  return {
    host:
      (host.isEnabled ?? defaults.hostAvatar)
        ? (safeUrl(host.url) ?? (text(host.url) ? undefined : DEFAULT_HOST_AVATAR))
        : undefined,
    guest: (guest.isEnabled ?? defaults.guestAvatar) ? safeUrl(guest.url) : undefined,
  };
}
