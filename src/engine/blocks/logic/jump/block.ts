import { opt, optionsSchema, readOptions } from '../../options';
import type { BlockDefinition, EdgeDefinition } from '../../../definition/schema';
import type { BlockContext, LogicHandler } from '../../handler';
import { resolveGroup } from '../group-target';
import definition from './definition';

const options = optionsSchema({
  groupId: opt.group({ title: 'Group' }),
  // None: the group's first block.
  blockId: opt.block('groupId', { title: 'Block' }),
});

/** The block that would have run after `block`: the next one in its group, else the first one its own edge reaches. */
function nextBlockAfter(block: BlockDefinition, ctx: BlockContext, edges: EdgeDefinition[]): string | undefined {
  const following = ctx.group.blocks[ctx.blockIndex + 1];
  if (following) return following.id;
  const edge = edges.find((candidate) => candidate.id === block.outgoingEdgeId);
  if (!edge) return undefined;
  const target = ctx.bot.groups.find((group) => group.id === edge.to.groupId);
  return edge.to.blockId ?? target?.blocks[0]?.id;
}

/**
 * Goes to a group (or a block of it) and remembers where to come back: one
 * return slot, overwritten by the next jump (as the reference does).
 */
export const jumpBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  options,
  jumpTarget(block) {
    const { groupId, blockId } = readOptions(options, block);
    if (!groupId) return undefined;
    return { groupId, ...(blockId ? { blockId } : {}) };
  },
  execute(block, ctx) {
    const { groupId: groupOption, blockId: blockOption } = readOptions(options, block);
    if (!groupOption) return { kind: 'next' };
    const group = resolveGroup(groupOption, ctx.bot, ctx);
    if (!group) {
      ctx.log({ status: 'error', description: 'Group to jump to is not found' });
      return { kind: 'end' };
    }
    const blockId = blockOption || undefined;
    if (blockId && !group.blocks.some((candidate) => candidate.id === blockId)) {
      ctx.log({ status: 'error', description: 'Block to jump to is not found' });
      return { kind: 'end' };
    }
    const returnTo = nextBlockAfter(block, ctx, [...ctx.bot.edges, ...ctx.entry.virtualEdges]);
    ctx.state.returnMark = returnTo ? { status: 'pending', blockId: returnTo } : undefined;
    return { kind: 'goto', edgeId: ctx.virtualEdge({ groupId: group.id, blockId }) };
  },
};

export default jumpBlock;
