import { createSandbox, type Sandbox } from '../../../../src/sandbox/quickjs';
import type { CodeRunner } from '../../../../src/engine/contracts';
import type { RuntimeVariable } from '../../../../src/engine/session';
import { asRunner } from '../../../helpers/engine';
import {
  renderText,
  asFunctionBody,
  codeValueToText,
  deepSubstitute,
  evaluateInlineCode,
  singleVariableName,
  substituteVariables,
  valueToText,
} from '../../../../src/engine/variables/templating';

// docs/engine-behaviour.md#templating and #substitution-rules.

const variables: RuntimeVariable[] = [
  { id: 'vName', name: 'Name', value: 'John' },
  { id: 'vFull', name: 'Full name', value: 'John Doe' },
  { id: 'vList', name: 'List', value: ['a', 'b', null] },
  { id: 'vQuote', name: 'Quote', value: 'He said "hi"\nthen <left>' },
  { id: 'vEmpty', name: 'Empty', value: null },
  { id: 'vUnset', name: 'Unset' },
  { id: 'vBlank', name: 'Blank', value: '' },
  { id: 'vAge', name: 'Age', value: '42' },
  { id: 'vZip', name: 'Zip', value: '01234' },
];

/** Records every request; answers with a fixed result. */
function recordingRunner(result: Awaited<ReturnType<CodeRunner['run']>>) {
  const requests: Parameters<CodeRunner['run']>[0][] = [];
  const runner: CodeRunner = {
    run: async (request) => {
      requests.push(request);
      return result;
    },
  };
  return { runner, requests };
}

describe('substituteVariables: plain mode', () => {
  it('replaces {{Name}} by the value, names with spaces included', () => {
    expect(substituteVariables('Hello {{Name}}!', variables)).toBe('Hello John!');
    expect(substituteVariables('{{Full name}} / {{Name}}{{Name}}', variables)).toBe('John Doe / JohnJohn');
  });

  it('matches names exactly and case-sensitively', () => {
    expect(substituteVariables('{{name}}|{{ Name }}|{{Name}}', variables)).toBe('||John');
  });

  it('replaces unknown variables and variables without value by ""', () => {
    expect(substituteVariables('a{{Nope}}b{{Empty}}c{{Unset}}d{{Blank}}e', variables)).toBe('abcde');
  });

  it('keeps the $ of ${{x}}', () => {
    expect(substituteVariables('${{Name}}', variables)).toBe('$John');
    expect(substituteVariables('${{Nope}}', variables)).toBe('$');
    expect(substituteVariables('`${{{Name}}}`', variables)).toBe('`${John}`');
  });

  it('writes lists as JSON array text', () => {
    expect(substituteVariables('List: {{List}}', variables)).toBe('List: ["a","b",null]');
  });

  it('shows the last item of a list with listAsLastItem', () => {
    expect(
      substituteVariables('{{List}}', [{ id: 'l', name: 'List', value: ['a', 'b'] }], { listAsLastItem: true }),
    ).toBe('b');
    expect(substituteVariables('{{List}}', variables, { listAsLastItem: true })).toBe('');
    expect(substituteVariables('{{Name}}', variables, { listAsLastItem: true })).toBe('John');
  });

  it('leaves text without references and malformed references alone', () => {
    expect(substituteVariables('no refs { } {{ }', variables)).toBe('no refs { } {{ }');
    expect(substituteVariables('{{}}', variables)).toBe('{{}}');
    expect(substituteVariables('', variables)).toBe('');
  });

  it('takes the first variable of a name that has a value', () => {
    const duplicates: RuntimeVariable[] = [
      { id: 'a', name: 'X', value: null },
      { id: 'b', name: 'X', value: 'second' },
    ];
    expect(substituteVariables('{{X}}', duplicates)).toBe('second');
  });

  it('does not substitute recursively inside values', () => {
    const tricky: RuntimeVariable[] = [
      { id: 'a', name: 'A', value: '{{B}}' },
      { id: 'b', name: 'B', value: 'no' },
    ];
    expect(substituteVariables('{{A}}', tricky)).toBe('{{B}}');
  });
});

describe('substituteVariables: json mode', () => {
  it('escapes strings without quotes so a JSON template stays valid', () => {
    const template = '{"name": "{{Quote}}", "tags": {{List}}, "missing": "{{Nope}}"}';
    const text = substituteVariables(template, variables, { mode: 'json' });
    expect(text).toBe('{"name": "He said \\"hi\\"\\nthen <left>", "tags": ["a","b",null], "missing": ""}');
    expect(JSON.parse(text)).toEqual({ name: 'He said "hi"\nthen <left>', tags: ['a', 'b', null], missing: '' });
  });

  it('keeps lists as arrays even with listAsLastItem', () => {
    expect(substituteVariables('{{List}}', variables, { mode: 'json', listAsLastItem: true })).toBe('["a","b",null]');
  });
});

