import { isMentionableName, renameInJson } from '../shapes/mentions';

// Text names variables (`{{Name}}`), blocks' fields hold them by id. A rename
// must follow every mention, or text that said the value says nothing. Every
// string of the definition is walked, not a list of known fields: a block
// type added later is covered, and a string that holds no mention comes back
// the same.

/** The definition's own list of variables: names there are declarations, not mentions. */
const DECLARATIONS = 'variables';

/**
 * The definition with every mention of `oldName` (`{{oldName}}`, inside
 * inline code too, and code's `setVariable('oldName', …)`) naming `newName`:
 * groups and their blocks, events, settings, theme, and any other part but
 * the variables list (rename the variable itself there). Parts without a
 * mention are the same objects. Throws when `newName` could not be mentioned
 * (empty, or with a brace).
 */
export function renameVariableMentions<T extends object>(definition: T, oldName: string, newName: string): T {
  if (!isMentionableName(newName)) throw new RangeError(`"${newName}" cannot name a variable: empty, or with a brace`);
  if (oldName === newName || !isMentionableName(oldName)) return definition;
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(definition)) {
    if (key === DECLARATIONS) continue;
    const next = renameInJson(value, oldName, newName);
    if (next !== value) (copy ??= { ...definition } as Record<string, unknown>)[key] = next;
  }
  return (copy ?? definition) as T;
}

interface NamedVariable {
  id: string;
  name: string;
}

/** The variables whose name changed between two lists of the same bot, matched by id. */
export function renamedVariables(
  before: readonly NamedVariable[],
  after: readonly NamedVariable[],
): { oldName: string; newName: string }[] {
  const previous = new Map(before.map((variable) => [variable.id, variable.name]));
  return after.flatMap(({ id, name }) => {
    const oldName = previous.get(id);
    return oldName !== undefined && oldName !== name && isMentionableName(name) ? [{ oldName, newName: name }] : [];
  });
}

/**
 * An edit that renames variables but leaves other parts of the definition as
 * stored (the flow editor saves groups, edges, events and variables; theme
 * and settings are other forms): those parts follow the renames, or their
 * mentions would name variables that no longer exist.
 */
export function followRenamesInUntouchedParts<T extends object>(
  merged: T,
  renames: readonly { oldName: string; newName: string }[],
  untouched: readonly string[],
): T {
  if (renames.length === 0 || untouched.length === 0) return merged;
  const parts = Object.fromEntries(
    untouched.filter((key) => key in merged).map((key) => [key, (merged as Record<string, unknown>)[key]]),
  );
  const renamed = renames.reduce(
    (current, { oldName, newName }) => renameVariableMentions(current, oldName, newName),
    parts,
  );
  return renamed === parts ? merged : { ...merged, ...renamed };
}
