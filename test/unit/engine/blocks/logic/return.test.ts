import { returnBlock } from '../../../../../src/engine/blocks/logic/return/block';
import type { BlockDefinition, GroupDefinition } from '../../../../../src/engine/definition/schema';
import type { ReturnMark } from '../../../../../src/engine/session';
import { testContext } from '../../../../helpers/engine';

const here = { id: 'gHere', title: 'Here', blocks: [{ id: 'ret1', type: 'Return' }] } as GroupDefinition;
const form = {
  id: 'gForm',
  title: 'Form',
  blocks: [
    { id: 'f1', type: 'text' },
    { id: 'f2', type: 'text input' },
  ],
} as GroupDefinition;

async function execute(mark: ReturnMark | undefined) {
  const { ctx, turn, state } = testContext({ group: here, bot: { groups: [here, form] } });
  state.returnMark = mark;
  const outcome = await returnBlock.execute(here.blocks[0] as BlockDefinition, ctx);
  return { outcome, state, logs: turn.output.logs, virtualEdges: state.queue[0]!.virtualEdges };
}

describe('Return block', () => {
  it('continues when there is no return mark', async () => {
    const { outcome, logs, virtualEdges } = await execute(undefined);
    expect(outcome).toEqual({ kind: 'next' });
    expect(logs).toEqual([]);
    expect(virtualEdges).toEqual([]);
  });

  it('goes back to the marked block through a virtual edge and clears the mark', async () => {
    const { outcome, state, virtualEdges } = await execute({ status: 'pending', blockId: 'f2' });
    expect(virtualEdges).toEqual([
      { id: 'virtual-gForm-f2', from: { blockId: '' }, to: { groupId: 'gForm', blockId: 'f2' } },
    ]);
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'virtual-gForm-f2' });
    expect(state.returnMark).toBeUndefined();
  });

  it('marks the return as called when it carries an auto-resume message (reply event)', async () => {
    const message = { type: 'text' as const, text: 'hello' };
    const { outcome, state } = await execute({ status: 'pending', blockId: 'f2', autoResumeMessage: message });
    expect(outcome).toEqual({ kind: 'goto', edgeId: 'virtual-gForm-f2' });
    expect(state.returnMark).toEqual({ status: 'called', blockId: 'f2', autoResumeMessage: message });
  });

  it('logs (instead of the reference 500), clears the mark and continues when the block is gone', async () => {
    const { outcome, state, logs, virtualEdges } = await execute({ status: 'pending', blockId: 'gone' });
    expect(outcome).toEqual({ kind: 'next' });
    expect(logs).toEqual([{ status: 'error', description: 'Could not find block to return to' }]);
    expect(state.returnMark).toBeUndefined();
    expect(virtualEdges).toEqual([]);
  });

  it('reuses (retargets) an existing virtual edge with the same id', async () => {
    const { ctx, state } = testContext({ group: here, bot: { groups: [here, form] } });
    state.queue[0]!.virtualEdges.push({
      id: 'virtual-gForm-f2',
      from: { blockId: '' },
      to: { groupId: 'gForm', blockId: 'f2' },
    });
    state.returnMark = { status: 'pending', blockId: 'f2' };
    await returnBlock.execute(here.blocks[0] as BlockDefinition, ctx);
    expect(state.queue[0]!.virtualEdges).toHaveLength(1);
  });
});
