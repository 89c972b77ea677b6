import { choicesOf, fieldsFor, modesOf, variantFields, type Modes } from '../../src/engine/shapes/choices';
import { shapeRuleOf } from '../../src/engine/shapes/values';
import { drawable, labelOf, typesOf, widgetOf } from '../../src/web/console/editor/forms/schema-read';

// What every-block-form.browser.test.ts expects of a block's form, read from
// the block type's author JSON Schema alone (src/engine/blocks/form-schema.ts):
// which fields take one of a list of values, what each mode shows, which text
// field can be changed, and the block a bot is created with.

export type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field taking one of a list of values, where it is in the options and what its select must offer. */
export interface ChoiceSpot {
  path: string[];
  label: string;
  choices: { value: string; title: string }[];
}

/** The list-of-values fields the form shows for `value` (its mode's own and every mode's), objects' fields included. */
export function choiceSpots(schema: Node, value: Node = {}, path: string[] = []): ChoiceSpot[] {
  return Object.entries(fieldsFor(schema, value)).flatMap(([key, field]) => {
    if (!drawable(field)) return [];
    const choices = choicesOf(field);
    if (choices && !widgetOf(field)) return [{ path: [...path, key], label: labelOf(key, field), choices }];
    if (isNode(field.properties) && typesOf(field).includes('object'))
      return choiceSpots(field, isNode(value[key]) ? value[key] : {}, [...path, key]);
    return [];
  });
}

/** Labels of the fields drawn for `fields`, down through objects and list rows (a mode may show a label twice). */
export function labelsOf(fields: Record<string, Node>): string[] {
  return Object.entries(fields).flatMap(([key, field]) => {
    if (!drawable(field)) return [];
    const inner = isNode(field.items) ? field.items : field;
    return [labelOf(key, field), ...(isNode(inner.properties) ? labelsOf(allFields(inner)) : [])];
  });
}

/** Every field an object may hold, every mode's included. */
function allFields(schema: Node): Record<string, Node> {
  const modes = modesOf(schema);
  const common = Object.fromEntries(
    Object.entries(isNode(schema.properties) ? schema.properties : {}).filter((entry): entry is [string, Node] =>
      isNode(entry[1]),
    ),
  );
  return modes ? Object.assign(common, ...modes.variants.map((variant) => variantFields(modes, variant))) : common;
}

/** How many fields the form draws, nested ones included: the richest forms get their picture. */
export const fieldCount = (schema: Node): number => labelsOf(allFields(schema)).length;

export interface Mode {
  value: string;
  title: string;
  /** Labels of the mode's own fields, top level (each must show). */
  own: string[];
  /** Labels the mode may show: its own and every mode's, nested ones included. */
  allowed: Set<string>;
}

/** The modes of a block's options, in order ("None chosen yet" left out), with what each shows. */
export function modesIn(schema: Node): { modes: Modes; label: string; list: Mode[] } | undefined {
  const modes = modesOf(schema);
  if (!modes) return undefined;
  const common = Object.fromEntries(
    Object.entries(isNode(schema.properties) ? schema.properties : {}).filter(
      (entry): entry is [string, Node] => isNode(entry[1]) && entry[0] !== modes.key,
    ),
  );
  const list = modes.variants.flatMap((variant) => {
    const own = isNode(variant.properties) ? variant.properties[modes.key] : undefined;
    if (!isNode(own) || typeof own.const !== 'string') return [];
    const fields = variantFields(modes, variant);
    return [
      {
        value: own.const,
        title: typeof variant.title === 'string' ? variant.title : own.const,
        own: Object.entries(fields)
          .filter(([, field]) => drawable(field))
          .map(([key, field]) => labelOf(key, field)),
        allowed: new Set([...labelsOf(common), ...labelsOf(fields), labelOf(modes.key, schema.properties as Node)]),
      },
    ];
  });
  const keyField =
    isNode(schema.properties) && isNode(schema.properties[modes.key]) ? schema.properties[modes.key] : {};
  return { modes, label: labelOf(modes.key, keyField as Node), list };
}

/** Two modes that show different fields of their own (the first with some), to switch between. */
export function modePair(list: Mode[]): [Mode, Mode] | undefined {
  const first = list.find((mode) => mode.own.length > 0);
  const second = first && list.find((mode) => mode !== first && mode.own.some((label) => !first.allowed.has(label)));
  return first && second ? [first, second] : undefined;
}

/** A top-level text (else number, else switch) field the form draws as a plain input: its key, label, what to type (none: tick it). */
export function plainField(
  schema: Node,
  token: string,
): { key: string; label: string; typed?: string; saved: unknown } | undefined {
  const fields = Object.entries(isNode(schema.properties) ? schema.properties : {}).filter(
    (entry): entry is [string, Node] =>
      isNode(entry[1]) && drawable(entry[1]) && !widgetOf(entry[1]) && !choicesOf(entry[1]) && !shapeRuleOf(entry[1]),
  );
  const text = fields.find(([, field]) => typesOf(field).join() === 'string');
  if (text) return { key: text[0], label: labelOf(text[0], text[1]), typed: token, saved: token };
  const number = fields.find(([, field]) => {
    const types = typesOf(field);
    const fits =
      (typeof field.minimum !== 'number' || field.minimum <= 7) &&
      (typeof field.maximum !== 'number' || field.maximum >= 7);
    return fits && !types.includes('string') && (types.includes('number') || types.includes('integer'));
  });
  if (number) return { key: number[0], label: labelOf(number[0], number[1]), typed: '7', saved: 7 };
  const check = fields.find(([, field]) => typesOf(field).join() === 'boolean' && field.default !== true);
  if (check) return { key: check[0], label: labelOf(check[0], check[1]), saved: true };
  return undefined;
}

export const at = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>((node, key) => (isNode(node) ? node[key] : undefined), value);

/** `value` with `path` set to `next` (objects on the way made). */
export function setAt(value: Node, path: string[], next: unknown): Node {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const inner = isNode(value[key]) ? value[key] : {};
  return { ...value, [key]: rest.length ? setAt(inner, rest, next) : next };
}

/** The palette's block for a type, with the ids the editor gives (its items' and their comparisons'). */
export function blockWithIds(id: string, type: string, defaultBlock: Node, options: Node): Node {
  const items = Array.isArray(defaultBlock.items)
    ? defaultBlock.items.filter(isNode).map((item, n) => {
        const content = isNode(item.content) ? item.content : undefined;
        const comparisons = Array.isArray(content?.comparisons)
          ? content.comparisons.filter(isNode).map((comparison, c) => ({ ...comparison, id: `${id}-i${n}-c${c}` }))
          : undefined;
        return { ...item, id: `${id}-i${n}`, ...(comparisons ? { content: { ...content, comparisons } } : {}) };
      })
    : undefined;
  return { ...defaultBlock, id, type, options, ...(items ? { items } : {}) };
}
