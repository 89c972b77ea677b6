import { choicesOf, DISCRIMINATOR, modesOf, variantFields } from '../shapes/choices';

export { choiceIssues } from '../shapes/choices';

// What a block's author JSON Schema says beyond JSON types, so that the
// editor's form is drawn from it alone and a draft's problems hold the block
// to it. The engine keeps reading options leniently (options.ts): these are
// descriptions, never parsing rules.
//
// Conventions (draft 2020-12 keywords, and ours under `x-parley-`):
//
// - A field taking one of a list of values: `oneOf` of `{const, title}`, the
//   title being the value in words ({"type": "string", "oneOf": [{"const":
//   "GET", "title": "GET"}, …]}). A value not in the list is an INVALID_VALUE
//   problem of the draft; `x-parley-unknown` says what the block does with it.
// - A block whose fields depend on one of its fields (its modes: Set
//   variable's `type`, an AI block's `action`): the object's `properties` hold
//   the fields of every mode in the order the form shows them (a mode's own
//   fields go right after the discriminating field), that field among them (its own
//   `oneOf` lists the modes in words, its `default` is the mode an absent
//   value reads as); `x-parley-discriminator` names it; `oneOf` holds one
//   variant per mode, in the same order: `{title, properties: {<key>: {const:
//   <mode>}, …the mode's own fields}, required: [<key>]}` (the default mode's
//   variant does not require it); without a default, a first variant
//   `{properties: {<key>: false}}` stands for no mode chosen yet. So exactly
//   one variant holds for each allowed value, as a JSON Schema validator
//   reads it; the editor picks it by the discriminator's value alone (as
//   OpenAPI's `discriminator` does). A mode with no fields of its own has a
//   variant all the same.
// - A list of rows (`type: array` of objects) may name one row
//   (`x-parley-row`: "Saved value") where its title does not ("Save in
//   variables"), and say what a new row holds (`x-parley-new-row`: a message
//   is the user's); the editor gives each new row an `id`.
// - References: `x-parley-widget` is `variable`, `credentials` (the kinds in
//   `x-parley-credentials`), `group`, `block` (of the group the sibling field
//   `x-parley-group-field` names), `bot` (`current` is the bot itself);
//   `timeZone` is a text offered the IANA zones.
//
// Modules declare modes with `withModes` (options.ts), as metadata under
// MODES_META that `authorSchema` turns into the form above.

type Node = Record<string, unknown>;

export const MODES_META = 'x-parley-modes';

/** A block's modes as its module declares them. */
export interface ModesMeta {
  /** The field whose value picks the mode. */
  key: string;
  /** The mode an absent value reads as. */
  default?: string;
  /** The modes offered, in order (when the block offers fewer than the field's own list). */
  choices?: readonly (string | { value: string; title: string })[];
  /** Each mode's own fields, in the order shown; a field no mode names shows in every mode. */
  fields: Readonly<Record<string, readonly string[]>>;
  /** Fields of every mode shown first, in this order (an account before the action); the rest as declared. */
  first?: readonly string[];
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Turns modules' mode metadata into the discriminated unions above, wherever they are (mutates `schema`). */
export function applyModes(schema: Node): void {
  if (isNode(schema.properties)) Object.values(schema.properties).filter(isNode).forEach(applyModes);
  if (isNode(schema.items)) applyModes(schema.items);
  if (Array.isArray(schema.anyOf)) schema.anyOf.filter(isNode).forEach(applyModes);
  const meta = schema[MODES_META] as ModesMeta | undefined;
  if (meta) discriminate(schema, meta);
}

function discriminate(schema: Node, meta: ModesMeta): void {
  delete schema[MODES_META];
  const properties = isNode(schema.properties) ? schema.properties : {};
  const keyField = properties[meta.key];
  if (!isNode(keyField)) throw new Error(`modes keyed by "${meta.key}", which is no field`);
  if (meta.choices)
    keyField.oneOf = meta.choices.map((choice) =>
      typeof choice === 'string' ? { const: choice, title: choice } : { const: choice.value, title: choice.title },
    );
  if (meta.default !== undefined) keyField.default = meta.default;
  const modes = choicesOf(keyField);
  if (!modes) throw new Error(`the mode field "${meta.key}" lists no values`);
  const own = new Set(Object.values(meta.fields).flat());
  for (const key of own) if (!isNode(properties[key])) throw new Error(`a mode shows "${key}", which is no field`);
  const common = Object.entries(properties).filter(([key]) => !own.has(key));
  const first = meta.first ?? [];
  const rank = (key: string) => (first.includes(key) ? first.indexOf(key) : first.length);
  // The JSON object's order is the form's: a stable sort keeps the declared order of the others.
  schema.properties = Object.fromEntries(common.sort(([a], [b]) => rank(a) - rank(b)));
  schema[DISCRIMINATOR] = meta.key;
  const variants: Node[] = modes.map(({ value, title }) => ({
    title,
    properties: {
      [meta.key]: { const: value },
      ...Object.fromEntries((meta.fields[value] ?? []).map((key) => [key, properties[key]])),
    },
    ...(value === meta.default ? {} : { required: [meta.key] }),
  }));
  // Without a default, a block may have no mode yet (a new AI block): its own variant, so the union still holds.
  if (meta.default === undefined) variants.unshift({ title: 'None chosen yet', properties: { [meta.key]: false } });
  schema.oneOf = variants;
}

/** Every field an object may hold, whatever its mode (a field has one schema in every mode). */
export function allProperties(schema: Node): Record<string, Node> {
  const common = isNode(schema.properties) ? schema.properties : {};
  const fields: Record<string, Node> = {};
  for (const [key, field] of Object.entries(common)) if (isNode(field)) fields[key] = field;
  const modes = modesOf(schema);
  if (modes)
    for (const variant of modes.variants)
      for (const [key, field] of Object.entries(variantFields(modes, variant))) fields[key] ??= field;
  return fields;
}
