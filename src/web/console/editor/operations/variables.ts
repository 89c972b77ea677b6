import { newId, type Draft, type DraftBlock, type DraftVariable } from '../draft';

/** Adds a variable (an existing one of that name is reused); answers its id. */
export function addVariable(draft: Draft, name: string): { draft: Draft; variableId: string } {
  const trimmed = name.trim();
  const existing = draft.variables.find((variable) => variable.name === trimmed);
  if (existing) return { draft, variableId: existing.id };
  const variable: DraftVariable = { id: `v${newId().slice(1)}`, name: trimmed };
  return { draft: { ...draft, variables: [...draft.variables, variable] }, variableId: variable.id };
}

/** Renames a variable: blocks refer to it by id, so they follow. */
export function updateVariable(
  draft: Draft,
  variableId: string,
  change: Partial<Pick<DraftVariable, 'name' | 'isSessionVariable'>>,
): Draft {
  return {
    ...draft,
    variables: draft.variables.map((variable) => (variable.id === variableId ? { ...variable, ...change } : variable)),
  };
}

export function removeVariable(draft: Draft, variableId: string): Draft {
  return { ...draft, variables: draft.variables.filter((variable) => variable.id !== variableId) };
}

/** The blocks that use a variable (by id anywhere in their JSON, or by {{name}} in their text). */
export function variableUsages(draft: Draft, variableId: string): { groupId: string; block: DraftBlock }[] {
  const variable = draft.variables.find((each) => each.id === variableId);
  const byName = variable ? `{{${variable.name}}}` : undefined;
  return draft.groups.flatMap((group) =>
    group.blocks
      .filter((block) => {
        const json = JSON.stringify(block);
        return json.includes(variableId) || (byName !== undefined && json.includes(byName));
      })
      .map((block) => ({ groupId: group.id, block })),
  );
}
