import type { BlockHandler } from '../blocks/handler';
import { handlerFor } from '../blocks/registry';
import type { BotDefinition } from '../definition/parse';
import type { BlockDefinition, GroupDefinition } from '../definition/schema';

/** A block the engine has a handler for, with its group and its path in the definition. */
export interface Located {
  group: GroupDefinition;
  block: BlockDefinition;
  handler: BlockHandler;
  path: (string | number)[];
}

export function located(definition: BotDefinition): Located[] {
  const out: Located[] = [];
  definition.groups.forEach((group, g) =>
    group.blocks.forEach((block, b) => {
      const handler = handlerFor(block.type);
      if (handler) out.push({ group, block, handler, path: ['groups', g, 'blocks', b] });
    }),
  );
  return out;
}
