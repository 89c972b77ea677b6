// The console bundles this module (renames in the editor follow the same grammar as the server's):
// it imports nothing.
//
// Where text names a variable, by the grammar templating.ts substitutes: `{{Name}}` (the name exact, braces
// excluded), also inside `{{= inline code =}}`, whose own text is code and names no variable; and code's
// `setVariable('Name', …)`, which sets a variable by name.

/** Inline code or a reference, left to right, as the rich-text substitution reads a leaf. */
const OCCURRENCE = /\{\{=(.+?)=\}\}|\{\{([^{}]+)\}\}/g;
const REFERENCE = /\{\{([^{}]+)\}\}/g;
const SET_VARIABLE_CALL = /(setVariable\(\s*)(['"`])(.+?)\2/g;

/** The `{{Name}}` references of a text, in order (repeats included). */
export function mentionedNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(OCCURRENCE)) {
    if (match[1] !== undefined) for (const inner of match[1].matchAll(REFERENCE)) names.push(inner[1]!);
    else names.push(match[2]!);
  }
  return names;
}

/** A name a `{{…}}` reference can hold: not empty, no braces. */
export function isMentionableName(name: string): boolean {
  return name !== '' && !/[{}]/.test(name);
}

/** A string literal code reads back as `name`, in the quotes it had when they allow. */
function quoted(name: string, quote: string): string {
  return name.includes(quote) || name.includes('\\') || name.includes('${')
    ? JSON.stringify(name)
    : quote + name + quote;
}

/** The text with every mention of `oldName` naming `newName` instead; the same string when there is none. */
export function renameInText(text: string, oldName: string, newName: string): string {
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

/** Every string of a JSON tree renamed; unchanged subtrees are the same objects. */
export function renameInJson<T>(value: T, oldName: string, newName: string): T {
  if (typeof value === 'string') return renameInText(value, oldName, newName) as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => renameInJson(item, oldName, newName));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (isRecord(value)) {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const next = renameInJson(item, oldName, newName);
      if (next !== item) (copy ??= { ...value })[key] = next;
    }
    return (copy ?? value) as T;
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
