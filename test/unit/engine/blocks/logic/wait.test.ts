import { waitBlock } from '../../../../../src/engine/blocks/logic/wait/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import type { RuntimeVariable } from '../../../../../src/engine/session';
import { testContext } from '../../../../helpers/engine';

const variables: RuntimeVariable[] = [
  { id: 'vDelay', name: 'Delay', value: '2,5' },
  { id: 'vWord', name: 'Word', value: 'soon' },
];

async function execute(options?: Record<string, unknown>) {
  const { ctx, turn } = testContext({ variables });
  const definition = { id: 'wait1', type: 'Wait', ...(options ? { options } : {}) } as BlockDefinition;
  const outcome = await waitBlock.execute(definition, ctx);
  return { outcome, actions: turn.output.clientSideActions, ctx, definition };
}

describe('Wait block', () => {
  it('continues without an action when no seconds are given', async () => {
    for (const options of [undefined, {}, { secondsToWaitFor: '' }]) {
      const { outcome, actions } = await execute(options);
      expect(outcome).toEqual({ kind: 'next' });
      expect(actions).toEqual([]);
    }
  });

  it('quirk: shouldPause without seconds does nothing', async () => {
    const { outcome, actions } = await execute({ shouldPause: true });
    expect(outcome).toEqual({ kind: 'next' });
    expect(actions).toEqual([]);
  });

  it('emits a client-side wait and continues (the server does not wait)', async () => {
    const { outcome, actions } = await execute({ secondsToWaitFor: '3' });
    expect(outcome).toEqual({ kind: 'next' });
    expect(actions).toEqual([{ type: 'wait', wait: { secondsToWaitFor: 3 } }]);
  });

  it('sends expectsDedicatedReply only when the block sets shouldPause', async () => {
    expect((await execute({ secondsToWaitFor: '3', shouldPause: false })).actions).toEqual([
      { type: 'wait', wait: { secondsToWaitFor: 3 }, expectsDedicatedReply: false },
    ]);
  });

  it('accepts decimals with a dot or a comma, also from a variable', async () => {
    expect((await execute({ secondsToWaitFor: '1.5' })).actions[0]!.wait).toEqual({ secondsToWaitFor: 1.5 });
    expect((await execute({ secondsToWaitFor: '1,5' })).actions[0]!.wait).toEqual({ secondsToWaitFor: 1.5 });
    expect((await execute({ secondsToWaitFor: '{{Delay}}' })).actions[0]!.wait).toEqual({ secondsToWaitFor: 2.5 });
  });

  it('continues silently when the value is not a number, even with shouldPause', async () => {
    for (const options of [{ secondsToWaitFor: 'abc' }, { secondsToWaitFor: '{{Word}}', shouldPause: true }]) {
      const { outcome, actions } = await execute(options);
      expect(outcome).toEqual({ kind: 'next' });
      expect(actions).toEqual([]);
    }
  });

  it('zero seconds: nothing, unless shouldPause (then a 0 s wait that expects a reply)', async () => {
    expect((await execute({ secondsToWaitFor: '0' })).actions).toEqual([]);
    const paused = await execute({ secondsToWaitFor: '0', shouldPause: true });
    expect(paused.outcome).toEqual({ kind: 'await-reply' });
    expect(paused.actions).toEqual([{ type: 'wait', wait: { secondsToWaitFor: 0 }, expectsDedicatedReply: true }]);
  });

  it('shouldPause with seconds stops the walk until the client comes back', async () => {
    const { outcome, actions, ctx, definition } = await execute({ secondsToWaitFor: '2', shouldPause: true });
    expect(outcome).toEqual({ kind: 'await-reply' });
    expect(actions).toEqual([{ type: 'wait', wait: { secondsToWaitFor: 2 }, expectsDedicatedReply: true }]);
    expect(await waitBlock.onReply!(definition, undefined, ctx)).toEqual({ kind: 'next' });
  });
});
