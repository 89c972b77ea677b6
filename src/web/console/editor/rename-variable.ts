import { renameInJson } from '../../../engine/shapes/mentions';
import type { Draft } from './draft';

// Renaming a variable in the editor: blocks' fields follow by themselves (they
// hold its id), text names it (`{{Name}}`), so every mention is rewritten in
// the same change, one undo step, by the grammar the server reads
// (engine/shapes/mentions.ts). Theme and settings are not in the editor's
// draft: the server renames their mentions when the save renames a variable.

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
