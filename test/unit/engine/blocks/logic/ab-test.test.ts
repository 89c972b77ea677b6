import { abTestBlock } from '../../../../../src/engine/blocks/logic/ab-test/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import { testContext } from '../../../../helpers/engine';

function block(
  options: Record<string, unknown> | undefined,
  edges: [string | undefined, string | undefined],
  outgoingEdgeId?: string,
): BlockDefinition {
  return {
    id: 'ab1',
    type: 'AB test',
    ...(options ? { options } : {}),
    items: [
      { id: 'a', ...(edges[0] ? { outgoingEdgeId: edges[0] } : {}) },
      { id: 'b', ...(edges[1] ? { outgoingEdgeId: edges[1] } : {}) },
    ],
    ...(outgoingEdgeId ? { outgoingEdgeId } : {}),
  } as BlockDefinition;
}

const run = async (random: number, definition: BlockDefinition) => {
  const { ctx, turn } = testContext({ env: { random: () => random } });
  const outcome = await abTestBlock.execute(definition, ctx);
  expect(turn.output.clientSideActions).toEqual([]);
  return outcome;
};

describe('AB test block', () => {
  it('splits at 50 % by default: r < 50 goes to A, else B', async () => {
    expect(await run(0, block(undefined, ['eA', 'eB']))).toEqual({ kind: 'goto', edgeId: 'eA' });
    expect(await run(0.4999, block(undefined, ['eA', 'eB']))).toEqual({ kind: 'goto', edgeId: 'eA' });
    expect(await run(0.5, block(undefined, ['eA', 'eB']))).toEqual({ kind: 'goto', edgeId: 'eB' });
    expect(await run(0.99, block({}, ['eA', 'eB']))).toEqual({ kind: 'goto', edgeId: 'eB' });
  });

  it('uses aPercent', async () => {
    expect(await run(0.7, block({ aPercent: 80 }, ['eA', 'eB']))).toEqual({ kind: 'goto', edgeId: 'eA' });
    expect(await run(0.8, block({ aPercent: 80 }, ['eA', 'eB']))).toEqual({ kind: 'goto', edgeId: 'eB' });
    expect(await run(0, block({ aPercent: 0 }, ['eA', 'eB']))).toEqual({ kind: 'goto', edgeId: 'eB' });
    expect(await run(0.999, block({ aPercent: 100 }, ['eA', 'eB']))).toEqual({ kind: 'goto', edgeId: 'eA' });
  });

  it('falls back to B when A is drawn but has no edge', async () => {
    expect(await run(0.1, block(undefined, [undefined, 'eB']))).toEqual({ kind: 'goto', edgeId: 'eB' });
  });

  it('continues when the drawn path has no edge and B has none either', async () => {
    expect(await run(0.9, block(undefined, ['eA', undefined]))).toEqual({ kind: 'next' });
    expect(await run(0.1, block(undefined, [undefined, undefined]))).toEqual({ kind: 'next' });
    expect(await run(0.1, { id: 'ab1', type: 'AB test' } as BlockDefinition)).toEqual({ kind: 'next' });
  });
});
