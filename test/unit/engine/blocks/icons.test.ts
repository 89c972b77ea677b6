import { BLOCK_DEFINITIONS } from '../../../../src/engine/blocks/definitions';
import { ICONS } from '../../../../src/web/console/editor/generated-icons';

// Each block type's definition names its icon (issue 51): the palette and the canvas draw it as inline SVG
// beside the block's label, so it must be an SVG document that takes the console's text colour and runs nothing.

const svgOf = (name: string): string => ICONS[name] ?? '';
const withType = (check: (icon: string) => boolean) =>
  BLOCK_DEFINITIONS.filter((definition) => !check(svgOf(definition.icon))).map((definition) => definition.type);

test('every block type names an icon the console has, one SVG document on a 24-unit view box', () => {
  expect(BLOCK_DEFINITIONS.length).toBeGreaterThanOrEqual(57);
  expect(withType((icon) => icon !== '')).toEqual([]);
  expect(withType((icon) => typeof icon === 'string' && /^<svg\b[^>]*>[\s\S]*<\/svg>$/.test(icon.trim()))).toEqual([]);
  expect(withType((icon) => (icon.match(/<svg\b/g) ?? []).length === 1)).toEqual([]);
  expect(withType((icon) => icon.includes('xmlns="http://www.w3.org/2000/svg"'))).toEqual([]);
  expect(withType((icon) => icon.includes('viewBox="0 0 24 24"'))).toEqual([]);
});

test('icons are drawn in the text colour: strokes (and dots) in currentColor, no colour of their own', () => {
  expect(withType((icon) => icon.includes('stroke="currentColor"'))).toEqual([]);
  // Any other colour would ignore the console's theme.
  expect(withType((icon) => !/#[0-9a-f]{3,8}\b|rgb\(|hsl\(/i.test(icon))).toEqual([]);
  expect(
    withType((icon) =>
      [...icon.matchAll(/fill="([^"]*)"/g)].every(([, fill]) => fill === 'none' || fill === 'currentColor'),
    ),
  ).toEqual([]);
});

test('icons are markup only: nothing in them runs or loads', () => {
  expect(withType((icon) => !/<script|<foreignObject|\bon\w+\s*=|href=|url\(/i.test(icon))).toEqual([]);
});

test('no two block types share an icon: a builder tells blocks apart by it', () => {
  const byIcon = new Map<string, string[]>();
  for (const { type, icon } of BLOCK_DEFINITIONS) byIcon.set(svgOf(icon), [...(byIcon.get(svgOf(icon)) ?? []), type]);
  expect([...byIcon.values()].filter((types) => types.length > 1)).toEqual([]);
});
