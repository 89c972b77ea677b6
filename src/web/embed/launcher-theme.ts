import type { Json } from '../api';
import { THEME_DEFAULTS, themeVersionOf } from '../../engine/shapes/theme-defaults';

// The bubble launcher's look, in the shape of Typebot's bubble options
// (`theme.button`, `theme.placement`) so a snippet written for Typebot reads
// the same here.

export interface BubbleTheme {
  button?: {
    backgroundColor?: string;
    iconColor?: string;
    /** `medium` (48 px), `large` (64 px) or a size in pixels such as `56px`. */
    size?: string;
  };
  placement?: 'left' | 'right';
}

export interface LauncherLook {
  background: string;
  iconColor: string;
  /** In CSS pixels. */
  size: number;
  placement: 'left' | 'right';
}

/** The bot's chat button colours, as its theme gives them (either may be missing). */
export interface BotButtonColours {
  background?: string;
  color?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function sizeOf(size: unknown): number {
  if (size === 'large') return 64;
  const pixels = typeof size === 'string' ? /^(\d{2,3})px$/.exec(size.trim()) : null;
  const value = pixels ? Number(pixels[1]) : 48;
  // A launcher must stay a comfortable tap target and never cover the page.
  return Math.min(Math.max(value, 40), 96);
}

/**
 * The colours of the bot's chat buttons as its chat shows them, read from a
 * start answer's `bot.theme` and `bot.version`: what the theme sets, else the
 * default of its version (a 6.1 bot's buttons are orange, a 6 bot's blue).
 */
export function botButtonColours(theme: Json, version: unknown): BotButtonColours {
  const defaults = THEME_DEFAULTS[themeVersionOf(version)].buttons;
  const buttons = (theme.chat?.buttons ?? {}) as Json;
  return {
    background: text(buttons.backgroundColor) ?? defaults.background,
    color: text(buttons.color) ?? defaults.color,
  };
}

/**
 * What the site's snippet says wins (the site owner chose it); else the bot's
 * own chat button colours, as the bot's chat shows them; else, until a chat
 * has told them, the reference's default button colours.
 */
export function launcherLook(options: BubbleTheme | undefined, bot: BotButtonColours | undefined): LauncherLook {
  const defaults = THEME_DEFAULTS['6'].buttons;
  return {
    background: text(options?.button?.backgroundColor) ?? bot?.background ?? defaults.background,
    iconColor: text(options?.button?.iconColor) ?? bot?.color ?? defaults.color,
    size: sizeOf(options?.button?.size),
    placement: options?.placement === 'left' ? 'left' : 'right',
  };
}

// The bot's colours are known only once a chat starts; kept on the site's
// origin so the launcher wears them from the start of the visitor's next page.
const rememberedKey = (bot: string) => `parley-launcher-${bot}`;

export function rememberedColours(bot: string): BotButtonColours | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(rememberedKey(bot)) ?? 'null') as unknown;
    if (!stored || typeof stored !== 'object') return undefined;
    const { background, color } = stored as Record<string, unknown>;
    return { background: text(background), color: text(color) };
  } catch {
    // Storage refused (privacy settings, a sandboxed frame): the launcher keeps its defaults.
    return undefined;
  }
}

export function rememberColours(bot: string, colours: BotButtonColours): void {
  try {
    localStorage.setItem(rememberedKey(bot), JSON.stringify(colours));
  } catch {
    // As above: nothing to keep it in.
  }
}
