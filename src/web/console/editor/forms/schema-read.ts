import type { Json } from '../draft';
import { isObject } from '../../json';
import { choicesOf } from '../../../../engine/shapes/choices';

// Reading a field's JSON Schema (the API's blockTypes) for the form: its
// words, its types, and whether the form draws it.

/** "isLong" → "Is long", "variableId" → "Variable". */
export function humanize(key: string): string {
  const words = key
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function typesOf(schema: Json): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  const alternatives = [
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
  ].filter(isObject);
  return alternatives.flatMap(typesOf);
}

export const labelOf = (name: string, schema: Json): string =>
  typeof schema.title === 'string' ? schema.title : humanize(name);

export const descriptionOf = (schema: Json): string | undefined =>
  typeof schema.description === 'string' ? schema.description : undefined;

/** The default as a placeholder (scalars only). */
export const placeholderOf = (schema: Json): string | undefined =>
  schema.default !== undefined && typeof schema.default !== 'object' ? String(schema.default) : undefined;

export const widgetOf = (schema: Json): string | undefined =>
  typeof schema['x-parley-widget'] === 'string' ? schema['x-parley-widget'] : undefined;

/** A keyword naming a sibling field (`x-parley-group-field`, `x-parley-bot-field`). */
export const siblingKey = (schema: Json, keyword: string): string | undefined =>
  typeof schema[keyword] === 'string' ? schema[keyword] : undefined;

/** The credential types a field accepts (`x-parley-credentials`); undefined: any. */
export function credentialKinds(schema: Json): string[] | undefined {
  const kinds = schema['x-parley-credentials'];
  return Array.isArray(kinds) ? kinds.filter((kind): kind is string => typeof kind === 'string') : undefined;
}

/** The object alternative of a field that is a text or an object (a message's content). */
export function objectAlternative(schema: Json): Json | undefined {
  const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf.filter(isObject) : [];
  return alternatives.find((alternative) => alternative.type === 'object' && isObject(alternative.properties));
}

/** Whether the form draws a field (else it is only in the advanced JSON). */
export function drawable(schema: Json): boolean {
  const types = typesOf(schema);
  if (widgetOf(schema) || choicesOf(schema)) return true;
  if (types.includes('array')) return isObject(schema.items);
  if (types.includes('object') && !types.includes('string')) return isObject(schema.properties);
  return types.some((type) => ['string', 'number', 'integer', 'boolean'].includes(type));
}

/** "Headers" → "Header", "Save in variables" → "Save in variable": one row of a list, for its buttons. */
export function singular(label: string): string {
  if (/ies$/.test(label)) return label.replace(/ies$/, 'y');
  if (/[^s]s$/.test(label)) return label.slice(0, -1);
  return label;
}
