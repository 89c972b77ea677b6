import type { BlockHandler } from './blocks/handler';
import { choiceIssues } from './blocks/form-schema';
import { authorSchema, shapeIssues, type JsonSchema } from './blocks/json-schema';
import { handlerFor } from './blocks/registry';
import type { BotDefinition } from './definition/parse';
import { canonicalJson, isRecord } from './json';
import { lowContrastMessage } from './shapes/theme-contrast';
import { visibleLowContrast } from './shapes/theme-defaults';
import { settingsShapeIssues, themeShapeIssues } from './shapes/theme';

// Values whose shape is wrong (a colour that is not one, a width that is not a
// length, a rating out of 1…100), values not among the ones their field takes
// (a Set variable's "Next week", an action the AI block does not have) and
// theme colours hard to read. The engine reads a wrong shape as the default
// and a value it does not know as each block says, so a definition holding one still runs:
// for a draft they are warnings; on save only newly written ones are refused
// (newShapeIssues), so Typebot exports import and keep saving as they are.

export interface ValueShapeProblem {
  severity: 'warning';
  code: 'INVALID_VALUE' | 'LOW_CONTRAST';
  message: string;
  groupId?: string;
  blockId?: string;
  path: (string | number)[];
}

/** A value without its shape: where it is, why, and what identifies it across edits. */
export interface ShapeFinding {
  path: (string | number)[];
  message: string;
  /** The field in words ("Maximum rating", "Bot bubbles background colour"). */
  field: string;
  /** Stays the same when blocks and groups move: the block's id and the field's path in it. */
  key: string;
  value: unknown;
  groupId?: string;
  blockId?: string;
  /** A value not among its field's values (its message says what the block does then), rather than without its shape. */
  unknownChoice?: boolean;
}

const schemas = new WeakMap<object, JsonSchema>();
function schemaOf(zodSchema: BlockHandler['options']): JsonSchema {
  let schema = schemas.get(zodSchema);
  if (!schema) schemas.set(zodSchema, (schema = authorSchema(zodSchema)));
  return schema;
}

/** Every value of the definition without its declared shape (blocks' options, contents and items; theme; settings). */
export function shapeFindings(definition: BotDefinition): ShapeFinding[] {
  const findings: ShapeFinding[] = [];
  definition.groups.forEach((group, g) =>
    group.blocks.forEach((block, b) => {
      const handler = handlerFor(block.type);
      if (!handler) return;
      const at = ['groups', g, 'blocks', b];
      const where = { groupId: group.id, blockId: block.id };
      const add = (part: (string | number)[], keyPart: (string | number)[], schema: JsonSchema, value: unknown) => {
        const found = [
          ...shapeIssues(schema, value ?? {}).map((issue) => ({ issue, unknownChoice: false })),
          ...choiceIssues(schema, value ?? {}).map((issue) => ({ issue, unknownChoice: true })),
        ];
        for (const { issue, unknownChoice } of found)
          findings.push({
            path: [...at, ...part, ...issue.path],
            message: issue.message,
            field: issue.title ?? issue.path.join('.'),
            key: ['block', block.id, ...keyPart, ...issue.path].join('.'),
            value: valueAt(value, issue.path),
            ...where,
            ...(unknownChoice ? { unknownChoice } : {}),
          });
      };
      add(['options'], ['options'], schemaOf(handler.options), block.options);
      if (handler.category === 'bubble') add(['content'], ['content'], schemaOf(handler.content), block.content);
      const item = handler.item;
      if (item)
        (block.items ?? []).forEach((entry, i) =>
          add(['items', i], ['items', typeof entry.id === 'string' ? entry.id : i], schemaOf(item), entry),
        );
    }),
  );
  for (const issue of themeShapeIssues(definition.theme))
    findings.push({
      ...issue,
      field: `Theme: ${fieldWords(issue.path)}`,
      path: ['theme', ...issue.path],
      key: ['theme', ...issue.path].join('.'),
    });
  for (const issue of settingsShapeIssues(definition.settings))
    findings.push({
      ...issue,
      field: `Settings: ${fieldWords(issue.path)}`,
      path: ['settings', ...issue.path],
      key: ['settings', ...issue.path].join('.'),
    });
  return findings;
}

/** Keys as the theme and settings editors name them. */
const KEY_WORDS: Record<string, string> = {
  hostBubbles: 'bot bubbles',
  guestBubbles: 'visitor bubbles',
  container: 'chat',
  backgroundColor: 'background colour',
  color: 'colour',
  placeholderColor: 'placeholder colour',
  maxWidth: 'width (max)',
  maxHeight: 'height (max)',
  customRoundeness: 'roundness',
  hostAvatar: 'bot avatar',
  guestAvatar: 'visitor avatar',
  url: 'URL',
  imageUrl: 'preview image URL',
  favIconUrl: 'favicon URL',
  typingEmulation: 'typing',
  maxDelay: 'longest typing',
  delayBetweenBubbles: 'pause between bubbles',
  progressBar: 'progress bar',
};

/** ['chat', 'hostBubbles', 'backgroundColor'] → "bot bubbles background colour". */
function fieldWords(path: readonly string[]): string {
  return path
    .filter((key, index) => !(index === 0 && (key === 'chat' || key === 'general')))
    .map((key) => KEY_WORDS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase())
    .join(' ');
}

function valueAt(root: unknown, path: (string | number)[]): unknown {
  let current = root;
  for (const key of path) {
    if (Array.isArray(current) && typeof key === 'number') current = current[key];
    else if (isRecord(current)) current = current[String(key)];
    else return undefined;
  }
  return current;
}

/** The definition's values without their shape and its hard-to-read theme colours, as warnings of the draft. */
export function valueShapeProblems(definition: BotDefinition): ValueShapeProblem[] {
  const problems: ValueShapeProblem[] = shapeFindings(definition).map(
    ({ path, message, field, groupId, blockId, unknownChoice }) => ({
      severity: 'warning',
      code: 'INVALID_VALUE',
      message: unknownChoice ? `${field}: ${message}` : `${field}: ${message}; the chat uses the default instead`,
      ...(groupId ? { groupId } : {}),
      ...(blockId ? { blockId } : {}),
      path,
    }),
  );
  // The colours visitors will see: a colour the theme leaves out is the chat's default for the bot's version (a
  // Typebot export relying on the defaults of 6.1 shows white on #FF5924, 3.1:1).
  const theme: unknown = definition.theme;
  for (const low of visibleLowContrast(theme, definition.version)) {
    const ownColours = [low.pair.background, low.pair.text].filter((path) => valueAt(theme, [...path]) !== undefined);
    problems.push({
      severity: 'warning',
      code: 'LOW_CONTRAST',
      message:
        lowContrastMessage(low) +
        (ownColours.length === 0 ? "; these are the chat's default colours: set others in the Theme tab" : ''),
      path: ['theme', ...low.pair.text],
    });
  }
  return problems;
}

/**
 * The values of `after` without their shape that `before` did not already hold
 * (the same field of the same block, or of the theme or settings, with the same
 * value): what a save wrote. Values an import brought stay, as problems.
 */
export function newShapeFindings(before: BotDefinition | undefined, after: BotDefinition): ShapeFinding[] {
  const kept = new Set(
    before ? shapeFindings(before).map((finding) => `${finding.key}=${canonicalJson(finding.value)}`) : [],
  );
  return shapeFindings(after).filter((finding) => !kept.has(`${finding.key}=${canonicalJson(finding.value)}`));
}
