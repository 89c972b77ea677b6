import type { BotDefinition } from '../definition/parse';
import { isRecord } from '../json';
import { mentionedNames } from './mentions';

// A `{{Name}}` that no variable of the bot is called renders as nothing
// (docs/engine-behaviour.md#substitution-rules): a typo or a renamed variable
// leaves the bot saying "Nice to meet you, !". Templating has no built-in
// names, so every mention should name a declared variable.

export interface UnknownMention {
  name: string;
  /** A declared name that differs only in case or surrounding spaces: what was probably meant. */
  suggestion?: string;
  groupId: string;
  blockId: string;
  /** The string holding the first such mention in the block. */
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

/** Each block's mentions of names no variable has, once per block and name, in document order. */
export function unknownMentions(definition: BotDefinition): UnknownMention[] {
  const declared = new Set(definition.variables.map((variable) => variable.name));
  const byLooseName = new Map(definition.variables.map((variable) => [loose(variable.name), variable.name]));
  const found: UnknownMention[] = [];
  definition.groups.forEach((group, g) =>
    group.blocks.forEach((block, b) => {
      const seen = new Set<string>();
      for (const [text, path] of stringsWithPath(block, ['groups', g, 'blocks', b])) {
        for (const name of mentionedNames(text)) {
          if (declared.has(name) || seen.has(name)) continue;
          seen.add(name);
          const suggestion = byLooseName.get(loose(name));
          found.push({ name, ...(suggestion ? { suggestion } : {}), groupId: group.id, blockId: block.id, path });
        }
      }
    }),
  );
  return found;
}
