import type { BotDefinition } from '../definition/parse';
import { isRecord } from '../json';
import { mentionedNames } from '../shapes/mentions';

// A `{{Name}}` that no variable of the bot is called renders as nothing
// (docs/engine-behaviour.md#substitution-rules): a typo or a renamed variable
// leaves the bot saying "Nice to meet you, !". Templating has no built-in
// names, so every mention should name a declared variable.

export interface UnknownMention {
  name: string;
  /** A declared name that differs only in case or surrounding spaces: what was probably meant. */
  suggestion?: string;
  /** The block's; none for the bot's settings, theme and events. */
  groupId?: string;
  blockId?: string;
  /** The string holding the first such mention in the block (or the part of the bot). */
  path: (string | number)[];
}

function* stringsWithPath(value: unknown, path: (string | number)[]): Generator<[string, (string | number)[]]> {
  if (typeof value === 'string') yield [value, path];
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* stringsWithPath(item, [...path, index]);
  else if (isRecord(value))
    for (const [key, item] of Object.entries(value)) yield* stringsWithPath(item, [...path, key]);
}

const loose = (name: string) => name.trim().toLowerCase();

/** Outside the blocks, the parts of a bot whose strings are substituted too. */
const BOT_PARTS = ['events', 'settings', 'theme'] as const;

/**
 * Mentions of names no variable has, once per name in each block (then in
 * each of the events, settings and theme), in document order.
 */
export function unknownMentions(definition: BotDefinition): UnknownMention[] {
  const declared = new Set(definition.variables.map((variable) => variable.name));
  const byLooseName = new Map(definition.variables.map((variable) => [loose(variable.name), variable.name]));
  const found: UnknownMention[] = [];
  const scan = (value: unknown, at: (string | number)[], where: Pick<UnknownMention, 'groupId' | 'blockId'>) => {
    const seen = new Set<string>();
    for (const [text, path] of stringsWithPath(value, at)) {
      for (const name of mentionedNames(text)) {
        if (declared.has(name) || seen.has(name)) continue;
        seen.add(name);
        const suggestion = byLooseName.get(loose(name));
        found.push({ name, ...(suggestion ? { suggestion } : {}), ...where, path });
      }
    }
  };
  definition.groups.forEach((group, g) =>
    group.blocks.forEach((block, b) =>
      scan(block, ['groups', g, 'blocks', b], { groupId: group.id, blockId: block.id }),
    ),
  );
  for (const part of BOT_PARTS) scan(definition[part], [part], {});
  return found;
}
