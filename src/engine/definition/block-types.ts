import { typesOf, BLOCK_DEFINITIONS, type DefinedBlockType } from '../blocks/definitions';

// Every block `type` wire value a Typebot export (v3 to v6.1) may contain:
// the block folders' types, and the v5 start block. Values are case- and
// space-sensitive ("webhook" is the logic wait-for-callback block, "Webhook"
// the HTTP request block).

export const BUBBLE_TYPES = typesOf('bubbles');

export const INPUT_TYPES = typesOf('inputs');

/** Only in versions before 6: the entry block of the start group. */
export const START_TYPE = 'start';

export type BlockType = DefinedBlockType | typeof START_TYPE;

export const BLOCK_TYPES: readonly [BlockType, ...BlockType[]] = [
  START_TYPE,
  ...BLOCK_DEFINITIONS.map((definition) => definition.type),
];
