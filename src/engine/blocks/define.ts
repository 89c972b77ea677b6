// What a block type is before anything runs it: its wire id, the palette's words
// and icon for it and where the palette shows it. Each block folder's
// `definition.ts` declares one, importing nothing but this file, so the
// console and the chat bundle can read block types without loading the engine
// that runs them.

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
  /**
   * The block's icon beside its label in the palette and on the canvas: the name of a `lucide-static` export
   * ("Star"). Only a name, so the server and the chat bundle never load icons: the console's icon list
   * (web/console/editor/generated-icons.ts, written from the definitions) imports the ones named.
   */
  readonly icon: string;
  /** Inputs: the placeholder the chat widget shows when the block sets none (written into new blocks). */
  readonly placeholder?: string;
  /**
   * Its items are conditions tried in order; none holding, the block's own edge (else the next block) is taken:
   * the editor draws an edge from each item and from the block, and the outline says "otherwise".
   */
  readonly itemsAreConditions?: boolean;
  /** Inputs whose replies an assistant scripting a preview would not guess: what a reply looks like (docs/engine-behaviour.md). */
  readonly replyHint?: string;
}

/** Declares a block type; `T` keeps the wire id as a literal, so the type list is derived from the folders. */
export function defineBlockType<const T extends string>(definition: BlockTypeDefinition<T>): BlockTypeDefinition<T> {
  return definition;
}
