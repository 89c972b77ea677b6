import { jumpBlock } from '../../../../../src/engine/blocks/logic/jump/block';
import type { BlockDefinition, GroupDefinition } from '../../../../../src/engine/definition/schema';
import type { RuntimeVariable } from '../../../../../src/engine/session';
import { testContext } from '../../../../helpers/engine';

const variables: RuntimeVariable[] = [
  { id: 'vTarget', name: 'Target', value: 'Pricing' },
  { id: 'vMissing', name: 'Missing', value: 'No such title' },
];

const pricing: GroupDefinition = {
  id: 'gPricing',
  title: 'Pricing',
  blocks: [
    { id: 'p1', type: 'text' },
    { id: 'p2', type: 'text' },
  ],
} as GroupDefinition;
const after: GroupDefinition = {
  id: 'gAfter',
  title: 'After',
  blocks: [{ id: 'a1', type: 'text' }],
} as GroupDefinition;

function jump(options: Record<string, unknown> | undefined, outgoingEdgeId?: string): BlockDefinition {
  return {
    id: 'jump1',
    type: 'Jump',
    ...(options ? { options } : {}),
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  } as BlockDefinition;
}

async function execute(definition: BlockDefinition, following: BlockDefinition[] = []) {
  const group = { id: 'gHere', title: 'Here', blocks: [definition, ...following] } as GroupDefinition;
  const { ctx, turn, state } = testContext({
    variables,
    group,
    bot: {
      groups: [group, pricing, after],
      edges: [{ id: 'eAfter', from: { blockId: 'jump1' }, to: { groupId: 'gAfter' } }],
    },
  });
  const outcome = await jumpBlock.execute(definition, ctx);
  return { outcome, turn, state, logs: turn.output.logs, virtualEdges: state.queue[0]!.virtualEdges };
}

describe('Jump block', () => {
  it('continues when no group is set', async () => {
    const { outcome, state, virtualEdges } = await execute(jump(undefined));
    expect(outcome).toEqual({ kind: 'next' });
    expect(state.returnMark).toBeUndefined();
    expect(virtualEdges).toEqual([]);
    expect((await execute(jump({ groupId: '' }))).outcome).toEqual({ kind: 'next' });
  });

  it('goes to a group by id through a virtual edge, remembering the next block of its own group', async () => {
    const { outcome, state, virtualEdges, logs } = await execute(jump({ groupId: 'gPricing' }), [
      { id: 'next1', type: 'text' } as BlockDefinition,
    ]);
    expect(virtualEdges).toEqual([{ id: 'virtual-gPricing', from: { blockId: '' }, to: { groupId: 'gPricing' } }]);
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'virtual-gPricing' });
    expect(state.returnMark).toEqual({ status: 'pending', blockId: 'next1' });
    expect(logs).toEqual([]);
  });

  it('when last of its group, remembers the first block reached by its own edge', async () => {
    const { state } = await execute(jump({ groupId: 'gPricing' }, 'eAfter'));
    expect(state.returnMark).toEqual({ status: 'pending', blockId: 'a1' });
  });

  it('when last of its group without an edge, leaves no return mark', async () => {
    const { outcome, state } = await execute(jump({ groupId: 'gPricing' }));
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'virtual-gPricing' });
    expect(state.returnMark).toBeUndefined();
  });

  it('goes to a given block of the group', async () => {
    const { outcome, virtualEdges } = await execute(jump({ groupId: 'gPricing', blockId: 'p2' }));
    expect(virtualEdges).toEqual([
      { id: 'virtual-gPricing-p2', from: { blockId: '' }, to: { groupId: 'gPricing', blockId: 'p2' } },
    ]);
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'virtual-gPricing-p2' });
  });

  it('resolves a single {{variable}} as a group title', async () => {
    const { outcome } = await execute(jump({ groupId: '{{Target}}' }));
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'virtual-gPricing' });
  });

  it('logs and ends the walk when the group is not found (by id or by title)', async () => {
    for (const groupId of ['gNope', '{{Missing}}']) {
      const { outcome, logs, virtualEdges, state } = await execute(jump({ groupId }), [
        { id: 'next1', type: 'text' } as BlockDefinition,
      ]);
      expect(outcome).toEqual({ kind: 'end' });
      expect(logs).toEqual([{ status: 'error', description: 'Group to jump to is not found' }]);
      expect(virtualEdges).toEqual([]);
      expect(state.returnMark).toBeUndefined();
    }
  });

  it('logs and ends the walk when the block is not in the group', async () => {
    const { outcome, logs, virtualEdges } = await execute(jump({ groupId: 'gPricing', blockId: 'a1' }));
    expect(outcome).toEqual({ kind: 'end' });
    expect(logs).toEqual([{ status: 'error', description: 'Block to jump to is not found' }]);
    expect(virtualEdges).toEqual([]);
  });

  it('overwrites an older return mark (a single slot)', async () => {
    const group = {
      id: 'gHere',
      title: 'Here',
      blocks: [jump({ groupId: 'gPricing' }), { id: 'n', type: 'text' }],
    } as GroupDefinition;
    const { ctx, state } = testContext({ group, bot: { groups: [group, pricing] } });
    state.returnMark = { status: 'called', blockId: 'old', autoResumeMessage: { type: 'text', text: 'x' } };
    await jumpBlock.execute(group.blocks[0]!, ctx);
    expect(state.returnMark).toEqual({ status: 'pending', blockId: 'n' });
  });
});
