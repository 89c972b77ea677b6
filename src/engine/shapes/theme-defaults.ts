// What a bot looks like when its theme leaves a value out: the reference
// runtime's defaults (its `packages/theme/src/constants.ts`), which differ
// between definition versions 6 and 6.1. Older versions (3 to 5) are read as 6,
// as the reference migrates them. The values are design constants, restated here.

import { lowContrastPairs, type LowContrast } from './theme-contrast';

export type ThemeVersion = '6' | '6.1';

export function themeVersionOf(version: unknown): ThemeVersion {
  return String(version ?? '') === '6.1' ? '6.1' : '6';
}

interface Border {
  thickness: number;
  color?: string;
}

export interface ThemeDefaults {
  font: string;
  background: string;
  containerMaxWidth: string;
  containerColor: string;
  progressColor: string;
  progressBackground: string;
  host: { background: string; color: string; border: Border };
  guest: { background: string; color: string; border: Border };
  buttons: { background: string; color: string; border: Border };
  inputs: { background: string; color: string; placeholder: string; border: Border; shadow?: string };
  hostAvatar: boolean;
  guestAvatar: boolean;
}

const GRAY = {
  1: '#ffffff',
  2: '#f8f8f8',
  3: '#f1f1f1',
  6: '#dfdfdf',
  7: '#cecece',
  9: '#8d8d8d',
  12: '#202020',
} as const;
const ORANGE = { 6: '#ffb8a0', 8: '#f98868', 9: '#ff5924' } as const;
const MEDIUM_SHADOW = '0 4px 6px -1px rgb(0 0 0 / 0.1), 0 2px 4px -2px rgb(0 0 0 / 0.1)';

const SHARED = {
  font: 'Open Sans',
  containerMaxWidth: '800px',
  containerColor: '#27272a',
  hostAvatar: true,
  guestAvatar: false,
} as const;

export const THEME_DEFAULTS: Record<ThemeVersion, ThemeDefaults> = {
  '6': {
    ...SHARED,
    background: '#ffffff',
    progressColor: '#e0edff',
    progressBackground: GRAY[3],
    host: { background: '#f7f8ff', color: GRAY[12], border: { thickness: 0, color: GRAY[6] } },
    guest: { background: '#ff8e21', color: GRAY[1], border: { thickness: 0, color: ORANGE[6] } },
    buttons: { background: '#0042da', color: GRAY[1], border: { thickness: 0, color: ORANGE[8] } },
    inputs: {
      background: '#ffffff',
      color: GRAY[12],
      placeholder: '#9095a0',
      border: { thickness: 0 },
      shadow: MEDIUM_SHADOW,
    },
  },
  '6.1': {
    ...SHARED,
    background: GRAY[2],
    progressColor: ORANGE[9],
    progressBackground: GRAY[9],
    host: { background: GRAY[1], color: GRAY[12], border: { thickness: 1, color: GRAY[6] } },
    guest: { background: ORANGE[9], color: GRAY[1], border: { thickness: 1, color: ORANGE[6] } },
    buttons: { background: ORANGE[9], color: GRAY[1], border: { thickness: 1, color: ORANGE[8] } },
    inputs: {
      background: '#ffffff',
      color: GRAY[12],
      placeholder: '#9095a0',
      border: { thickness: 1, color: GRAY[7] },
    },
  },
};

/** Corner radius per roundness name, as the reference draws them. */
export const ROUNDNESS: Record<string, string> = { none: '0', medium: '6px', large: '20px' };

/** Shadow per name (the reference's Tailwind scale). */
export const SHADOWS: Record<string, string> = {
  none: 'none',
  sm: '0 1px 2px 0 rgb(0 0 0 / 0.05)',
  md: MEDIUM_SHADOW,
  lg: '0 10px 15px -3px rgb(0 0 0 / 0.1), 0 4px 6px -4px rgb(0 0 0 / 0.1)',
  xl: '0 20px 25px -5px rgb(0 0 0 / 0.1), 0 8px 10px -6px rgb(0 0 0 / 0.1)',
  '2xl': '0 25px 50px -12px rgb(0 0 0 / 0.25)',
};

/** Each input kind's placeholder when its block sets none (the reference's block constants). */
/** The chat's default colour at the theme path of a text or background colour of THEME_COLOR_PAIRS. */
export function defaultThemeColor(defaults: ThemeDefaults, path: readonly string[]): string | undefined {
  const [, element, key] = path;
  const own =
    element === 'hostBubbles'
      ? defaults.host
      : element === 'guestBubbles'
        ? defaults.guest
        : element === 'buttons'
          ? defaults.buttons
          : element === 'inputs'
            ? defaults.inputs
            : undefined;
  if (!own) return undefined;
  if (key === 'backgroundColor') return own.background;
  if (key === 'color') return own.color;
  if (key === 'placeholderColor' && own === defaults.inputs) return defaults.inputs.placeholder;
  return undefined;
}

/**
 * The pairs below AA in the colours the visitor sees: each colour the theme leaves out is the chat's default for
 * the bot's version, so a bot without a theme (a Typebot export relying on the defaults) is judged too.
 */
export function visibleLowContrast(theme: unknown, version: unknown, defaults?: ThemeDefaults): LowContrast[] {
  const own = defaults ?? THEME_DEFAULTS[themeVersionOf(version)];
  return lowContrastPairs(theme ?? {}, (path) => defaultThemeColor(own, path), { judgeDefaults: true });
}

export const DEFAULT_BUTTON_LABEL = 'Send';
