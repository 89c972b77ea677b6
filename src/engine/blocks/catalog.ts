import type { PaletteCategory } from './define';
import { BLOCK_DEFINITIONS } from './definitions';
import type { BlockHandler, NewBlockParts } from './handler';
import { authorSchema, type JsonSchema } from './json-schema';
import { DEFAULT_BUTTON_LABEL } from '../shapes/theme-defaults';
import { handlerFor, type HandledBlockType } from './registry';

// What the flow editor knows of each block type the engine runs: its palette
// entry (its folder's definition), the form of its options (generated from the
// module's own schema, so the editor and the engine read one description) and
// the block the palette inserts. Pure: the GraphQL API serves it as it is.

export type BlockCategory = PaletteCategory;

/** A new block as the palette inserts it: ids (block, items, paths) are the editor's to give. */
export interface NewBlock extends NewBlockParts {
  type: HandledBlockType;
}

export interface BlockTypeInfo {
  type: HandledBlockType;
  category: BlockCategory;
  label: string;
  /** JSON Schema (2020-12) of `options` as an author writes them (form-schema.ts: titles, widgets, lists of values, modes). */
  optionsSchema: JsonSchema;
  /** Bubbles: JSON Schema of `content`; null for other blocks. */
  contentSchema: JsonSchema | null;
  /** Item-based blocks (Condition, buttons, picture choice): JSON Schema of each of `items`; null for other blocks. */
  itemSchema: JsonSchema | null;
  defaultBlock: NewBlock;
}

/** An input's labels as the widget shows them when absent, and the retry message the engine sends. */
function inputDefaults(handler: BlockHandler, placeholder: string | undefined): Record<string, unknown> {
  if (handler.category !== 'input') return {};
  // The placeholder and button label the chat widget shows when an input sets none: written into new blocks so
  // the author sees what visitors see.
  return {
    labels: { ...(placeholder ? { placeholder } : {}), button: DEFAULT_BUTTON_LABEL },
    ...(handler.defaultRetryMessage ? { retryMessageContent: handler.defaultRetryMessage } : {}),
  };
}

function defaultBlock(type: HandledBlockType, handler: BlockHandler, placeholder: string | undefined): NewBlock {
  const own = handler.newBlock ?? {};
  const options = { ...inputDefaults(handler, placeholder), ...own.options };
  return { type, ...own, ...(Object.keys(options).length > 0 ? { options } : {}) };
}

/** The credentials field says which kinds of credentials it takes (`x-parley-credentials`), for the editor's picker. */
function withCredentialsTypes(schema: JsonSchema, types: readonly string[] | undefined): JsonSchema {
  const field = (schema.properties as Record<string, JsonSchema> | undefined)?.credentialsId;
  if (field && types) field['x-parley-credentials'] = [...types];
  return schema;
}

let catalog: BlockTypeInfo[] | undefined;

/** Every block type the engine runs, in palette order (built once: schemas do not change while running). */
export function blockCatalog(): BlockTypeInfo[] {
  catalog ??= BLOCK_DEFINITIONS.map(({ type, label, category, placeholder }) => {
    const handler = handlerFor(type)!;
    return {
      type,
      category,
      label,
      optionsSchema: withCredentialsTypes(authorSchema(handler.options), handler.credentialsTypes),
      contentSchema: handler.category === 'bubble' ? authorSchema(handler.content) : null,
      itemSchema: handler.item ? authorSchema(handler.item) : null,
      defaultBlock: defaultBlock(type, handler, placeholder),
    };
  });
  return structuredClone(catalog);
}
