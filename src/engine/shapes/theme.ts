// The shapes of a bot's theme and settings values (Typebot v6 keys): which
// path holds a colour, a CSS length, a web address or a bounded number. The
// problems of a draft and the refusal on save read them; so can the console.
// Imports only its sibling: the console bundle takes it as it is.
import { shapeProblem, type ShapeRule } from './values';

export interface ShapeIssue {
  /** From the theme's or the settings' root (['chat', 'hostBubbles', 'backgroundColor']). */
  path: string[];
  message: string;
  value: unknown;
}

type Rules = readonly [path: readonly string[], rule: ShapeRule][];

const color: ShapeRule = { shape: 'color' };
const length: ShapeRule = { shape: 'length' };
const url: ShapeRule = { shape: 'url' };
const size: ShapeRule = { shape: 'number', minimum: 0 };

/** The colours, borders and roundness of an element of the chat (bubbles, buttons, inputs). */
function element(key: string, extra: Rules = []): Rules {
  return [
    [['chat', key, 'backgroundColor'], color],
    [['chat', key, 'color'], color],
    [['chat', key, 'border', 'color'], color],
    [['chat', key, 'border', 'thickness'], size],
    [['chat', key, 'border', 'customRoundeness'], size],
    ...extra,
  ];
}

const THEME_RULES: Rules = [
  [['general', 'progressBar', 'color'], color],
  [['general', 'progressBar', 'backgroundColor'], color],
  [['general', 'progressBar', 'thickness'], size],
  [['chat', 'container', 'maxWidth'], length],
  [['chat', 'container', 'maxHeight'], length],
  [['chat', 'container', 'backgroundColor'], color],
  [['chat', 'container', 'color'], color],
  [['chat', 'hostAvatar', 'url'], url],
  [['chat', 'guestAvatar', 'url'], url],
  ...element('hostBubbles'),
  ...element('guestBubbles'),
  ...element('buttons'),
  ...element('inputs', [[['chat', 'inputs', 'placeholderColor'], color]]),
];

const SETTINGS_RULES: Rules = [
  [['typingEmulation', 'speed'], { shape: 'number', minimum: 1 }],
  [['typingEmulation', 'maxDelay'], { shape: 'number', minimum: 0 }],
  [['typingEmulation', 'delayBetweenBubbles'], { shape: 'number', minimum: 0, maximum: 5 }],
  [['metadata', 'imageUrl'], url],
  [['metadata', 'favIconUrl'], url],
];

function valueAt(root: unknown, path: readonly string[]): unknown {
  let current = root;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function issues(root: unknown, rules: Rules): ShapeIssue[] {
  const found: ShapeIssue[] = [];
  for (const [path, rule] of rules) {
    const value = valueAt(root, path);
    const message = shapeProblem(rule, value);
    if (message) found.push({ path: [...path], message, value });
  }
  return found;
}

/** The theme's values without their shape. The background's content is a colour or an address, as its type says. */
export function themeShapeIssues(theme: unknown): ShapeIssue[] {
  const type = valueAt(theme, ['general', 'background', 'type']);
  const background: Rules =
    type === 'Image'
      ? [[['general', 'background', 'content'], url]]
      : type === undefined || type === 'Color'
        ? [[['general', 'background', 'content'], color]]
        : [];
  return issues(theme, [...background, ...THEME_RULES]);
}

/** The settings' values without their shape. */
export function settingsShapeIssues(settings: unknown): ShapeIssue[] {
  return issues(settings, SETTINGS_RULES);
}
