import { z } from 'zod';
import type { BlockDefinition } from '../types';

// Each block module declares the schema of its `options`; handlers read them
// typed, through readOptions. Schemas are lenient as the runtime always was:
// a field of the wrong type reads as absent (the block then uses its
// default), unknown fields are kept, and no definition that loads is refused.
// Options are parsed once per block object: runtime definitions are immutable
// and shared across turns (snapshot cache), and toRuntimeBot parses them all
// when a definition is loaded.

/** Lenient fields: absent when missing or of another type. */
export const opt = {
  string: () => z.string().optional().catch(undefined),
  boolean: () => z.boolean().optional().catch(undefined),
  number: () => z.number().optional().catch(undefined),
  /** A number or a text (a {{variable}} or a numeric text), as several limits are written. */
  numberOrString: () => z.union([z.number(), z.string()]).optional().catch(undefined),
  stringList: () =>
    z
      .array(z.unknown())
      .optional()
      .catch(undefined)
      .transform((list) => list?.filter((item): item is string => typeof item === 'string')),
  /** A list of objects (rows, mappings): other entries dropped. */
  objectList: <T extends z.ZodRawShape>(shape: T) =>
    z
      .array(z.unknown())
      .optional()
      .catch(undefined)
      .transform((list) =>
        (list ?? []).flatMap((item) => {
          const parsed = z.looseObject(shape).safeParse(item);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
  object: <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).optional().catch(undefined),
};

/** Builds a block's options schema: a loose object of lenient fields (absent options read as {}). */
export function optionsSchema<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess((value) => (typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {}), z.looseObject(shape));
}

export const NO_OPTIONS = optionsSchema({});

const parsed = new WeakMap<BlockDefinition, Map<z.ZodType, unknown>>();

/** The block's options as its module's schema reads them (parsed once per block object and schema). */
export function readOptions<S extends z.ZodType>(schema: S, block: BlockDefinition): z.output<S> {
  let bySchema = parsed.get(block);
  if (!bySchema) {
    bySchema = new Map();
    parsed.set(block, bySchema);
  }
  if (bySchema.has(schema)) return bySchema.get(schema) as z.output<S>;
  const value = schema.parse(block.options);
  bySchema.set(schema, value);
  return value;
}
