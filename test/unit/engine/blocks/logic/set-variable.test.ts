import { setVariableBlock } from '../../../../../src/engine/blocks/logic/set-variable/block';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import type { RuntimeVariable } from '../../../../../src/engine/session';
import { loadTestSandbox, noCode, testContext, type TestContextInput } from '../../../../helpers/engine';

beforeAll(loadTestSandbox);

const baseVariables: RuntimeVariable[] = [
  { id: 'vTarget', name: 'Target' },
  { id: 'vName', name: 'Name', value: 'John' },
  { id: 'vAge', name: 'Age', value: '30' },
  { id: 'vZip', name: 'Zip', value: '01234' },
  { id: 'vPhone', name: 'Phone', value: '+33612345678' },
  { id: 'vFlag', name: 'Flag', value: 'true' },
  { id: 'vList', name: 'List', value: ['a', 'b', 'c'] },
  { id: 'vOther', name: 'Other', value: ['1', '2', '3'] },
  { id: 'vItem', name: 'Item', value: 'b' },
  { id: 'vEmpty', name: 'Empty' },
  { id: 'vError', name: 'Error' },
  { id: 'vSaved', name: 'Saved' },
  { id: 'vZone', name: 'Zone', value: 'Asia/Kolkata' },
];

function block(options: Record<string, unknown> | undefined): BlockDefinition {
  return { id: 'sv1', type: 'Set variable', ...(options ? { options } : {}) } as BlockDefinition;
}

/** Runs the block on the server and returns the context's outcome, variables and output. */
async function setVariable(options: Record<string, unknown>, input: TestContextInput = {}) {
  const { ctx, turn } = testContext({ variables: baseVariables, ...input });
  const outcome = await setVariableBlock.execute(block({ variableId: 'vTarget', ...options }), ctx);
  const value = (id: string) => ctx.variables.value(id);
  return {
    outcome,
    value,
    target: value('vTarget'),
    ctx,
    turn,
    logs: turn.output.logs,
    actions: turn.output.clientSideActions,
  };
}

async function custom(expressionToEvaluate: string, options: Record<string, unknown> = {}) {
  return await setVariable({ type: 'Custom', expressionToEvaluate, ...options });
}

describe('no-ops', () => {
  it('continues without options, without variableId, or with an unknown variable', async () => {
    const { ctx, turn } = testContext({ variables: baseVariables });
    expect(await setVariableBlock.execute(block(undefined), ctx)).toEqual({ kind: 'next' });
    expect(await setVariableBlock.execute(block({ expressionToEvaluate: '1' }), ctx)).toEqual({ kind: 'next' });
    expect(await setVariableBlock.execute(block({ variableId: 'nope', expressionToEvaluate: '1' }), ctx)).toEqual({
      kind: 'next',
    });
    expect(ctx.variables.list()).toEqual(baseVariables);
    expect(turn.output).toEqual(expect.objectContaining({ logs: [], clientSideActions: [] }));
  });
});

