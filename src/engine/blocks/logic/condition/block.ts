import { NO_OPTIONS, opt, optionsSchema } from '../../options';
import { ComparisonOperators, type Condition } from '../../../conditions/evaluate';

/** A condition as the editor writes it (item `content`; display conditions of items share it). */
export const conditionSchema = () =>
  opt.object(
    {
      logicalOperator: opt.string({ title: 'Combine with' }).meta({ enum: ['AND', 'OR'] }),
      comparisons: opt.objectList(
        {
          variableId: opt.variable('Variable'),
          comparisonOperator: opt.string({ title: 'Operator' }).meta({ enum: Object.values(ComparisonOperators) }),
          value: opt.string({ title: 'Value' }),
        },
        { title: 'Comparisons' },
      ),
    },
    { title: 'Condition' },
  );
import type { LogicHandler } from '../../handler';
import definition from './definition';

/**
 * The first item whose condition holds wins: its edge, or the end of the walk
 * when it has none (the rest of the group does not run). No item: the block's
 * own edge (the "else" path), or the next block.
 */
export const conditionBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  newBlock: {
    items: [{ content: { logicalOperator: 'AND', comparisons: [{ comparisonOperator: 'Equal to', value: '' }] } }],
  },
  options: NO_OPTIONS,
  item: optionsSchema({ content: conditionSchema() }),
  itemWithoutEdgeEndsWalk: true,
  async execute(block, ctx) {
    for (const item of block.items ?? []) {
      if (!(await ctx.evaluateCondition(item.content as Condition | undefined))) continue;
      return item.outgoingEdgeId ? { kind: 'goto', edgeId: item.outgoingEdgeId } : { kind: 'end' };
    }
    return block.outgoingEdgeId ? { kind: 'goto', edgeId: block.outgoingEdgeId } : { kind: 'next' };
  },
};

export default conditionBlock;
