import { variableIdsIn } from '../block-problems';
import type { BotDefinition } from '../definition/parse';
import { isRecord } from '../json';
import type { Problem } from '../problem-types';
import { VARIABLE_PATTERN } from '../variables/templating';
import { unknownMentions } from '../variables/unknown-mentions';
import type { Located } from './located';

// Variables a bot reads that nothing sets, and mentions of names no variable has.

/** Fields ending in VariableId that a block reads (list sources, dialogues) rather than saves into. */
const READ_KEYS = new Set([
  'dynamicVariableId',
  'pictureSrcsVariableId',
  'titlesVariableId',
  'descriptionsVariableId',
  'baseItemVariableId',
  'baseListVariableId',
  'targetListVariableId',
  'dialogueVariableId',
  'assistantMessagesVariableId',
  'userMessagesVariableId',
]);

/** Code saves variables by name: `setVariable('Name', value)`. */
const SET_VARIABLE_CALL = /setVariable\(\s*(['"`])(.+?)\1/g;

function* strings(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* strings(item);
  else if (isRecord(value)) for (const child of Object.values(value)) yield* strings(child);
}

/** Variables read ({{Name}} in any text, or a field that reads one) that nothing sets and that start empty. */
export function variableProblems(definition: BotDefinition, blocks: Located[]): Problem[] {
  const set = new Set<string>();
  const setNames = new Set<string>();
  const reads: { id: string; located: Located }[] = [];
  const idsByName = new Map<string, string[]>();
  for (const variable of definition.variables)
    idsByName.set(variable.name, [...(idsByName.get(variable.name) ?? []), variable.id]);

  for (const entry of blocks) {
    const { block } = entry;
    for (const { id, key } of variableIdsIn([block.options, block.content])) {
      if (READ_KEYS.has(key)) reads.push({ id, located: entry });
      else set.add(id);
    }
    // Conditions and display conditions of items only compare.
    for (const { id } of variableIdsIn(block.items)) reads.push({ id, located: entry });
    for (const text of strings([block.options, block.content, block.items])) {
      for (const match of text.matchAll(VARIABLE_PATTERN)) {
        const name = match[1]!;
        if (name.startsWith('=')) continue;
        for (const id of idsByName.get(name) ?? []) reads.push({ id, located: entry });
      }
      for (const match of text.matchAll(SET_VARIABLE_CALL)) setNames.add(match[2]!);
    }
  }
  const problems: Problem[] = [];
  const reported = new Set<string>();
  for (const { id, located: where } of reads) {
    const variable = definition.variables.find((candidate) => candidate.id === id);
    if (!variable || reported.has(id) || set.has(id) || setNames.has(variable.name)) continue;
    if (variable.value !== null && variable.value !== undefined) continue;
    reported.add(id);
    problems.push({
      severity: 'warning',
      code: 'VARIABLE_NEVER_SET',
      message: `Variable "${variable.name}" is used but never set: no input, Set variable or integration saves into it and it has no initial value`,
      groupId: where.group.id,
      blockId: where.block.id,
      path: where.path,
    });
  }
  return problems;
}

/** `{{Name}}` mentions of names no variable has: they show nothing. */
export function unknownVariableProblems(definition: BotDefinition): Problem[] {
  return unknownMentions(definition).map(({ name, suggestion, groupId, blockId, path }) => ({
    severity: 'warning',
    code: 'UNKNOWN_VARIABLE',
    message:
      `{{${name}}} ${blockId ? '' : `in the bot's ${String(path[0])} `}names no variable: it shows nothing` +
      (suggestion ? ` (did you mean {{${suggestion}}}?)` : ''),
    ...(groupId ? { groupId } : {}),
    ...(blockId ? { blockId } : {}),
    path,
  }));
}
