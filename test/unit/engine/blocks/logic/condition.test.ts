import { conditionBlock } from '../../../../../src/engine/blocks/logic/condition/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import type { RuntimeVariable } from '../../../../../src/engine/session';
import { testContext } from '../../../../helpers/engine';

const variables: RuntimeVariable[] = [
  { id: 'vAge', name: 'Age', value: '30' },
  { id: 'vName', name: 'Name', value: 'John' },
];

const equals = (variableId: string, value: string) => ({
  logicalOperator: 'AND',
  comparisons: [{ id: 'c', variableId, comparisonOperator: 'Equal to', value }],
});

function block(items: { content?: unknown; outgoingEdgeId?: string }[], outgoingEdgeId?: string): BlockDefinition {
  return {
    id: 'cond1',
    type: 'Condition',
    items: items.map((item, index) => ({ id: `item${index}`, ...item })),
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  } as BlockDefinition;
}

async function execute(definition: BlockDefinition) {
  const { ctx, turn } = testContext({ variables });
  return { outcome: await conditionBlock.execute(definition, ctx), turn };
}

describe('Condition block', () => {
  it('goes to the edge of the first item whose condition holds', async () => {
    const { outcome } = await execute(
      block(
        [
          { content: equals('vAge', '31'), outgoingEdgeId: 'eA' },
          { content: equals('vName', 'John'), outgoingEdgeId: 'eB' },
          { content: equals('vAge', '30'), outgoingEdgeId: 'eC' },
        ],
        'eElse',
      ),
    );
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'eB' });
  });

  it('ends the walk when the matching item has no edge (later items are not tried)', async () => {
    const { outcome } = await execute(
      block([{ content: equals('vAge', '30') }, { content: equals('vName', 'John'), outgoingEdgeId: 'eB' }], 'eElse'),
    );
    expect(outcome).toEqual({ kind: 'end' });
  });

  it('takes the block own edge (else path) when no item holds', async () => {
    const { outcome } = await execute(block([{ content: equals('vAge', '1'), outgoingEdgeId: 'eA' }], 'eElse'));
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'eElse' });
  });

  it('continues with the next block when no item holds and there is no else edge', async () => {
    expect((await execute(block([{ content: equals('vAge', '1'), outgoingEdgeId: 'eA' }]))).outcome).toEqual({
      kind: 'next',
    });
  });

  it('treats an item without content, or with no comparisons, as false', async () => {
    const { outcome } = await execute(
      block([{ outgoingEdgeId: 'eA' }, { content: { comparisons: [] }, outgoingEdgeId: 'eB' }], 'eElse'),
    );
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'eElse' });
  });

  it('continues when the block has no items at all, and logs nothing', async () => {
    const { outcome, turn } = await execute({ id: 'cond1', type: 'Condition' } as BlockDefinition);
    expect(outcome).toEqual({ kind: 'next' });
    expect(turn.output.logs).toEqual([]);
  });
});
