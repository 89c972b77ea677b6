// Contrast of a theme's text on its backgrounds (WCAG 2.2, 1.4.3 Contrast
// (Minimum)): the maths the problems of a draft and the console's theme editor
// share. Imports nothing: the console bundle takes it as it is.

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)(%?)[\s,]+([\d.]+)(%?)[\s,]+([\d.]+)(%?)\s*(?:[,/]\s*([\d.]+)(%?)\s*)?\)$/i;
/** The names a theme most often uses; others are not judged (unknown is not low). */
const NAMED: Record<string, string> = {
  white: '#ffffff',
  black: '#000000',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  gray: '#808080',
  grey: '#808080',
  silver: '#c0c0c0',
  navy: '#000080',
  purple: '#800080',
};

/**
 * An opaque colour as red, green and blue (0 to 255); undefined for what this
 * cannot judge: other notations, `{{variables}}`, see-through colours (what
 * shows through decides their contrast).
 */
export function parseColor(text: string): Rgb | undefined {
  const value = NAMED[text.trim().toLowerCase()] ?? text.trim();
  const hex = HEX.exec(value)?.[1];
  if (hex) {
    const digits = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    if (digits.length === 8 && digits.slice(6) !== 'ff') return undefined;
    return {
      r: parseInt(digits.slice(0, 2), 16),
      g: parseInt(digits.slice(2, 4), 16),
      b: parseInt(digits.slice(4, 6), 16),
    };
  }
  const rgb = RGB.exec(value);
  if (rgb) {
    const channel = (number: string, percent: string) =>
      Math.min(255, Math.max(0, percent ? (Number(number) * 255) / 100 : Number(number)));
    if (rgb[7] !== undefined && (rgb[8] ? Number(rgb[7]) < 100 : Number(rgb[7]) < 1)) return undefined;
    return { r: channel(rgb[1]!, rgb[2]!), g: channel(rgb[3]!, rgb[4]!), b: channel(rgb[5]!, rgb[6]!) };
  }
  return undefined;
}

function luminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours (1 to 21); undefined when either cannot be judged. */
export function contrastRatio(first: string, second: string): number | undefined {
  const a = parseColor(first);
  const b = parseColor(second);
  if (!a || !b) return undefined;
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A text colour and the background it is read on, by their paths in a theme (Typebot v6 keys). */
export interface ColorPair {
  /** What is read: "Bot bubbles", "Input placeholder"… */
  label: string;
  background: readonly string[];
  text: readonly string[];
}

export const THEME_COLOR_PAIRS: readonly ColorPair[] = [
  {
    label: 'Bot bubbles',
    background: ['chat', 'hostBubbles', 'backgroundColor'],
    text: ['chat', 'hostBubbles', 'color'],
  },
  {
    label: 'Visitor bubbles',
    background: ['chat', 'guestBubbles', 'backgroundColor'],
    text: ['chat', 'guestBubbles', 'color'],
  },
  { label: 'Buttons', background: ['chat', 'buttons', 'backgroundColor'], text: ['chat', 'buttons', 'color'] },
  { label: 'Inputs', background: ['chat', 'inputs', 'backgroundColor'], text: ['chat', 'inputs', 'color'] },
  {
    label: 'Input placeholder',
    background: ['chat', 'inputs', 'backgroundColor'],
    text: ['chat', 'inputs', 'placeholderColor'],
  },
];

export interface LowContrast {
  pair: ColorPair;
  background: string;
  text: string;
  ratio: number;
}

function textAt(value: unknown, path: readonly string[]): string | undefined {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === 'string' && current.trim() !== '' ? current : undefined;
}

/** The sentence that says a pair is hard to read. */
export function lowContrastMessage({ pair, ratio }: LowContrast): string {
  return `${pair.label}: text and background contrast ${ratio.toFixed(1)}:1, below the ${AA_CONTRAST}:1 that makes text readable for most people (WCAG AA)`;
}

/**
 * The pairs of `theme` whose text falls below AA on its background. A colour
 * the theme leaves out is read from `fallback` (the chat's default for the
 * pair) when given; without one, only pairs the theme sets whole are judged.
 * Pairs left wholly to the defaults are judged only with `judgeDefaults`.
 */
export function lowContrastPairs(
  theme: unknown,
  fallback?: (path: readonly string[]) => string | undefined,
  { judgeDefaults = false }: { judgeDefaults?: boolean } = {},
): LowContrast[] {
  const low: LowContrast[] = [];
  for (const pair of THEME_COLOR_PAIRS) {
    const ownBackground = textAt(theme, pair.background);
    const ownText = textAt(theme, pair.text);
    // A draft's problems judge what its author chose; the theme editor, which shows the defaults, judges them too.
    if (!judgeDefaults && ownBackground === undefined && ownText === undefined) continue;
    const background = ownBackground ?? fallback?.(pair.background);
    const text = ownText ?? fallback?.(pair.text);
    if (background === undefined || text === undefined) continue;
    const ratio = contrastRatio(background, text);
    if (ratio !== undefined && ratio < AA_CONTRAST) low.push({ pair, background, text, ratio });
  }
  return low;
}
