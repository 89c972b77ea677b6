import { isMentionableName, renameInJson } from './mentions';

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
