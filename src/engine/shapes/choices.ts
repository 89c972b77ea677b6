// Fields that take one of a list of values (a Set variable's kind of value, an
// AI block's action, a request's method), and blocks whose fields depend on
// one of them (their modes), as a block's author JSON Schema describes them
// (src/engine/blocks/form-schema.ts documents the convention). One module for
// the server (the problems of a draft, the refusal on save) and the console's
// forms (the select, the error at the field), so both say the same thing.
// Imports nothing: the console bundle takes it as it is.

type Node = Record<string, unknown>;

/** One value a field takes, with its words. */
export interface Choice {
  value: string;
  title: string;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The values a field takes: `oneOf: [{const, title}]` (words for each value),
 * or a plain `enum`. Undefined for a field that takes any value.
 */
export function choicesOf(schema: Node): Choice[] | undefined {
  if (
    Array.isArray(schema.oneOf) &&
    schema.oneOf.length > 0 &&
    schema.oneOf.every((entry) => isNode(entry) && 'const' in entry)
  )
    return (schema.oneOf as Node[]).map((entry) => ({
      value: String(entry.const),
      title: typeof entry.title === 'string' ? entry.title : String(entry.const),
    }));
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => ({ value: String(value), title: String(value) }));
  return undefined;
}

/** Longest list of values a problem spells out. */
const LISTED = 8;

/**
 * Why `value` is not one the field takes, in words; undefined when it is one
 * (or absent: the block's default). `unknown` says what the block does with a
 * value it does not know (the schema's `x-parley-unknown`).
 */
export function choiceProblem(choices: readonly Choice[], value: unknown, unknown?: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' && choices.some((choice) => choice.value === value)) return undefined;
  const named = choices.slice(0, LISTED).map((choice) => choice.title);
  const list = choices.length > LISTED ? `${named.join(', ')}…` : named.join(', ');
  const shown = typeof value === 'string' ? `“${value}”` : JSON.stringify(value);
  return `${shown} is not one of the values this field takes (${list})${unknown ? `: ${unknown}` : ''}`;
}

/** The keyword naming the field whose value picks a block's mode. */
export const DISCRIMINATOR = 'x-parley-discriminator';

/** A schema's modes: the discriminating field, its default, and each mode's own object schema. */
export interface Modes {
  key: string;
  default?: string;
  variants: Node[];
}

export function modesOf(schema: Node): Modes | undefined {
  const key = schema[DISCRIMINATOR];
  if (typeof key !== 'string' || !Array.isArray(schema.oneOf)) return undefined;
  const field = isNode(schema.properties) ? schema.properties[key] : undefined;
  const fallback = isNode(field) && typeof field.default === 'string' ? field.default : undefined;
  return { key, ...(fallback !== undefined ? { default: fallback } : {}), variants: schema.oneOf.filter(isNode) };
}

/** The mode value of an object (its default when absent). */
export function modeValue(modes: Modes, value: Node): string | undefined {
  const own = value[modes.key];
  return typeof own === 'string' && own !== '' ? own : modes.default;
}

/** The variant of `value`'s mode; undefined when the value names no mode. */
export function variantOf(modes: Modes, value: Node): Node | undefined {
  const mode = modeValue(modes, value);
  return modes.variants.find((variant) => {
    const own = isNode(variant.properties) ? variant.properties[modes.key] : undefined;
    return isNode(own) && own.const === mode;
  });
}

/** A variant's own fields (its discriminator's `const` left out). */
export function variantFields(modes: Modes, variant: Node | undefined): Record<string, Node> {
  const properties = variant && isNode(variant.properties) ? variant.properties : {};
  return Object.fromEntries(
    Object.entries(properties).filter((entry): entry is [string, Node] => entry[0] !== modes.key && isNode(entry[1])),
  );
}

/** The fields an object shows for its value: every mode's, and its own mode's. */
export function fieldsFor(schema: Node, value: Node): Record<string, Node> {
  const common = isNode(schema.properties) ? schema.properties : {};
  const fields: Record<string, Node> = {};
  for (const [key, field] of Object.entries(common)) if (isNode(field)) fields[key] = field;
  const modes = modesOf(schema);
  return modes ? { ...fields, ...variantFields(modes, variantOf(modes, value)) } : fields;
}

export interface ChoiceIssue {
  message: string;
  path: (string | number)[];
  title?: string;
}

/** Values not among the ones their field takes, down through objects (their mode's fields) and lists. */
export function choiceIssues(schema: Node, value: unknown, path: (string | number)[] = []): ChoiceIssue[] {
  if (value === undefined || value === null) return [];
  const choices = choicesOf(schema);
  if (choices) {
    const unknown = typeof schema['x-parley-unknown'] === 'string' ? schema['x-parley-unknown'] : undefined;
    const problem = choiceProblem(choices, value, unknown);
    return problem
      ? [{ message: problem, path, ...(typeof schema.title === 'string' ? { title: schema.title } : {}) }]
      : [];
  }
  const issues: ChoiceIssue[] = [];
  if (isNode(value))
    for (const [key, field] of Object.entries(fieldsFor(schema, value)))
      issues.push(...choiceIssues(field, value[key], [...path, key]));
  if (isNode(schema.items) && Array.isArray(value)) {
    const items = schema.items;
    value.forEach((item, index) => issues.push(...choiceIssues(items, item, [...path, index])));
  }
  return issues;
}
