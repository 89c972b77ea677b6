import { isObject } from '../json';
import type { Draft } from './draft';

// Renaming a variable in the editor: blocks' fields follow by themselves (they
// hold its id), text names it (`{{Name}}`), so every mention is rewritten in
// the same change, one undo step. The console bundle cannot import the engine
// (web-is-a-separate-bundle), so this mirrors src/engine/variables/mentions.ts;
// test/unit/web/rename-variable.test.ts checks both rename the fixtures alike.

/** Inline code (whose `{{Name}}`s are mentions) or a reference, as templating reads them. */
const OCCURRENCE = /\{\{=(.+?)=\}\}|\{\{([^{}]+)\}\}/g;
const REFERENCE = /\{\{([^{}]+)\}\}/g;
const SET_VARIABLE_CALL = /(setVariable\(\s*)(['"`])(.+?)\2/g;

function quoted(name: string, quote: string): string {
  return name.includes(quote) || name.includes('\\') || name.includes('${')
    ? JSON.stringify(name)
    : quote + name + quote;
}

function renameInText(text: string, oldName: string, newName: string): string {
  if (!text.includes(oldName)) return text;
  const references = (part: string) =>
    part.replace(REFERENCE, (whole, name: string) => (name === oldName ? `{{${newName}}}` : whole));
  const renamed = text
    .replace(OCCURRENCE, (whole, code: string | undefined, name: string | undefined) =>
      code !== undefined ? `{{=${references(code)}=}}` : name === oldName ? `{{${newName}}}` : whole,
    )
    .replace(SET_VARIABLE_CALL, (whole, call: string, quote: string, name: string) =>
      name === oldName ? call + quoted(newName, quote) : whole,
    );
  return renamed === text ? text : renamed;
}

/** Every string of a JSON tree renamed; unchanged parts stay the same objects (the canvas redraws only what changed). */
function renameInJson<T>(value: T, oldName: string, newName: string): T {
  if (typeof value === 'string') return renameInText(value, oldName, newName) as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => renameInJson(item, oldName, newName));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (isObject(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const next = renameInJson(item, oldName, newName);
      if (next !== item) (copy ??= { ...value })[key] = next;
    }
    return (copy ?? value) as T;
  }
  return value;
}

/** Why `name` cannot be the variable's new name, or undefined when it can. */
export function variableNameError(draft: Draft, variableId: string, name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'A variable needs a name.';
  if (/[{}]/.test(trimmed)) return 'A name cannot hold { or }: {{…}} could not mention it.';
  if (draft.variables.some((variable) => variable.id !== variableId && variable.name === trimmed))
    return `Another variable is already called “${trimmed}”.`;
  return undefined;
}

/**
 * The variable renamed, and every `{{old name}}` of the flow (blocks, events)
 * with it; the draft itself when the name is refused or unchanged.
 */
export function renameVariable(draft: Draft, variableId: string, name: string): Draft {
  const variable = draft.variables.find((each) => each.id === variableId);
  const newName = name.trim();
  if (!variable || variable.name === newName || variableNameError(draft, variableId, name)) return draft;
  // A name that held a brace was never mentioned: only the declaration changes.
  const mentioned = !/[{}]/.test(variable.name) && variable.name !== '';
  const follow = <T>(value: T): T => (mentioned ? renameInJson(value, variable.name, newName) : value);
  return {
    ...draft,
    groups: follow(draft.groups),
    events: follow(draft.events),
    variables: draft.variables.map((each) => (each.id === variableId ? { ...each, name: newName } : each)),
  };
}
