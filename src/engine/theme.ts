// Theme and settings as the chat API returns them (docs/engine-behaviour.md#theme-and-settings-in-responses,
// #dynamic-theme): variables substituted, lite-badge CSS removed, and the "dynamic
// theme" (avatars / background given as a {{variable}}) re-rendered on every
// response.
import type { DynamicThemeTemplates, RuntimeVariable } from './session';
import { deepSubstitute, substituteVariables, type SubstitutionOptions } from './variables/templating';

/** Reference defaults: the host avatar shows unless disabled, the guest avatar only when enabled. */
const HOST_AVATAR_ENABLED_BY_DEFAULT = true;
const GUEST_AVATAR_ENABLED_BY_DEFAULT = false;

export interface DynamicTheme {
  hostAvatarUrl?: string;
  guestAvatarUrl?: string;
  backgroundUrl?: string;
}

function objectAt(value: unknown, key: string): Record<string, unknown> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const child = (value as Record<string, unknown>)[key];
  return typeof child === 'object' && child !== null && !Array.isArray(child)
    ? (child as Record<string, unknown>)
    : undefined;
}

function avatarUrl(chat: Record<string, unknown> | undefined, key: string, enabledByDefault: boolean): unknown {
  const avatar = objectAt(chat, key);
  const enabled = typeof avatar?.isEnabled === 'boolean' ? avatar.isEnabled : enabledByDefault;
  return enabled ? avatar?.url : undefined;
}

const isTemplate = (value: unknown): value is string => typeof value === 'string' && value.startsWith('{{');

/**
 * The raw templates of the theme's host avatar (when shown; default shown),
 * guest avatar (when shown; default hidden) and background content that
 * start with "{{". Undefined when none does: the theme is static.
 */
export function dynamicThemeTemplates(
  theme: Record<string, unknown> | null | undefined,
): DynamicThemeTemplates | undefined {
  const chat = objectAt(theme, 'chat');
  const candidates: DynamicThemeTemplates = {};
  const host = avatarUrl(chat, 'hostAvatar', HOST_AVATAR_ENABLED_BY_DEFAULT);
  const guest = avatarUrl(chat, 'guestAvatar', GUEST_AVATAR_ENABLED_BY_DEFAULT);
  const background = objectAt(objectAt(theme, 'general'), 'background')?.content;
  if (isTemplate(host)) candidates.hostAvatarUrl = host;
  if (isTemplate(guest)) candidates.guestAvatarUrl = guest;
  if (isTemplate(background)) candidates.backgroundUrl = background;
  return Object.keys(candidates).length > 0 ? candidates : undefined;
}

/** The dynamic theme of a response: each stored template rendered with the current variable values. */
export function renderDynamicTheme(
  templates: DynamicThemeTemplates,
  variables: readonly RuntimeVariable[],
  options: SubstitutionOptions = {},
): DynamicTheme {
  const rendered: DynamicTheme = {};
  for (const key of ['hostAvatarUrl', 'guestAvatarUrl', 'backgroundUrl'] as const) {
    const template = templates[key];
    if (typeof template === 'string') rendered[key] = substituteVariables(template, variables, options);
  }
  return rendered;
}

const LITE_BADGE = /lite-badge/i;
const COMMENTS = /\/\*[\s\S]*?\*\//g;
/** Deeper nesting is kept as it is (and cannot hang or overflow the stack). */
const MAX_NESTING = 64;

interface Scan {
  text: string;
  /** Index of the closing brace of the block (or the text's length). */
  end: number;
}

/**
 * Copies `css` from `start`, leaving out every rule whose prelude (the text
 * before its `{`, back to the previous `{`, `}` or `;`, leading blanks
 * excluded) mentions lite-badge, and at-rules left empty by that. Inside a
 * block (depth > 0) it stops at the `}` closing that block.
 */
