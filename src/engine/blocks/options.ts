import { z } from 'zod';
import type { BlockDefinition } from '../definition/schema';
import { shapeProblem, type ShapeRule } from '../shapes/values';
import type { Choice } from '../shapes/choices';
import { MODES_META, type ModesMeta } from './form-schema';

// Each block module declares the schema of its `options`; handlers read them
// typed, through readOptions. Schemas are lenient as the runtime always was:
// a field of the wrong type reads as absent (the block then uses its
// default), unknown fields are kept, and no definition that loads is refused.
// Options are parsed once per block object: runtime definitions are immutable
// and shared across turns (snapshot cache), and toRuntimeBot parses them all
// when a definition is loaded.
//
// The same schemas describe the options to the editor (blocks/catalog.ts
// turns them into JSON Schema): `.meta()` gives a field its title and the
// widget that edits it. Lists are read leniently (entries of another shape
// dropped), which JSON Schema cannot see through a transform, so they carry
// the shape of their entries as metadata.

/**
 * How the editor edits a field beyond its JSON type: references are picked
 * among what they name (a variable of the bot, credentials of the workspace,
 * a group or a block of the bot, a bot of the workspace); a time zone is
 * typed with the zones the browser knows offered.
 */
export type Widget = 'variable' | 'credentials' | 'code' | 'richText' | 'group' | 'block' | 'bot' | 'timeZone';

export interface FieldMeta {
  title?: string;
  description?: string;
  widget?: Widget;
  /** Further JSON Schema keywords for the editor (`x-parley-…`: which field a block picker follows…). */
  keywords?: Record<string, unknown>;
}

/** zod metadata as JSON Schema keywords (the widget under its vendor key). */
function jsonMeta({ title, description, widget, keywords }: FieldMeta): Record<string, unknown> {
  const meta: Record<string, unknown> = { ...keywords };
  if (title) meta.title = title;
  if (description) meta.description = description;
  if (widget) meta['x-parley-widget'] = widget;
  return meta;
}

/** A value a field takes, as a module writes it: the value itself when it reads well, else with its words. */
export type ChoiceInput = string | Choice;

const asChoice = (choice: ChoiceInput): Choice =>
  typeof choice === 'string' ? { value: choice, title: choice } : choice;

/** The JSON Schema keywords of a field taking one of `choices` (form-schema.ts: `oneOf` of `const` with words). */
function choiceKeywords(choices: readonly ChoiceInput[]): { oneOf: { const: string; title: string }[] } {
  return { oneOf: choices.map(asChoice).map(({ value, title }) => ({ const: value, title })) };
}

/** The JSON Schema of an entry as an author writes it (the `$schema` header left to the document). */
function entrySchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _header, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

/** Bounds of a number field. */
export interface Bounds {
  minimum?: number;
  maximum?: number;
}

/**
 * A field held to a shape: a value without it reads as absent (the block's
 * default), as one of another type does; the rule goes into the JSON Schema
 * (`x-parley-shape`, `minimum`, `maximum`) for the editor and the problems of a draft.
 */
function shaped<T extends z.ZodType>(base: T, rule: ShapeRule, meta: FieldMeta, readAsWritten = false) {
  const bounds = {
    ...(rule.minimum !== undefined ? { minimum: rule.minimum } : {}),
    ...(rule.maximum !== undefined ? { maximum: rule.maximum } : {}),
  };
  return (readAsWritten ? base : base.refine((value) => shapeProblem(rule, value) === undefined))
    .optional()
    .catch(undefined)
    .meta({ ...jsonMeta(meta), 'x-parley-shape': rule.shape, ...bounds });
}

