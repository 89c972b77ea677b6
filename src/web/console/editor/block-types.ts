import type { DraftBlock, Json } from './draft';
import { isObject } from '../json';

// The block types the engine runs, as the API describes them (blockTypes):
// the palette lists them, and each block's form is drawn from its options'
// JSON Schema, so a new block type needs no console work beyond special widgets.

export type BlockCategory = 'bubbles' | 'inputs' | 'logic' | 'integrations' | 'ai';

export interface BlockTypeInfo {
  type: string;
  category: BlockCategory | string;
  label: string;
  /** JSON Schema of the block's options as an author writes them (src/engine/blocks/form-schema.ts: modes, lists of values, references). */
  optionsSchema: Json;
  /** Bubbles: JSON Schema of the content (rich text, a media address); null for other blocks. */
  contentSchema?: Json | null;
  /** Blocks with items: JSON Schema of an item (`x-parley-item-label` on the field a list is edited by); else null. */
  itemSchema?: Json | null;
  /** What the palette inserts (fresh ids are given on insertion). */
  defaultBlock: Json;
}

export const CATEGORIES: { id: BlockCategory; label: string }[] = [
  { id: 'bubbles', label: 'Bubbles' },
  { id: 'inputs', label: 'Inputs' },
  { id: 'logic', label: 'Logic' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'ai', label: 'AI' },
];

/** The words of a rich text (Slate) tree. */
export function richTextWords(value: unknown): string {
  const words: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isObject(node)) {
      if (typeof node.text === 'string') words.push(node.text);
      walk(node.children);
    }
  };
  walk(value);
  return words.join('').replace(/\s+/g, ' ').trim();
}

/** A line about what the block says or does, for its row on the canvas. */
export function blockSummary(block: DraftBlock, limit = 60): string {
  const content = isObject(block.content) ? block.content : undefined;
  const options = isObject(block.options) ? block.options : undefined;
  const raw =
    (content && (richTextWords(content.richText) || (typeof content.url === 'string' ? content.url : ''))) ||
    (options && typeof options.url === 'string' ? options.url : '') ||
    (options && isObject(options.labels) && typeof options.labels.placeholder === 'string'
      ? options.labels.placeholder
      : '') ||
    '';
  return raw.length > limit ? `${raw.slice(0, limit - 1)}…` : raw;
}

/** The API's blockTypes, their JSON fields read as objects (anything else as empty). */
export function readBlockTypes(
  raw: readonly {
    type: string;
    category: string;
    label: string;
    optionsSchema: unknown;
    contentSchema?: unknown;
    itemSchema?: unknown;
    defaultBlock: unknown;
  }[],
): BlockTypeInfo[] {
  return raw.map((entry) => ({
    type: entry.type,
    category: entry.category,
    label: entry.label,
    optionsSchema: isObject(entry.optionsSchema) ? entry.optionsSchema : {},
    contentSchema: isObject(entry.contentSchema) ? entry.contentSchema : null,
    itemSchema: isObject(entry.itemSchema) ? entry.itemSchema : null,
    defaultBlock: isObject(entry.defaultBlock) ? entry.defaultBlock : { type: entry.type },
  }));
}
