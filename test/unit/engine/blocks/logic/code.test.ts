import { clientScript, codeBlock, referencedVariables } from '../../../../../src/engine/blocks/logic/code/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import type { RuntimeVariable } from '../../../../../src/engine/session';
import { loadTestSandbox, testContext } from '../../../../helpers/engine';

beforeAll(loadTestSandbox);

const variables: RuntimeVariable[] = [
  { id: 'vName', name: 'Name', value: 'John' },
  { id: 'vAge', name: 'Age', value: '30' },
  { id: 'vZip', name: 'Zip', value: '01234' },
  { id: 'vList', name: 'List', value: ['a', null] },
  { id: 'vResult', name: 'Result' },
  { id: 'vCount', name: 'Count', value: '1' },
  { id: 'vUnset', name: 'Unset' },
];

function block(options?: Record<string, unknown>): BlockDefinition {
  return { id: 'code1', type: 'Code', ...(options ? { options } : {}) } as BlockDefinition;
}

async function execute(options?: Record<string, unknown>) {
  const { ctx, turn } = testContext({ variables });
  const outcome = await codeBlock.execute(block(options), ctx);
  return {
    outcome,
    ctx,
    actions: turn.output.clientSideActions,
    logs: turn.output.logs,
    value: (id: string) => ctx.variables.value(id),
  };
}

const onServer = async (content: string) => await execute({ content, isExecutedOnClient: false });

describe('script helpers', () => {
  it('finds referenced variables once, in order of appearance; unknown names are skipped', () => {
    expect(referencedVariables('{{Age}} {{Name}} {{Age}} {{Nope}} {{=x=}}', variables).map((v) => v.id)).toEqual([
      'vAge',
      'vName',
    ]);
  });

  it('builds the client payload: ids in the code, guessed values as args', () => {
    expect(clientScript('alert({{Name}} + {{Age}} + {{Zip}}); {{List}}.length; {{Unset}}', variables)).toEqual({
      content: 'alert(vName + vAge + vZip); vList.length; vUnset',
      args: [
        { id: 'vName', value: 'John' },
        { id: 'vAge', value: 30 },
        { id: 'vZip', value: '01234' },
        { id: 'vList', value: ['a', null] },
        { id: 'vUnset', value: undefined },
      ],
    });
  });
});

describe('Code block', () => {
  it('continues when there is no content', async () => {
    expect((await execute()).outcome).toEqual({ kind: 'next' });
    expect((await execute({ content: '' })).actions).toEqual([]);
  });

  describe('on the client (the default)', () => {
    it('emits scriptToExecute and continues without waiting', async () => {
      const result = await execute({ content: 'console.log({{Name}}, {{Age}})' });
      expect(result.outcome).toEqual({ kind: 'next' });
      expect(result.actions).toEqual([
        {
          type: 'scriptToExecute',
          scriptToExecute: {
            content: 'console.log(vName, vAge)',
            args: [
              { id: 'vName', value: 'John' },
              { id: 'vAge', value: 30 },
            ],
          },
        },
      ]);
      expect(result.logs).toEqual([]);
    });

    it('passes isUnsafe', async () => {
      expect((await execute({ content: 'x()', isExecutedOnClient: true, isUnsafe: true })).actions).toEqual([
        { type: 'scriptToExecute', scriptToExecute: { content: 'x()', args: [], isUnsafe: true } },
      ]);
    });

    it('stamps the last bubble shown before it', async () => {
      const { ctx, turn } = testContext({ variables });
      ctx.message({ id: 'bubble1', type: 'text', content: {} });
      await codeBlock.execute(block({ content: 'x()' }), ctx);
      expect(turn.output.clientSideActions[0]).toEqual(expect.objectContaining({ lastBubbleBlockId: 'bubble1' }));
    });
  });

  describe('on the server', () => {
    it('applies setVariable calls by variable name', async () => {
      const result = await onServer(
        'setVariable("Result", {{Name}}.toUpperCase() + " " + ({{Age}} + 1)); setVariable("Count", {{Count}} + 1)',
      );
      expect(result.outcome).toEqual({ kind: 'next' });
      expect(result.value('vResult')).toBe('JOHN 31');
      expect(result.value('vCount')).toBe('2');
      expect(result.actions).toEqual([]);
      expect(result.logs).toEqual([]);
    });

    it('serialises values as stored values are', async () => {
      const result = await onServer('setVariable("Result", [1, "a", null, { b: 2 }]); setVariable("Count", null)');
      expect(result.value('vResult')).toEqual(['1', 'a', null, '{"b":2}']);
      expect(result.value('vCount')).toBeNull();
    });

    it('the last call for a name wins; unknown names are ignored', async () => {
      const result = await onServer('setVariable("Result", 1); setVariable("Result", 2); setVariable("Nobody", 3)');
      expect(result.value('vResult')).toBe('2');
      expect(result.ctx.variables.byName('Nobody')).toBeUndefined();
    });

    it('runs async code', async () => {
      const result = await onServer('const v = await Promise.resolve({{List}}); setVariable("Result", v.length)');
      expect(result.value('vResult')).toBe('2');
    });

    it('a thrown error becomes a log; its setVariable calls are not applied', async () => {
      const result = await onServer('setVariable("Result", "partial"); throw new Error("broken")');
      expect(result.outcome).toEqual({ kind: 'next' });
      expect(result.value('vResult')).toBeUndefined();
      expect(result.logs).toEqual([{ description: '[undefined] broken', context: 'While executing function' }]);
    });

    it('fetch is not available: an error log names it', async () => {
      const result = await onServer('const text = await fetch("https://example.com"); setVariable("Result", text)');
      expect(result.value('vResult')).toBeUndefined();
      expect(result.logs).toEqual([
        {
          status: 'error',
          description: expect.stringMatching(/fetch is not available/),
          context: 'While executing function',
        },
      ]);
    });

    it('an endless loop ends with a log and the walk goes on', async () => {
      const result = await onServer('while (true) {}');
      expect(result.outcome).toEqual({ kind: 'next' });
      expect(result.logs[0]!.description).toMatch(/timed out/);
      // The timed-out module is retired for its spare; under load the spare may still be loading, and
      // the next test's code would be refused meanwhile ("restarting after a failure"), by design.
      await (await loadTestSandbox()).ready();
    });

    it('cannot reach the host', async () => {
      const result = await onServer('setVariable("Result", [typeof process, typeof require, typeof fetch].join())');
      expect(result.value('vResult')).toBe('undefined,undefined,undefined');
    });
  });
});
