import { THEME_DEFAULTS, themeVersionOf, type ThemeDefaults } from '../../theme-defaults';
import { lowContrastPairs, type LowContrast } from '../../../engine/shapes/theme-contrast';

// The theme's hard-to-read colour pairs as visitors will see them: each colour
// the theme leaves out is the chat client's default for the bot's version, so
// a bot without a theme (a Typebot export relying on the defaults) is judged too.

/** The chat's default colour at a theme path of a text/background pair. */
export function defaultColor(defaults: ThemeDefaults, path: readonly string[]): string | undefined {
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

/** The pairs below AA in the colours the visitor sees (set or default), for a bot of `version`. */
export function visibleLowContrast(theme: unknown, version: unknown, defaults?: ThemeDefaults): LowContrast[] {
  const own = defaults ?? THEME_DEFAULTS[themeVersionOf(version)];
  return lowContrastPairs(theme ?? {}, (path) => defaultColor(own, path), { judgeDefaults: true });
}
