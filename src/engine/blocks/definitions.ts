import { PALETTE_CATEGORIES, type BlockTypeDefinition, type PaletteCategory } from './define';
import { DEFINITIONS } from './generated/definitions';

// Every block type as its folder defines it (generated/definitions.ts lists
// the folders), in palette order. No engine code: the console's flow view and
// the engine name blocks from here alike.

export type DefinedBlockType = (typeof DEFINITIONS)[number]['type'];

const rank = (definition: BlockTypeDefinition) =>
  PALETTE_CATEGORIES.indexOf(definition.category) * 1000 + definition.order;

/** Every block type, in palette order (its section, then its place in it). */
export const BLOCK_DEFINITIONS: readonly BlockTypeDefinition<DefinedBlockType>[] = [...DEFINITIONS].sort(
  (a, b) => rank(a) - rank(b),
);

const byType = new Map<string, BlockTypeDefinition<DefinedBlockType>>(
  BLOCK_DEFINITIONS.map((definition) => [definition.type, definition]),
);

export function blockDefinition(type: string): BlockTypeDefinition<DefinedBlockType> | undefined {
  return byType.get(type);
}

/** The types of one palette section, in palette order. */
export function typesOf(category: PaletteCategory): DefinedBlockType[] {
  return BLOCK_DEFINITIONS.filter((definition) => definition.category === category).map(
    (definition) => definition.type,
  );
}

/**
 * A block type's name as the palette shows it; an unknown type as it is.
 * Messages a person reads (problems, logs of a preview) name blocks so, never
 * by their type ids (`together-ai`, `Webhook`).
 */
export function blockLabel(type: string): string {
  return byType.get(type)?.label ?? type;
}