describe('Custom (server)', () => {
  it('is the default type', async () => {
    expect((await setVariable({ expressionToEvaluate: '1 + 1' })).target).toBe('2');
  });

  it('a single {{Variable}} is a textual copy (a list becomes its JSON text)', async () => {
    expect((await custom('{{Name}}')).target).toBe('John');
    expect((await custom('{{List}}')).target).toBe('["a","b","c"]');
    expect((await custom('{{Empty}}')).target).toBe('');
  });

  it('a number with a leading zero stays text', async () => {
    expect((await custom('0123')).target).toBe('0123');
    expect((await custom('007')).target).toBe('007');
  });

  it('evaluates JavaScript: `return ` prepended when absent', async () => {
    expect((await custom('2 + 2')).target).toBe('4');
    expect((await custom('true')).target).toBe('true');
    expect((await custom('null')).target).toBeNull();
    expect((await custom('[1, "a", null]')).target).toEqual(['1', 'a', null]);
    expect((await custom('({ a: 1 })')).target).toBe('{"a":1}');
    expect((await custom('const x = 5\nreturn x * 2')).target).toBe('10');
  });

  it('injects referenced variables by id with guessed types', async () => {
    expect((await custom('{{Age}} + 1')).target).toBe('31');
    expect((await custom('{{Name}}.toUpperCase()')).target).toBe('JOHN');
    expect((await custom('typeof {{Zip}} + typeof {{Phone}} + typeof {{Flag}}')).target).toBe('stringstringboolean');
    expect((await custom('{{List}}.at(-1)')).target).toBe('c');
    expect((await custom('{{List}}.concat({{Name}})')).target).toEqual(['a', 'b', 'c', 'John']);
    expect((await custom('{{Empty}} === undefined')).target).toBe('true');
  });

  it('runs async code', async () => {
    expect((await custom('const v = await Promise.resolve({{Age}}); return v * 2')).target).toBe('60');
  });

  it('stores what the code returns, serialised (backslash quirk included)', async () => {
    expect((await custom('"C:\\\\path"')).target).toBe('C:\\\\path');
  });

  it('plain text that is not JavaScript falls back to text substitution, without a log', async () => {
    const result = await custom('Hello {{Name}}!');
    expect(result.target).toBe('Hello John!');
    expect(result.logs).toEqual([]);
  });

  it('a code error falls back to text and, for code, logs and saves the error', async () => {
    const result = await custom('{{Name}}.nope()', { isCode: true, saveErrorInVariableId: 'vError' });
    expect(result.target).toBe('John.nope()');
    expect(result.logs).toHaveLength(1);
    const [log] = result.logs;
    expect(log).toEqual({ description: expect.any(String), context: 'While evaluating set variable expression' });
    expect(JSON.parse(log!.description)).toEqual({
      context: 'While executing function',
      description: expect.stringMatching(/^\[undefined\] .*not a function$/),
    });
    expect(result.value('vError')).toBe(log!.description);
  });

  it('does not save the error when the expression is not marked as code', async () => {
    const result = await custom('{{Name}}.nope()', { saveErrorInVariableId: 'vError' });
    expect(result.logs).toEqual([]);
    expect(result.value('vError')).toBeUndefined();
  });

  it('setVariable() inside the expression is ignored', async () => {
    const result = await custom('setVariable("Name", "Changed"); return "ok"');
    expect(result.target).toBe('ok');
    expect(result.value('vName')).toBe('John');
  });

  it('fetch is not available: an error log names it, the value falls back to text', async () => {
    const result = await custom('const r = await fetch("https://example.com"); return r');
    expect(result.target).toBe('const r = await fetch("https://example.com"); return r');
    expect(result.logs).toEqual([
      {
        status: 'error',
        description: expect.stringMatching(/fetch is not available/),
        context: 'While evaluating set variable expression',
      },
    ]);
  });

  it('an endless loop ends with an error and the text fallback', async () => {
    const result = await custom('while (true) {}\nreturn 1', { isCode: true });
    expect(result.target).toBe('while (true) {}\nreturn 1');
    expect(result.logs[0]!.description).toMatch(/timed out/);
  });

  it('the updated variable moves to the end', async () => {
    const { ctx } = await custom('1');
    expect(ctx.variables.list().at(-1)).toEqual({ id: 'vTarget', name: 'Target', value: '1' });
  });

  it('an empty expression clears', async () => {
    expect(
      (await setVariable({ type: 'Custom' }, { variables: [{ id: 'vTarget', name: 'Target', value: 'x' }] })).target,
    ).toBeNull();
  });

  it('without a sandbox, code falls back to text', async () => {
    expect((await setVariable({ expressionToEvaluate: '1 + 1' }, { env: { code: noCode } })).target).toBe('1 + 1');
  });
});

