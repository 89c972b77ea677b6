import { isMentionableName } from '../../shapes/mentions';
import { renameVariableMentions } from '../../variables/rename';
import type { Draft } from './draft';
import type { Edit } from './schema';

// Edits of variables: a name is one text can mention, and no other variable's.

function checkName(draft: Draft, name: string, except?: string): void {
  if (!isMentionableName(name)) draft.fail(['name'], 'A variable needs a name without { or }: {{name}} mentions it');
  const other = draft.definition.variables.find((variable) => variable.name === name && variable.id !== except);
  if (other) draft.fail(['name'], `The variable "${other.id}" is already called "${name}"`);
}

export function addVariable(draft: Draft, edit: Extract<Edit, { op: 'addVariable' }>): void {
  checkName(draft, edit.name);
  const id = draft.take(
    edit.id,
    'variable',
    (each) => draft.definition.variables.some((variable) => variable.id === each),
    ['id'],
  );
  draft.definition.variables.push({ id, name: edit.name, ...(edit.value != null ? { value: edit.value } : {}) });
}

export function renameVariable(draft: Draft, variableId: string, name: string): void {
  const variable = draft.variable(variableId, ['variableId']);
  checkName(draft, name, variableId);
  const renamed = renameVariableMentions(draft.definition, variable.name, name);
  Object.assign(draft.definition, renamed);
  variable.name = name;
}

export function removeVariable(draft: Draft, variableId: string): void {
  draft.variable(variableId, ['variableId']);
  draft.definition.variables = draft.definition.variables.filter((variable) => variable.id !== variableId);
}