describe('substituteVariables: html mode', () => {
  it('escapes < and >', () => {
    expect(substituteVariables('<p>{{Quote}}</p>', variables, { mode: 'html' })).toBe(
      '<p>He said "hi"\nthen &lt;left&gt;</p>',
    );
  });

  it('escapes lists written as JSON', () => {
    const html = [{ id: 'h', name: 'H', value: ['<b>', 'x'] }];
    expect(substituteVariables('{{H}}', html, { mode: 'html' })).toBe('["&lt;b&gt;","x"]');
  });
});

describe('substituteVariables: id mode', () => {
  it('replaces references by variable ids, even without value', () => {
    expect(substituteVariables('return {{Name}} + {{Empty}} + {{Unset}}', variables, { mode: 'id' })).toBe(
      'return vName + vEmpty + vUnset',
    );
  });

  it('replaces unknown names by ""', () => {
    expect(substituteVariables('x{{Nope}}y', variables, { mode: 'id' })).toBe('xy');
  });
});

describe('helpers', () => {
  it('singleVariableName', () => {
    expect(singleVariableName('{{Name}}')).toBe('Name');
    expect(singleVariableName(' {{Full name}} ')).toBe('Full name');
    expect(singleVariableName('{{A}} {{B}}')).toBeUndefined();
    expect(singleVariableName('x{{A}}')).toBeUndefined();
    expect(singleVariableName(undefined)).toBeUndefined();
  });

  it('valueToText', () => {
    expect(valueToText('a')).toBe('a');
    expect(valueToText(['a', null])).toBe('["a",null]');
    expect(valueToText(['a', 'b'], true)).toBe('b');
    expect(valueToText(null)).toBe('');
    expect(valueToText(undefined)).toBe('');
  });

  it('asFunctionBody prepends return only when missing', () => {
    expect(asFunctionBody('1 + 1')).toBe('return 1 + 1');
    expect(asFunctionBody('const a = 1; return a')).toBe('const a = 1; return a');
  });

  it('codeValueToText: strings as is, null/undefined ⇒ "", others as JSON', () => {
    expect(codeValueToText('x')).toBe('x');
    expect(codeValueToText(null)).toBe('');
    expect(codeValueToText(undefined)).toBe('');
    expect(codeValueToText(2)).toBe('2');
    expect(codeValueToText(true)).toBe('true');
    expect(codeValueToText({ a: [1] })).toBe('{"a":[1]}');
    expect(codeValueToText(['a', 'b'])).toBe('["a","b"]');
    expect(codeValueToText(['a', 'b'], true)).toBe('b');
    expect(codeValueToText(() => 1)).toBe('');
  });
});

