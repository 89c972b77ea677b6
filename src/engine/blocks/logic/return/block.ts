import { NO_OPTIONS } from '../../options';
import type { LogicHandler } from '../../handler';
import definition from './definition';

/** Goes back to the block remembered by the last Jump, command or event. */
export const returnBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  options: NO_OPTIONS,
  execute(_block, ctx) {
    const mark = ctx.state.returnMark;
    if (!mark) return { kind: 'next' };
    const group = ctx.bot.groups.find((candidate) => candidate.blocks.some((block) => block.id === mark.blockId));
    if (!group) {
      // The reference crashes (500) here; a log and going on is what a builder can act on.
      ctx.log({ status: 'error', description: 'Could not find block to return to' });
      ctx.state.returnMark = undefined;
      return { kind: 'next' };
    }
    ctx.state.returnMark = mark.autoResumeMessage ? { ...mark, status: 'called' } : undefined;
    return { kind: 'goto', edgeId: ctx.virtualEdge({ groupId: group.id, blockId: mark.blockId }) };
  },
};

export default returnBlock;
