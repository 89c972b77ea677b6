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
import type { Lack, LogicHandler } from '../../handler';
import { asRecord, isBlank } from '../../../json';
import type { BlockDefinition } from '../../../definition/schema';
import definition from './definition';

/** Operators that compare with nothing. */
const WITHOUT_VALUE = new Set(['Is set', 'Is empty']);

function lacks(block: BlockDefinition): Lack[] {
  return (block.items ?? []).flatMap((item, i) => {
    const comparisons = asRecord(item.content).comparisons;
    if (!Array.isArray(comparisons) || comparisons.length === 0)
      return [
        { message: `Condition ${i + 1} compares nothing: it never holds`, at: ['items', i, 'content', 'comparisons'] },
      ];
    return comparisons.flatMap((raw, c) => {
      const comparison = asRecord(raw);
      const where = ['items', i, 'content', 'comparisons', c];
      const name = `Condition ${i + 1}, comparison ${c + 1}`;
      if (isBlank(comparison.variableId))
        return [{ message: `${name} compares no variable: it never holds`, at: [...where, 'variableId'] }];
      if (isBlank(comparison.comparisonOperator))
        return [{ message: `${name} has no operator: it never holds`, at: [...where, 'comparisonOperator'] }];
      if (!WITHOUT_VALUE.has(String(comparison.comparisonOperator)) && isBlank(comparison.value))
        return [{ message: `${name} has no value to compare with`, at: [...where, 'value'] }];
      return [];
    });
  });
}

/**
 * The first item whose condition holds wins: its edge, or the end of the walk
 * when it has none (the rest of the group does not run). No item: the block's
 * own edge (the "else" path), or the next block.
 */
export const conditionBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  lacks,
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
