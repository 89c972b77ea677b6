import { TEMPLATES } from '../../../src/engine/shapes/templates';
import { blankBot } from '../../../src/engine/shapes/templates/blank';
import { THEME_DEFAULTS } from '../../../src/engine/shapes/theme-defaults';
import {
  AA_CONTRAST,
  contrastRatio,
  lowContrastPairs,
  THEME_COLOR_PAIRS,
} from '../../../src/engine/shapes/theme-contrast';
import { themeShapeIssues } from '../../../src/engine/shapes/theme';

// Every theme Parley ships (a blank bot and each template) reads at WCAG AA:
// each text on its background at 4.5:1 or more, every colour set (no
// version's default decides), and every value of its shape.

function at(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[key] : undefined,
    value,
  );
}

const SHIPPED = [
  ['a new blank bot', blankBot('New').theme],
  ...TEMPLATES.map((template) => [`template ${template.name}`, template.definition.theme] as const),
] as const;

describe.each(SHIPPED)('%s', (_name, theme) => {
  test('sets every text/background pair, each at AA', () => {
    for (const pair of THEME_COLOR_PAIRS) {
      const background = at(theme, pair.background);
      const text = at(theme, pair.text);
      expect([pair.label, typeof background, typeof text]).toEqual([pair.label, 'string', 'string']);
      expect([pair.label, contrastRatio(background as string, text as string)! >= AA_CONTRAST]).toEqual([
        pair.label,
        true,
      ]);
    }
    expect(lowContrastPairs(theme)).toEqual([]);
  });

  test('the page text reads at AA on the page background', () => {
    const ratio = contrastRatio(
      at(theme, ['general', 'background', 'content']) as string,
      at(theme, ['chat', 'container', 'color']) as string,
    );
    expect(ratio).toBeGreaterThanOrEqual(AA_CONTRAST);
  });

  test('every value has its shape', () => {
    expect(themeShapeIssues(theme)).toEqual([]);
  });
});

test("the reference's 6.1 defaults, which imported bots keep, are the ones below AA", () => {
  const defaults = THEME_DEFAULTS['6.1'];
  expect(contrastRatio(defaults.guest.background, defaults.guest.color)).toBeLessThan(AA_CONTRAST);
  expect(contrastRatio(defaults.buttons.background, defaults.buttons.color)).toBeLessThan(AA_CONTRAST);
});