/** Lenient fields: absent when missing or of another type. */
export const opt = {
  string: (meta: FieldMeta = {}) => z.string().optional().catch(undefined).meta(jsonMeta(meta)),
  boolean: (meta: FieldMeta = {}) => z.boolean().optional().catch(undefined).meta(jsonMeta(meta)),
  number: (meta: FieldMeta = {}) => z.number().optional().catch(undefined).meta(jsonMeta(meta)),
  /** The id of a variable (the editor offers the bot's variables). */
  variable: (title = 'Variable', description?: string) => opt.string({ title, description, widget: 'variable' }),
  /**
   * A text taking one of `choices` (the editor's select, in words). Read as
   * any text, as before: the block decides what a value it does not know
   * does; `unknown` says it in words for the problem the draft then has.
   */
  choice: (choices: readonly ChoiceInput[], meta: FieldMeta & { unknown?: string } = {}) =>
    z
      .string()
      .optional()
      .catch(undefined)
      .meta({
        ...jsonMeta(meta),
        ...choiceKeywords(choices),
        ...(meta.unknown ? { 'x-parley-unknown': meta.unknown } : {}),
      }),
  /** The id of a group of the bot, or a {{variable}} naming one at run time (the editor offers the draft's groups). */
  group: (meta: FieldMeta = {}) => opt.string({ title: 'Group', ...meta, widget: 'group' }),
  /** The id of a block of the group `groupKey` names (the editor offers that group's blocks). */
  block: (groupKey: string, meta: FieldMeta = {}) =>
    opt.string({
      title: 'Block',
      ...meta,
      widget: 'block',
      keywords: { ...meta.keywords, 'x-parley-group-field': groupKey },
    }),
  /** The id of a bot of the workspace (the editor offers them, "This bot" for `current`). */
  bot: (meta: FieldMeta = {}) => opt.string({ title: 'Bot', ...meta, widget: 'bot' }),
  /** The id of saved credentials (the editor offers the workspace's credentials of the block's kind). */
  credentials: () => opt.string({ title: 'Account', widget: 'credentials' }),
  /** A number or a text (a {{variable}} or a numeric text), as several limits are written. */
  numberOrString: (meta: FieldMeta = {}) =>
    z.union([z.number(), z.string()]).optional().catch(undefined).meta(jsonMeta(meta)),
  /** A CSS colour (#2563eb, rgb(…), a name) or a {{variable}}. */
  color: (meta: FieldMeta = {}) => shaped(z.string(), { shape: 'color' }, meta),
  /** A CSS length of a size (400px, 100%, 32rem) or a {{variable}}. */
  length: (meta: FieldMeta = {}) => shaped(z.string(), { shape: 'length' }, meta),
  /** A web address (http(s), or an inline data: picture) or text mentioning a {{variable}}. */
  url: (meta: FieldMeta = {}) => shaped(z.string(), { shape: 'url' }, meta),
  /**
   * A number within bounds. `readAsWritten`: the block clamps or ignores a
   * number out of bounds itself, so the engine reads any number as before and
   * only the editor and the save hold it to the bounds.
   */
  boundedNumber: (bounds: Bounds, meta: FieldMeta = {}, { readAsWritten = false }: { readAsWritten?: boolean } = {}) =>
    shaped(z.number(), { shape: 'number', ...bounds }, meta, readAsWritten),
  /** A whole number within bounds. */
  integer: (bounds: Bounds, meta: FieldMeta = {}) => shaped(z.number(), { shape: 'integer', ...bounds }, meta),
  /**
   * A number, a numeric text or a {{variable}}, within bounds (limits written
   * either way). `readAsWritten`: the block parses the text itself (loosely,
   * "1,5" as 1.5), so the engine reads any number or text as before and only
   * the editor and the save hold it to the shape.
   */
  numberOrStringWithin: (
    bounds: Bounds & { integer?: boolean },
    meta: FieldMeta = {},
    { readAsWritten = false }: { readAsWritten?: boolean } = {},
  ) =>
    shaped(
      z.union([z.number(), z.string()]),
      { shape: bounds.integer ? 'integer' : 'number', minimum: bounds.minimum, maximum: bounds.maximum },
      meta,
      readAsWritten,
    ),
  stringList: (meta: FieldMeta = {}) =>
    z
      .array(z.unknown())
      .optional()
      .catch(undefined)
      .transform((list) => list?.filter((item): item is string => typeof item === 'string'))
      .meta({ ...jsonMeta(meta), items: { type: 'string' } }),
  /** A list of objects (rows, mappings): other entries dropped. `modes`: the fields of an entry depend on one of them. */
  objectList: <T extends z.ZodRawShape>(shape: T, meta: FieldMeta = {}, modes?: ModesMeta) => {
    const entry = z.looseObject(shape);
    const withEntryModes = modes ? entry.meta({ [MODES_META]: modes }) : entry;
    return z
      .array(z.unknown())
      .optional()
      .catch(undefined)
      .transform((list) =>
        (list ?? []).flatMap((item) => {
          const parsed = entry.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        }),
      )
      .meta({ ...jsonMeta(meta), items: entrySchema(withEntryModes) });
  },
  object: <T extends z.ZodRawShape>(shape: T, meta: FieldMeta = {}) =>
    z.looseObject(shape).optional().catch(undefined).meta(jsonMeta(meta)),
};

/** Builds a block's options schema: a loose object of lenient fields (absent options read as {}). */
export function optionsSchema<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(
    (value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}),
    z.looseObject(shape),
  );
}

export const NO_OPTIONS = optionsSchema({});

/** Schemas given modes (withModes), to the schema they describe: both read options the same way. */
const described = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `schema` with the modes the editor shows its fields in (form-schema.ts):
 * metadata only, read exactly as `schema` is (readOptions treats the two as
 * one), so a module may describe one schema per block type it serves.
 */
export function withModes<S extends z.ZodType>(schema: S, modes: ModesMeta): S {
  const copy = schema.meta({ [MODES_META]: modes }) as S;
  described.set(copy, described.get(schema) ?? schema);
  return copy;
}

const parsed = new WeakMap<BlockDefinition, Map<z.ZodType, unknown>>();

/** The block's options as its module's schema reads them (parsed once per block object and schema). */
export function readOptions<S extends z.ZodType>(schema: S, block: BlockDefinition): z.output<S> {
  const own = described.get(schema) ?? schema;
  let bySchema = parsed.get(block);
  if (!bySchema) {
    bySchema = new Map();
    parsed.set(block, bySchema);
  }
  if (bySchema.has(own)) return bySchema.get(own) as z.output<S>;
  const value = own.parse(block.options) as z.output<S>;
  bySchema.set(own, value);
  return value;
}