describe('client-side execution', () => {
  it('Custom with isExecutedOnClient: action with ids and typed args, then waits', async () => {
    const result = await custom('{{Name}}.length + {{Age}}', { isExecutedOnClient: true, isCode: true });
    expect(result.outcome).toEqual({ kind: 'await-reply' });
    expect(result.actions).toEqual([
      {
        type: 'setVariable',
        setVariable: {
          scriptToExecute: {
            content: 'vName.length + vAge',
            args: [
              { id: 'vName', value: 'John' },
              { id: 'vAge', value: 30 },
            ],
            isCode: true,
          },
        },
        expectsDedicatedReply: true,
      },
    ]);
    expect(result.target).toBeUndefined();
  });

  it('passes isUnsafe and isCode false by default', async () => {
    const { actions } = await custom('1', { isExecutedOnClient: true, isUnsafe: true });
    expect(actions[0]).toEqual(
      expect.objectContaining({
        setVariable: { scriptToExecute: { content: '1', args: [], isCode: false, isUnsafe: true } },
      }),
    );
  });

  it.each(['Moment of the day', 'Device type'])('%s always runs on the client', async (type) => {
    const { outcome, actions } = await setVariable({ type });
    expect(outcome).toEqual({ kind: 'await-reply' });
    expect(actions).toEqual([
      {
        type: 'setVariable',
        setVariable: { scriptToExecute: { content: expect.stringContaining('return'), args: [], isCode: false } },
        expectsDedicatedReply: true,
      },
    ]);
  });

  it('Moment of the day code returns morning, afternoon or evening for the local hour', async () => {
    const { actions } = await setVariable({ type: 'Moment of the day' });
    const { content } = (actions[0]!.setVariable as { scriptToExecute: { content: string } }).scriptToExecute;
    const momentAt = (hour: number) =>
      new Function('Date', content)(
        class {
          getHours() {
            return hour;
          }
        },
      ) as string;
    expect([0, 11, 12, 17, 18, 23].map(momentAt)).toEqual([
      'morning',
      'morning',
      'afternoon',
      'afternoon',
      'evening',
      'evening',
    ]);
  });

  it('Device type code tells tablets, phones and desktops apart', async () => {
    const { actions } = await setVariable({ type: 'Device type' });
    const { content } = (actions[0]!.setVariable as { scriptToExecute: { content: string } }).scriptToExecute;
    const device = (userAgent: string, innerWidth: number, touch: boolean) =>
      new Function('navigator', 'window', content)(
        { userAgent, maxTouchPoints: touch ? 5 : 0 },
        touch ? { innerWidth, ontouchstart: null } : { innerWidth },
      ) as string;
    expect(device('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 820, true)).toBe('tablet');
    expect(device('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile', 390, true)).toBe('mobile');
    expect(device('Mozilla/5.0 (X11; Linux x86_64)', 900, true)).toBe('tablet');
    expect(device('Mozilla/5.0 (X11; Linux x86_64)', 500, true)).toBe('mobile');
    expect(device('Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 1400, false)).toBe('desktop');
  });

  describe('reply', () => {
    async function reply(
      message: Parameters<NonNullable<typeof setVariableBlock.onReply>>[1],
      start?: RuntimeVariable['value'],
    ) {
      const { ctx } = testContext({
        variables: [{ id: 'vTarget', name: 'Target', ...(start !== undefined ? { value: start } : {}) }],
      });
      const outcome = await setVariableBlock.onReply!(
        block({ variableId: 'vTarget', isExecutedOnClient: true, expressionToEvaluate: 'x' }),
        message,
        ctx,
      );
      return { outcome, value: ctx.variables.value('vTarget') };
    }

    it('stores the JSON-parsed text, or the text itself', async () => {
      expect(await reply({ type: 'text', text: '"morning"' })).toEqual({ outcome: { kind: 'next' }, value: 'morning' });
      expect((await reply({ type: 'text', text: 'evening' })).value).toBe('evening');
      expect((await reply({ type: 'text', text: '42' })).value).toBe('42');
      expect((await reply({ type: 'text', text: '["a",1,null]' })).value).toEqual(['a', '1', null]);
      expect((await reply({ type: 'text', text: '{"a":1}' })).value).toBe('{"a":1}');
      expect((await reply({ type: 'text', text: 'null' }, 'old')).value).toBeNull();
    });

    it('clears on empty text', async () => {
      expect(await reply({ type: 'text', text: '' }, 'old')).toEqual({ outcome: { kind: 'next' }, value: null });
    });

    it('continues without touching the variable when there is no text', async () => {
      expect(await reply(undefined, 'old')).toEqual({ outcome: { kind: 'next' }, value: 'old' });
    });
  });
});

describe('other types', () => {
  it('Empty clears', async () => {
    expect(
      (await setVariable({ type: 'Empty' }, { variables: [{ id: 'vTarget', name: 'Target', value: 'x' }] })).target,
    ).toBeNull();
  });

  describe('Append value(s)', () => {
    const append = async (value: RuntimeVariable['value'] | undefined, item = '{{Name}}') =>
      (
        await setVariable(
          { type: 'Append value(s)', item },
          {
            variables: [
              { id: 'vTarget', name: 'Target', ...(value !== undefined ? { value } : {}) },
              { id: 'vName', name: 'Name', value: 'John' },
            ],
          },
        )
      ).target;

    it('starts a list, turns a text into a list, extends a list', async () => {
      expect(await append(undefined)).toEqual(['John']);
      expect(await append(null)).toEqual(['John']);
      expect(await append('first')).toEqual(['first', 'John']);
      expect(await append(['a', null])).toEqual(['a', null, 'John']);
      expect(await append(['a'], 'plain')).toEqual(['a', 'plain']);
    });
  });

  it('Environment name is web', async () => {
    expect((await setVariable({ type: 'Environment name' })).target).toBe('web');
  });

  describe('in a messaging channel (no client to run code)', () => {
    async function inChannel(options: Record<string, unknown>) {
      const { ctx, turn } = testContext({ variables: baseVariables });
      ctx.state.channel = 'whatsapp';
      const outcome = await setVariableBlock.execute(block({ variableId: 'vTarget', ...options }), ctx);
      return { outcome, target: ctx.variables.value('vTarget'), actions: turn.output.clientSideActions };
    }

    it('Environment name is the channel', async () => {
      expect((await inChannel({ type: 'Environment name' })).target).toBe('whatsapp');
    });

    it('Moment of the day runs on the server', async () => {
      const { outcome, target, actions } = await inChannel({ type: 'Moment of the day' });
      expect([outcome, actions]).toEqual([{ kind: 'next' }, []]);
      expect(['morning', 'afternoon', 'evening']).toContain(target);
    });

    it('Device type gets the code text, as in the reference (its code throws on a server)', async () => {
      const { outcome, target, actions } = await inChannel({ type: 'Device type' });
      expect([outcome, actions]).toEqual([{ kind: 'next' }, []]);
      expect(target).toMatch(/^const agent = navigator\.userAgent/);
    });

    it('code meant for the client runs on the server', async () => {
      const { outcome, target, actions } = await inChannel({ expressionToEvaluate: '1 + 2', isExecutedOnClient: true });
      expect([outcome, target, actions]).toEqual([{ kind: 'next' }, '3', []]);
    });
  });

  it('Transcript is the recorded conversation, formatted, without a log; the variable becomes session-only', async () => {
    const { ctx, turn } = testContext({
      variables: [{ id: 'vTarget', name: 'Target', value: 'old', isSessionVariable: false }],
    });
    ctx.state.transcript = {
      stored: 0,
      storedBytes: 0,
      recent: [
        { role: 'bot', type: 'text', text: 'Hi' },
        { role: 'user', type: 'text', text: 'Yo' },
      ],
    };
    expect(await setVariableBlock.execute(block({ variableId: 'vTarget', type: 'Transcript' }), ctx)).toEqual({
      kind: 'next',
    });
    expect(ctx.variables.byId('vTarget')).toEqual({
      id: 'vTarget',
      name: 'Target',
      value: 'Assistant: "Hi"\n\nUser: "Yo"',
      isSessionVariable: true,
    });
    expect(turn.output.logs).toEqual([]);
  });

  it('Transcript with lines written out by earlier turns asks for them, then puts them before the recent ones', async () => {
    const { ctx, turn } = testContext({ variables: [{ id: 'vTarget', name: 'Target' }] });
    ctx.state.transcript = { stored: 2, storedBytes: 90, recent: [{ role: 'bot', type: 'text', text: 'Bye' }] };
    const transcriptBlock = block({ variableId: 'vTarget', type: 'Transcript' });
    const effect = { type: 'loadTranscript', lines: 2 } as const;
    expect(await setVariableBlock.execute(transcriptBlock, ctx)).toEqual({ kind: 'effect', effect });
    expect(ctx.variables.byId('vTarget')!.value).toBeUndefined();
    const earlier = [
      { role: 'bot', type: 'text', text: 'Name?' },
      { role: 'user', type: 'text', text: 'Ada' },
    ] as const;
    expect(
      await setVariableBlock.onEffect!(transcriptBlock, { type: 'loadTranscript', lines: [...earlier] }, ctx, effect),
    ).toEqual({ kind: 'next' });
    expect(ctx.variables.byId('vTarget')).toEqual({
      id: 'vTarget',
      name: 'Target',
      value: 'Assistant: "Name?"\n\nUser: "Ada"\n\nAssistant: "Bye"',
      isSessionVariable: true,
    });
    expect(turn.output.logs).toEqual([]);
  });

  it('Transcript whose earlier lines could not be read goes on with the recent ones and logs an error', async () => {
    const { ctx, turn } = testContext({ variables: [{ id: 'vTarget', name: 'Target' }] });
    ctx.state.transcript = { stored: 2, storedBytes: 90, recent: [{ role: 'bot', type: 'text', text: 'Bye' }] };
    const transcriptBlock = block({ variableId: 'vTarget', type: 'Transcript' });
    const effect = { type: 'loadTranscript', lines: 2 } as const;
    const failed = {
      type: 'failed',
      effect: 'loadTranscript',
      reason: 'timeout',
      message: 'Request timed out. (10s)',
    } as const;
    expect(await setVariableBlock.onEffect!(transcriptBlock, failed, ctx, effect)).toEqual({ kind: 'next' });
    expect(ctx.variables.byId('vTarget')!.value).toBe('Assistant: "Bye"');
    expect(turn.output.logs).toEqual([
      { status: 'error', description: 'The transcript could not be read', context: 'While setting the transcript' },
    ]);
  });

  it.each(['Result ID', 'User ID'])('%s is the result id, a new id in previews', async (type) => {
    expect((await setVariable({ type })).target).toBe('result1');
    const preview = await setVariable({ type }, { isPreview: true });
    expect(preview.target).toBe('id1');
  });

  it('Random ID is a new id', async () => {
    expect((await setVariable({ type: 'Random ID' })).target).toBe('id1');
  });

  describe('dates (now = 2026-01-15T10:00:00.000Z)', () => {
    it('without a time zone: ISO in UTC', async () => {
      expect((await setVariable({ type: 'Now' })).target).toBe('2026-01-15T10:00:00.000Z');
      expect((await setVariable({ type: 'Yesterday' })).target).toBe('2026-01-14T10:00:00.000Z');
      expect((await setVariable({ type: 'Tomorrow' })).target).toBe('2026-01-16T10:00:00.000Z');
      expect((await setVariable({ type: 'Today' })).target).toBe('2026-01-15T10:00:00.000Z');
    });

    it('with a time zone: local time with its offset (Z for UTC)', async () => {
      expect((await setVariable({ type: 'Now', timeZone: 'Asia/Kolkata' })).target).toBe('2026-01-15T15:30:00+05:30');
      expect((await setVariable({ type: 'Now', timeZone: '{{Zone}}' })).target).toBe('2026-01-15T15:30:00+05:30');
      expect((await setVariable({ type: 'Yesterday', timeZone: 'America/New_York' })).target).toBe(
        '2026-01-14T05:00:00-05:00',
      );
      expect((await setVariable({ type: 'Tomorrow', timeZone: 'Europe/Paris' })).target).toBe(
        '2026-01-16T11:00:00+01:00',
      );
      expect((await setVariable({ type: 'Now', timeZone: 'UTC' })).target).toBe('2026-01-15T10:00:00Z');
    });

    it('Today ignores the time zone', async () => {
      expect((await setVariable({ type: 'Today', timeZone: 'Asia/Kolkata' })).target).toBe('2026-01-15T10:00:00.000Z');
    });

    it('an unknown time zone gives UTC and says so', async () => {
      const result = await setVariable({ type: 'Now', timeZone: 'Mars/Olympus' });
      expect(result.target).toBe('2026-01-15T10:00:00.000Z');
      expect(result.logs).toEqual([{ status: 'info', description: expect.stringContaining('Mars/Olympus') }]);
    });
  });

  describe('Map item with same index', () => {
    const map = async (params: Record<string, unknown>, variables = baseVariables) =>
      (await setVariable({ type: 'Map item with same index', mapListItemParams: params }, { variables })).target;
    const params = { baseItemVariableId: 'vItem', baseListVariableId: 'vList', targetListVariableId: 'vOther' };

    it('takes the target item at the index of the base item', async () => {
      expect(await map(params)).toBe('2');
    });

    it('clears when anything is missing or does not match', async () => {
      const withTarget = (value: RuntimeVariable['value']) =>
        baseVariables.map((v) => (v.id === 'vTarget' ? { ...v, value } : v));
      expect(await map({ ...params, baseItemVariableId: 'vName' }, withTarget('x'))).toBeNull();
      expect(await map({ ...params, baseListVariableId: 'vName' }, withTarget('x'))).toBeNull();
      expect(await map({ ...params, targetListVariableId: 'vName' }, withTarget('x'))).toBeNull();
      expect(await map({ ...params, baseItemVariableId: 'vEmpty' }, withTarget('x'))).toBeNull();
      expect(await map({}, withTarget('x'))).toBeNull();
      const shortTarget = withTarget('x').map((v) => (v.id === 'vOther' ? { ...v, value: ['1'] } : v));
      expect(await map(params, shortTarget)).toBeNull();
    });
  });

  describe('Pop and Shift', () => {
    const take = async (
      type: 'Pop' | 'Shift',
      value: RuntimeVariable['value'] | undefined,
      saveItemInVariableId?: string,
    ) => {
      const result = await setVariable(
        { type, ...(saveItemInVariableId ? { saveItemInVariableId } : {}) },
        {
          variables: [
            { id: 'vTarget', name: 'Target', ...(value !== undefined ? { value } : {}) },
            { id: 'vSaved', name: 'Saved', value: 'old' },
          ],
        },
      );
      return { list: result.target, saved: result.value('vSaved') };
    };

    it('Pop removes the last item and saves it', async () => {
      expect(await take('Pop', ['a', 'b', 'c'], 'vSaved')).toEqual({ list: ['a', 'b'], saved: 'c' });
      expect(await take('Pop', ['a', 'b'])).toEqual({ list: ['a'], saved: 'old' });
    });

    it('Shift removes the first item and saves it', async () => {
      expect(await take('Shift', ['a', 'b', 'c'], 'vSaved')).toEqual({ list: ['b', 'c'], saved: 'a' });
    });

    it('an empty list stays empty and the saved item is cleared', async () => {
      expect(await take('Pop', [], 'vSaved')).toEqual({ list: [], saved: null });
    });

    it('a text becomes an empty list and is saved whole', async () => {
      expect(await take('Pop', 'solo', 'vSaved')).toEqual({ list: [], saved: 'solo' });
      expect(await take('Shift', 'solo', 'vSaved')).toEqual({ list: [], saved: 'solo' });
    });

    it('no value: cleared, nothing saved', async () => {
      expect(await take('Pop', undefined, 'vSaved')).toEqual({ list: null, saved: 'old' });
    });
  });

  it.each(['Phone number', 'Contact name', 'Referral Click ID', 'Referral Source ID', 'Some future type'])(
    '%s is cleared on the web',
    async (type) => {
      const result = await setVariable({ type }, { variables: [{ id: 'vTarget', name: 'Target', value: 'x' }] });
      expect(result.outcome).toEqual({ kind: 'next' });
      expect(result.target).toBeNull();
    },
  );
});
