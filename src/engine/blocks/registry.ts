import type { BlockDefinition } from '../definition/schema';
import { BLOCK_DEFINITIONS, type DefinedBlockType } from './definitions';
import { BLOCKS } from './generated/blocks';
import type { BlockHandler } from './handler';

/** Every wire type but the v5 start block, which the runtime migration removes. */
export type HandledBlockType = DefinedBlockType;

let built: Map<string, BlockHandler> | undefined;

/**
 * Every block folder's module (generated/blocks.ts lists them), keyed by its
 * wire `type`, in palette order. Built on first use: modules that read hooks
 * of other blocks (transcript, link) import this file, so the table cannot be
 * built while modules are still loading.
 */
function registry(): Map<string, BlockHandler> {
  if (built) return built;
  const byType = new Map(BLOCKS.map((handler) => [handler.type as string, handler]));
  built = new Map();
  for (const { type } of BLOCK_DEFINITIONS) {
    const handler = byType.get(type);
    // test/unit/engine/blocks/folders.test.ts says which folder lacks what; here the server refuses to start.
    if (!handler) throw new Error(`The block type "${type}" has a definition but no block.ts in its folder`);
    built.set(type, handler);
  }
  return built;
}

/** Every wire type the engine runs, in palette order. */
export function handledBlockTypes(): HandledBlockType[] {
  return [...registry().keys()] as HandledBlockType[];
}

/** The module for a block type; undefined for blocks the walker skips (a v5 start block). */
export function handlerFor(type: string): BlockHandler | undefined {
  return registry().get(type);
}

/** The blocks of a bot with their modules (analyses that read hooks). */
export function* blocksWithHandlers(
  groups: readonly { blocks: readonly BlockDefinition[] }[],
): Generator<[BlockDefinition, BlockHandler]> {
  for (const group of groups) {
    for (const block of group.blocks) {
      const handler = handlerFor(block.type);
      if (handler) yield [block, handler];
    }
  }
}