describe('inline code: request shape and fallbacks', () => {
  it('sends the code with ids in place of references, every variable as a typed global, sync', async () => {
    const { runner, requests } = recordingRunner({ ok: true, value: 'JOHN', setVariables: [] });
    expect(await renderText('Hi {{={{Name}}.toUpperCase()=}}!', variables, { code: runner })).toBe('Hi JOHN!');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toBe('return vName.toUpperCase()');
    expect(requests[0]!.isAsync).toBe(false);
    expect(requests[0]!.globals).toMatchObject({ vName: 'John', vAge: 42, vZip: '01234', vList: ['a', 'b', null] });
    expect(Object.keys(requests[0]!.globals)).toHaveLength(variables.length);
  });

  it('keeps a body that already returns', async () => {
    const { runner, requests } = recordingRunner({ ok: true, value: 1, setVariables: [] });
    await renderText('{{=const x = 1; return x=}}', variables, { code: runner });
    expect(requests[0]!.body).toBe('const x = 1; return x');
  });

  it('substitutes the inner text as plain text when the code fails', async () => {
    const { runner } = recordingRunner({ ok: false, error: 'SyntaxError' });
    expect(await renderText('[{{=Hello {{Name}}=}}]', variables, { code: runner })).toBe('[Hello John]');
  });

  it('uses plain text for the fallback whatever the mode', async () => {
    const { runner } = recordingRunner({ ok: false, error: 'boom' });
    expect(await renderText('{{={{Quote}}=}}', variables, { code: runner, mode: 'json' })).toBe(
      'He said "hi"\nthen <left>',
    );
  });

  it('treats a runner that throws like failed code', async () => {
    const runner: CodeRunner = {
      run: async () => {
        throw new Error('crash');
      },
    };
    expect(await renderText('{{=1 +=}} {{Name}}', variables, { code: runner })).toBe('1 + John');
  });

  it('falls back to the inner text without a runner', () => {
    expect(substituteVariables('a {{=x + {{Age}}=}} b', variables)).toBe('a x + 42 b');
  });

  it('is single-line and lazy', async () => {
    const { runner, requests } = recordingRunner({ ok: true, value: 'R', setVariables: [] });
    expect(await renderText('{{=1=}} and {{=2=}}', variables, { code: runner })).toBe('R and R');
    expect(requests.map((request) => request.body)).toEqual(['return 1', 'return 2']);
    // Across a newline it is no inline code (never run): it reads as a reference
    // to a variable named "=a\nb=", unknown, hence "" (as the reference).
    expect(await renderText('{{=a\nb=}}', variables, { code: runner })).toBe('');
    expect(await renderText('x {{=a=}\n=}}', variables, { code: runner })).toBe('x {{=a=}\n=}}');
    expect(requests).toHaveLength(2);
  });

  it('evaluates inline code before variables (its result is substituted too)', async () => {
    const { runner } = recordingRunner({ ok: true, value: '{{Name}}', setVariables: [] });
    expect(await renderText('{{="x"=}}', variables, { code: runner })).toBe('John');
  });

  it('writes results: null/undefined ⇒ "", objects as JSON, lists as JSON (no last item)', async () => {
    expect(
      await renderText('[{{=x=}}]', variables, {
        code: recordingRunner({ ok: true, value: null, setVariables: [] }).runner,
      }),
    ).toBe('[]');
    expect(
      await renderText('[{{=x=}}]', variables, {
        code: recordingRunner({ ok: true, value: undefined, setVariables: [] }).runner,
      }),
    ).toBe('[]');
    expect(
      await renderText('{{=x=}}', variables, {
        code: recordingRunner({ ok: true, value: { a: 1 }, setVariables: [] }).runner,
      }),
    ).toBe('{"a":1}');
    const list = recordingRunner({ ok: true, value: ['a', 'b'], setVariables: [] }).runner;
    expect(await renderText('{{=x=}}', variables, { code: list, listAsLastItem: true })).toBe('["a","b"]');
  });

  it('evaluateInlineCode takes the last item of a list result when asked (rich text)', async () => {
    const list = recordingRunner({ ok: true, value: ['a', 'b'], setVariables: [] }).runner;
    expect(await evaluateInlineCode('x', variables, list, true)).toBe('b');
    expect(await evaluateInlineCode('x', variables, list)).toBe('["a","b"]');
  });
});

describe('inline code in the QuickJS sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await createSandbox();
  });
  afterAll(() => sandbox.dispose());

  const run = async (text: string, vars: RuntimeVariable[] = variables) =>
    await renderText(text, vars, { code: asRunner(sandbox) });

  it('evaluates expressions over typed variables', async () => {
    expect(await run('{{={{Name}}.toUpperCase()=}}')).toBe('JOHN');
    expect(await run('Next year: {{={{Age}} + 1=}}')).toBe('Next year: 43');
    expect(await run('{{={{Zip}} + 1=}}')).toBe('012341');
    expect(await run('{{=[1, 2].map((n) => n * 2)=}}')).toBe('[2,4]');
  });

  it('gives lists to code as arrays', async () => {
    const list: RuntimeVariable[] = [{ id: 'l1', name: 'List', value: ['x', 'y', 'z'] }];
    expect(await run('{{={{List}}.at(-1)=}}', list)).toBe('z');
    expect(await run('{{={{List}}.length=}}', list)).toBe('3');
  });

  it('parses JSON held in a variable', async () => {
    const obj: RuntimeVariable[] = [{ id: 'o1', name: 'Obj', value: '{"a":{"b":5}}' }];
    expect(await run('{{=JSON.parse({{Obj}}).a.b=}}', obj)).toBe('5');
  });

  it('writes null/undefined results as ""', async () => {
    expect(await run('[{{=null=}}][{{=undefined=}}][{{={{Unset}}=}}]')).toBe('[][][]');
  });

  it('falls back to the inner text when the code throws', async () => {
    expect(await run('{{=Hello {{Name}}=}}')).toBe('Hello John');
    expect(await run('{{=throw new Error("x")=}} {{Name}}')).toBe('throw new Error("x") John');
  });
});

describe('deepSubstitute', () => {
  it('substitutes every string of a tree and keeps other values', () => {
    const tree = { a: 'Hi {{Name}}', list: ['{{Age}}', 3, null, { deep: '{{List}}' }], flag: true, none: null };
    expect(deepSubstitute(tree, variables)).toEqual({
      a: 'Hi John',
      list: ['42', 3, null, { deep: '["a","b",null]' }],
      flag: true,
      none: null,
    });
    expect(tree.a).toBe('Hi {{Name}}');
  });
});
