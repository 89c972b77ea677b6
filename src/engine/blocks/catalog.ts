import type { BlockHandler } from './handler';
import { DEFAULT_DATE_FORMAT } from './inputs/date/block';
import { DEFAULT_RATING_LENGTH } from './inputs/rating/block';
import { DEFAULT_TIME_FORMAT } from './inputs/time/block';
import { DEFAULT_TIMEOUT_S } from './integrations/http-request/block';
import { authorSchema, type JsonSchema } from './json-schema';
import { BLOCK_LABELS } from '../shapes/block-labels';
import { DEFAULT_BUTTON_LABEL, DEFAULT_PLACEHOLDERS } from '../shapes/theme-defaults';
import { handledBlockTypes, handlerFor, type HandledBlockType } from './registry';

// What the flow editor knows of each block type the engine runs: its palette
// entry, the form of its options (generated from the module's own schema, so
// the editor and the engine read one description) and the block the palette
// inserts. Pure: the GraphQL API serves it as it is.

export type BlockCategory = 'bubbles' | 'inputs' | 'logic' | 'integrations' | 'ai';

/** A new block as the palette inserts it: ids (block, items, paths) are the editor's to give. */
export interface NewBlock {
  type: HandledBlockType;
  options?: Record<string, unknown>;
  content?: Record<string, unknown>;
  items?: Record<string, unknown>[];
}

export interface BlockTypeInfo {
  type: HandledBlockType;
  category: BlockCategory;
  label: string;
  /** JSON Schema (2020-12) of `options` as an author writes them; fields titled, `x-parley-widget` on variable, credentials, code and rich text fields. */
  optionsSchema: JsonSchema;
  /** Bubbles: JSON Schema of `content`; null for other blocks. */
  contentSchema: JsonSchema | null;
  /** Item-based blocks (Condition, buttons, picture choice): JSON Schema of each of `items`; null for other blocks. */
  itemSchema: JsonSchema | null;
  defaultBlock: NewBlock;
}

/** Palette names; a type without one does not compile. */
const LABELS: { [T in HandledBlockType]: string } = BLOCK_LABELS;

/** The AI blocks: the forge providers and the legacy OpenAI block. */
const AI_TYPES = new Set<HandledBlockType>([
  'OpenAI',
  'openai',
  'mistral',
  'anthropic',
  'together-ai',
  'open-router',
  'groq',
  'perplexity',
  'deepseek',
]);

const EMPTY_PARAGRAPH = [{ type: 'p', children: [{ text: '' }] }];

/** What a new block of the type holds besides its options' labels and retry message. */
const NEW_BLOCKS: Partial<Record<HandledBlockType, Omit<NewBlock, 'type'>>> = {
  text: { content: { richText: EMPTY_PARAGRAPH } },
  image: { content: {} },
  video: { content: {} },
  audio: { content: {} },
  embed: { content: {} },
  'text input': { options: { isLong: false } },
  'date input': { options: { hasTime: false, isRange: false, format: DEFAULT_DATE_FORMAT } },
  'time input': { options: { format: DEFAULT_TIME_FORMAT } },
  'rating input': { options: { length: DEFAULT_RATING_LENGTH } },
  'choice input': { options: { isMultipleChoice: false }, items: [{ content: '' }] },
  'picture choice input': { options: { isMultipleChoice: false }, items: [{}] },
  cards: { items: [{}] },
  'Set variable': { options: { type: 'Custom' } },
  Condition: {
    items: [{ content: { logicalOperator: 'AND', comparisons: [{ comparisonOperator: 'Equal to', value: '' }] } }],
  },
  Redirect: { options: { isNewTab: false } },
  // The script runs on the client unless the author says otherwise.
  Code: { options: { isExecutedOnClient: true } },
  'AB test': { options: { aPercent: 50 }, items: [{ path: 'a' }, { path: 'b' }] },
  Webhook: { options: { webhook: { method: 'POST' }, timeout: DEFAULT_TIMEOUT_S } },
};

function categoryOf(type: HandledBlockType, handler: BlockHandler): BlockCategory {
  if (AI_TYPES.has(type)) return 'ai';
  switch (handler.category) {
    case 'bubble':
      return 'bubbles';
    case 'input':
      return 'inputs';
    case 'logic':
      return 'logic';
    case 'integration':
      return 'integrations';
  }
}

/** An input's labels as the widget shows them when absent, and the retry message the engine sends. */
function inputDefaults(type: HandledBlockType, handler: BlockHandler): Record<string, unknown> {
  if (handler.category !== 'input') return {};
  // The placeholder and button label the chat widget shows when an input sets none: written into new blocks so
  // the author sees what visitors see.
  const placeholder = DEFAULT_PLACEHOLDERS[type];
  return {
    labels: { ...(placeholder ? { placeholder } : {}), button: DEFAULT_BUTTON_LABEL },
    ...(handler.defaultRetryMessage ? { retryMessageContent: handler.defaultRetryMessage } : {}),
  };
}

function defaultBlock(type: HandledBlockType, handler: BlockHandler): NewBlock {
  const own = NEW_BLOCKS[type] ?? {};
  const options = { ...inputDefaults(type, handler), ...own.options };
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
  catalog ??= handledBlockTypes().map((type) => {
    const handler = handlerFor(type)!;
    return {
      type,
      category: categoryOf(type, handler),
      label: LABELS[type],
      optionsSchema: withCredentialsTypes(authorSchema(handler.options), handler.credentialsTypes),
      contentSchema: handler.category === 'bubble' ? authorSchema(handler.content) : null,
      itemSchema: handler.item ? authorSchema(handler.item) : null,
      defaultBlock: defaultBlock(type, handler),
    };
  });
  return structuredClone(catalog);
}
