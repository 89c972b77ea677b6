// What a block type is before anything runs it: its wire id, the palette's words
// for it and where the palette shows it. Each block folder's `definition.ts`
// declares one, importing nothing but this file, so the console and the chat
// bundle can read block types without loading the engine that runs them.

/** The palette's sections, in the order the palette shows them. */
export const PALETTE_CATEGORIES = ['bubbles', 'inputs', 'logic', 'integrations', 'ai'] as const;

export type PaletteCategory = (typeof PALETTE_CATEGORIES)[number];

export interface BlockTypeDefinition<T extends string = string> {
  /** The `type` wire value of a Typebot export (case- and space-sensitive). */
  readonly type: T;
  /** The block as the palette, problems and logs name it (never by its type id). */
  readonly label: string;
  readonly category: PaletteCategory;
  /** Its place within its palette section (lower first). */
  readonly order: number;
  /** Inputs: the placeholder the chat widget shows when the block sets none (written into new blocks). */
  readonly placeholder?: string;
}

/** Declares a block type; `T` keeps the wire id as a literal, so the type list is derived from the folders. */
export function defineBlockType<const T extends string>(definition: BlockTypeDefinition<T>): BlockTypeDefinition<T> {
  return definition;
}