function scanRules(css: string, start: number, depth: number): Scan {
  let out = '';
  let segmentStart = start;
  let i = start;
  while (i < css.length) {
    const char = css[i];
    if (char === '}' && depth > 0) return { text: out + css.slice(segmentStart, i), end: i };
    if (char !== '{' || depth >= MAX_NESTING) {
      i += 1;
      continue;
    }
    const before = css.slice(segmentStart, i);
    const boundary = Math.max(before.lastIndexOf(';'), before.lastIndexOf('}'));
    const preludeStart = segmentStart + boundary + 1 + (/^\s*/.exec(before.slice(boundary + 1))?.[0].length ?? 0);
    const prelude = css.slice(preludeStart, i);
    const inner = scanRules(css, i + 1, depth + 1);
    const closed = inner.end < css.length;
    const emptied =
      prelude.trim().startsWith('@') && inner.text.trim() === '' && css.slice(i + 1, inner.end).trim() !== '';
    if (LITE_BADGE.test(prelude) || emptied) out += css.slice(segmentStart, preludeStart);
    else out += `${before}{${inner.text}${closed ? '}' : ''}`;
    i = inner.end + 1;
    segmentStart = i;
  }
  return { text: out + css.slice(segmentStart), end: css.length };
}

/**
 * Removes the CSS rules that mention `lite-badge` (the branding badge), at any
 * nesting level, and at-rules (@media...) that only held such rules. Comments
 * go too when anything is removed; CSS without the badge is returned as it is.
 */
export function removeLiteBadgeCss(css: string): string {
  const withoutComments = css.replace(COMMENTS, '');
  if (!LITE_BADGE.test(withoutComments)) return css;
  return scanRules(withoutComments, 0, 0).text;
}

const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi;

/** In HTML (custom head code), the same removal inside each <style> element. */
export function removeLiteBadgeCssFromHtml(html: string): string {
  return html.replace(
    STYLE_ELEMENT,
    (_match, open: string, css: string, close: string) => `${open}${removeLiteBadgeCss(css)}${close}`,
  );
}

/**
 * The theme as a start response shows it: the definition's own values (no
 * defaults filled in) with variables substituted in every string, and
 * lite-badge rules removed from `customCss`.
 */
export function substituteTheme(
  theme: Record<string, unknown> | null | undefined,
  variables: readonly RuntimeVariable[],
  options: SubstitutionOptions = {},
): Record<string, unknown> {
  const substituted = deepSubstitute(theme ?? {}, variables, options);
  if (typeof substituted.customCss === 'string') substituted.customCss = removeLiteBadgeCss(substituted.customCss);
  return substituted;
}

/**
 * Which settings a start response shows, key by key: the reference's output
 * schema (chat-api `startChatResponseSchema`: `settingsSchema.pick({general,
 * typingEmulation})`, zod strip mode, v3.18 `packages/settings/src/schemas.ts`).
 * Everything else (metadata, security, publicShare, whatsApp, and unknown keys
 * such as `general.isResultSavingEnabled`) is left out.
 */
interface Shape {
  [key: string]: Shape | true;
}

const SHOWN_SETTINGS: Shape = {
  general: {
    isBrandingEnabled: true,
    isTypingEmulationEnabled: true,
    isInputPrefillEnabled: true,
    isHideQueryParamsEnabled: true,
    isNewResultOnRefreshEnabled: true,
    rememberUser: { isEnabled: true, storage: true },
    systemMessages: Object.fromEntries(
      [
        'invalidMessage',
        'botClosed',
        'networkErrorTitle',
        'networkErrorMessage',
        'popupBlockedTitle',
        'popupBlockedDescription',
        'popupBlockedButtonLabel',
        'fileUploadError',
        'fileUploadSizeError',
        'whatsAppPictureChoiceSelectLabel',
      ].map((key) => [key, true as const]),
    ),
  },
  typingEmulation: {
    enabled: true,
    speed: true,
    maxDelay: true,
    delayBetweenBubbles: true,
    isDisabledOnFirstMessage: true,
  },
};

/** The keys of `value` the shape names (objects only; values kept as they are). */
function pick(value: unknown, shape: Shape): Record<string, unknown> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const picked: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(shape)) {
    const item = (value as Record<string, unknown>)[key];
    if (item === undefined) continue;
    if (inner === true) picked[key] = item;
    else {
      const nested = pick(item, inner);
      if (nested) picked[key] = nested;
    }
  }
  return picked;
}

/** The settings as a start response shows them: the shown keys of the definition's own values, variables substituted in every string. */
export function substituteSettings(
  settings: Record<string, unknown> | null | undefined,
  variables: readonly RuntimeVariable[],
  options: SubstitutionOptions = {},
): Record<string, unknown> {
  return pick(deepSubstitute(settings ?? {}, variables, options), SHOWN_SETTINGS) ?? {};
}
