import { z } from 'zod';
import { shapeProblem, shapeRuleOf } from '../shapes/values';
import { allProperties, applyModes } from './form-schema';

// Block schemas as JSON Schema (draft 2020-12), as an author writes the
// fields: zod reads them leniently, the editor and the problems of a draft
// hold them to their declared types, values and modes (form-schema.ts says
// how lists of values, modes and references are written).

export type JsonSchema = { [keyword: string]: unknown };

/** Fields whose key names what they hold: the editor's widget when the module did not say. */
const VARIABLE_KEY = /(^v|V)ariableId$/;

/** Words that read better than the key's own ("isLong" → "Long text"). */
const KEY_TITLES: Record<string, string> = { isLong: 'Long text', url: 'URL', id: 'ID', credentialsId: 'Account' };

/** A title for a field without one: "saveErrorInVariableId" → "Save error in variable". */
export function titleFromKey(key: string): string {
  const known = KEY_TITLES[key];
  if (known) return known;
  const words = key
    .replace(/^(is|has|should)(?=[A-Z])/, '')
    .replace(/Id$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Titles and widgets on every property, down through objects, lists and alternatives (mutates `schema`). */
function annotate(schema: JsonSchema): void {
  const properties = schema.properties;
  if (isSchema(properties)) {
    for (const [key, field] of Object.entries(properties)) {
      if (!isSchema(field)) continue;
      field.title ??= titleFromKey(key);
      if (field['x-parley-widget'] === undefined) {
        if (VARIABLE_KEY.test(key)) field['x-parley-widget'] = 'variable';
        else if (key === 'credentialsId') field['x-parley-widget'] = 'credentials';
      }
      annotate(field);
    }
  }
  if (isSchema(schema.items)) annotate(schema.items);
  if (Array.isArray(schema.anyOf)) schema.anyOf.filter(isSchema).forEach(annotate);
}

/** The JSON Schema of a block schema's input, every field titled, its modes a discriminated union. */
export function authorSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  annotate(json);
  applyModes(json);
  return json;
}

export interface SchemaIssue {
  message: string;
  path: (string | number)[];
  /** The field's title, when its schema gives one (shape issues). */
  title?: string;
}

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** `type` may list several (zod writes a union of plain types so: `["number", "string"]`). */
function hasType(value: unknown, type: unknown): boolean {
  if (Array.isArray(type)) return type.some((one) => hasType(value, one));
  const actual = typeOf(value);
  return type === actual || (type === 'number' && actual === 'integer');
}

/** "a number", "an object", "a number or a string". */
function typeWords(type: unknown): string {
  if (Array.isArray(type)) return type.map(typeWords).join(' or ');
  return `${type === 'array' || type === 'object' || type === 'integer' ? 'an' : 'a'} ${String(type)}`;
}

/**
 * Where `value` departs from `schema`: the keywords zod writes for block
 * schemas (type, properties, items, anyOf). A null field counts as absent:
 * exports write unset fields as null and the engine reads them so.
 */
export function schemaIssues(schema: JsonSchema, value: unknown, path: (string | number)[] = []): SchemaIssue[] {
  if (Array.isArray(schema.anyOf)) {
    const alternatives = schema.anyOf.filter(isSchema);
    if (alternatives.some((alternative) => schemaIssues(alternative, value, path).length === 0)) return [];
    return [{ message: `has an unexpected ${typeOf(value)}`, path }];
  }
  if (schema.type !== undefined && !hasType(value, schema.type)) {
    return [
      {
        message: `must be ${typeWords(schema.type)}, not ${typeOf(value)}`,
        path,
      },
    ];
  }
  const issues: SchemaIssue[] = [];
  if (isSchema(value)) {
    for (const [key, field] of Object.entries(allProperties(schema))) {
      const child = value[key];
      if (child === undefined || child === null) continue;
      issues.push(...schemaIssues(field, child, [...path, key]));
    }
  }
  if (isSchema(schema.items) && Array.isArray(value)) {
    const items = schema.items;
    value.forEach((item, index) => issues.push(...schemaIssues(items, item, [...path, index])));
  }
  return issues;
}

/**
 * Where `value` departs from the shapes its schema declares (`x-parley-shape`:
 * colours, lengths, addresses, bounded numbers), in the words the console's
 * forms show.
 */
export function shapeIssues(schema: JsonSchema, value: unknown, path: (string | number)[] = []): SchemaIssue[] {
  if (value === undefined || value === null) return [];
  const rule = shapeRuleOf(schema);
  if (rule) {
    const problem = shapeProblem(rule, value);
    return problem
      ? [{ message: problem, path, ...(typeof schema.title === 'string' ? { title: schema.title } : {}) }]
      : [];
  }
  const issues: SchemaIssue[] = [];
  if (isSchema(value))
    for (const [key, field] of Object.entries(allProperties(schema)))
      issues.push(...shapeIssues(field, value[key], [...path, key]));
  if (isSchema(schema.items) && Array.isArray(value)) {
    const items = schema.items;
    value.forEach((item, index) => issues.push(...shapeIssues(items, item, [...path, index])));
  }
  return issues;
}
