import { FETCH_UNAVAILABLE } from '../../../src/sandbox/error-text';
import { createSandbox, type Sandbox } from '../../../src/sandbox/quickjs';
import type { CodeRequest, CodeResult } from '../../../src/engine/contracts';

let sandbox: Sandbox;
/** Memory bombs must run out of memory before time, even on a busy machine. */
let roomy: Sandbox;

beforeAll(async () => {
  sandbox = await createSandbox({ timeoutMs: 300, memoryLimitBytes: 16 * 1024 * 1024 });
  roomy = await createSandbox({ timeoutMs: 10_000, memoryLimitBytes: 16 * 1024 * 1024 });
});

afterAll(() => {
  sandbox.dispose();
  roomy.dispose();
});

function run(body: string, extra: Partial<CodeRequest> = {}): Promise<CodeResult> {
  return sandbox.run({ body, globals: {}, isAsync: true, ...extra });
}

async function value(body: string, extra: Partial<CodeRequest> = {}): Promise<unknown> {
  const result = await run(body, extra);
  if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
  return result.value;
}

async function error(body: string, extra: Partial<CodeRequest> = {}): Promise<string> {
  const result = await run(body, extra);
  if (result.ok) throw new Error(`expected an error, got: ${JSON.stringify(result.value)}`);
  return result.error;
}

describe('values', () => {
  it.each([
    ['return "text"', 'text'],
    ['return 42', 42],
    ['return 1.5', 1.5],
    ['return -0.25', -0.25],
    ['return true', true],
    ['return false', false],
    ['return null', null],
    ['return [1, "a", null, true]', [1, 'a', null, true]],
    ['return { a: 1, b: [2, { c: "d" }] }', { a: 1, b: [2, { c: 'd' }] }],
    ['return [undefined, () => 1]', [null, null]],
    ['return { f() {}, u: undefined, n: 1 }', { n: 1 }],
    ['return 2n ** 70n', '1180591620717411303424'],
    ['return new Date(0)', '1970-01-01T00:00:00.000Z'],
    ['return { toJSON() { return "custom" } }', 'custom'],
    ['return "é ✓ 😀"', 'é ✓ 😀'],
  ])('%s', async (body, expected) => {
    expect(await value(body)).toEqual(expected);
  });

  it('undefined, functions and symbols come out as undefined', async () => {
    expect(await value('return undefined')).toBeUndefined();
    expect(await value('')).toBeUndefined();
    expect(await value('return () => 1')).toBeUndefined();
    expect(await value('return Symbol("s")')).toBeUndefined();
  });

  it('NaN and Infinity come out as numbers', async () => {
    expect(await value('return NaN')).toBeNaN();
    expect(await value('return -Infinity')).toBe(-Infinity);
  });

  it('a value that cannot be copied out is an error', async () => {
    expect(await error('const a = {}; a.self = a; return a')).toMatch(/cannot be copied out of the sandbox/);
  });

  it('runs synchronous bodies', async () => {
    expect(await value('return 1 + 1', { isAsync: false })).toBe(2);
    expect(await error('await 1', { isAsync: false })).toMatch(/SyntaxError/);
  });
});

describe('async code', () => {
  it('awaits promises, chains and async functions', async () => {
    expect(await value('const x = await Promise.resolve(20); return x + await (async () => 22)()')).toBe(42);
    expect(await value('return Promise.all([1, Promise.resolve(2)]).then((v) => v.map((n) => n * 2))')).toEqual([2, 4]);
  });

  it('a rejection is an error', async () => {
    expect(await error('await Promise.reject(new TypeError("nope"))')).toBe('TypeError: nope');
    expect(await error('throw "plain text"')).toBe('plain text');
    expect(await error('throw { code: 7 }')).toBe('{"code":7}');
  });

  it('a promise that never settles is an error', async () => {
    expect(await error('await new Promise(() => {})')).toMatch(/never finished/);
  });
});

describe('globals', () => {
  it('defines each global with its value', async () => {
    const globals = {
      vName: 'John',
      vAge: 30,
      vList: ['a', null],
      vFlag: false,
      vNothing: null,
      vUnset: undefined,
      vObj: { a: { b: 1 } },
    };
    expect(
      await value('return [vName, vAge + 1, vList, vFlag, vNothing, typeof vUnset, vObj.a.b]', { globals }),
    ).toEqual(['John', 31, ['a', null], false, null, 'undefined', 1]);
  });

  it('`global` is the global object, as in Typebot', async () => {
    expect(await value('return global === globalThis && global.vX', { globals: { vX: 'x' } })).toBe('x');
  });

  it('globals of one run do not leak into the next', async () => {
    await value('globalThis.leak = 1; return 1', { globals: { vA: 1 } });
    expect(await value('return [typeof leak, typeof vA]')).toEqual(['undefined', 'undefined']);
  });

  it('code cannot change how values come out (JSON replaced)', async () => {
    expect(await value('JSON.stringify = () => "hacked"; return { a: 1 }')).toEqual({ a: 1 });
  });
});

describe('setVariable', () => {
  it('collects calls in order, with copied values', async () => {
    const result = await run(
      'setVariable("Name", "Ann"); await setVariable("List", [1, "b"]); setVariable("Obj", { a: 1 }); setVariable("Name", undefined); return "done"',
      {
        allowSetVariable: true,
      },
    );
    expect(result).toEqual({
      ok: true,
      value: 'done',
      setVariables: [
        { name: 'Name', value: 'Ann' },
        { name: 'List', value: [1, 'b'] },
        { name: 'Obj', value: { a: 1 } },
        { name: 'Name', value: undefined },
      ],
    });
  });

  it('works from async code', async () => {
    const result = await run('await null; setVariable("X", await Promise.resolve(3))', { allowSetVariable: true });
    expect(result).toEqual({ ok: true, value: undefined, setVariables: [{ name: 'X', value: 3 }] });
  });

  it('rejects a name that is not a string', async () => {
    expect(await error('setVariable(1, 2)', { allowSetVariable: true })).toMatch(/name must be a string/);
  });

  it('does not exist unless allowed', async () => {
    expect(await value('return typeof setVariable')).toBe('undefined');
  });
});

describe('no access to the host', () => {
  it.each([
    ['process', 'return typeof process'],
    ['require', 'return typeof require'],
    ['module', 'return typeof module'],
    ['Buffer', 'return typeof Buffer'],
    ['fetch', 'return typeof fetch'],
    ['setTimeout', 'return typeof setTimeout'],
    ['WebAssembly', 'return typeof WebAssembly'],
    ['std (quickjs-libc)', 'return typeof std'],
    ['os (quickjs-libc)', 'return typeof os'],
  ])('%s is not defined', async (_name, body) => {
    expect(await value(body)).toBe('undefined');
  });

  it('constructor chains reach only the sandbox', async () => {
    expect(await error("return this.constructor.constructor('return process')()")).toMatch(/ReferenceError: .*process/);
    expect(await error("return globalThis.constructor.constructor('return require')()('fs')")).toMatch(
      /ReferenceError: .*require/,
    );
    expect(await error("return (async () => {}).constructor('return process')()")).toMatch(/process/);
    expect(
      await value("const g = Function('return this')(); return [g === globalThis, typeof g.process, typeof g.require]"),
    ).toEqual([true, 'undefined', 'undefined']);
    expect(
      await value(
        "return Object.getOwnPropertyNames(Function('return this')()).filter((n) => /process|require|module|fs|net|http/i.test(n))",
      ),
    ).toEqual([]);
  });

  it('dynamic import loads nothing', async () => {
    expect(await error('return await import("fs")')).toMatch(/could not load module/);
    expect(await error('return await import("node:child_process")')).toMatch(/could not load module/);
  });

  it('fetch does not exist and says so', async () => {
    expect(await error('const response = await fetch("https://example.com"); return response')).toBe(FETCH_UNAVAILABLE);
    expect(await error('return globalThis.fetch("https://example.com")')).toBe(FETCH_UNAVAILABLE);
  });
});

describe('limits', () => {
  it('stops an infinite loop', async () => {
    expect(await error('while (true) {}')).toMatch(/timed out/);
    expect(await error('while (true) {}', { isAsync: false })).toMatch(/timed out/);
  });

  it('stops an infinite loop that catches everything', async () => {
    expect(await error('for (;;) { try { while (true) {} } catch (e) {} }')).toMatch(/timed out/);
  });

  it('stops an endless chain of promise jobs', async () => {
    expect(await error('while (true) { await null }')).toMatch(/timed out/);
  });

  it.each([
    ['large strings', 'const a = []; for (let i = 0; ; i++) a.push(String(i).repeat(100000))'],
    ['arrays', 'const a = []; for (;;) a.push(new Array(10000).fill(1))'],
    ['typed arrays', 'const a = []; for (;;) a.push(new Uint8Array(1024 * 1024))'],
    ['small objects', 'const a = []; for (let i = 0; ; i++) a.push({ i, s: "x" + i })'],
  ])('stops a memory bomb (%s)', async (_name, body) => {
    const result = await roomy.run({ body, globals: {}, isAsync: true });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/out of memory \(limit 16 MB\)/) });
    expect(await roomy.run({ body: 'return "still " + "working"', globals: {}, isAsync: true })).toEqual({
      ok: true,
      value: 'still working',
      setVariables: [],
    });
  });

  it('stops deep recursion', async () => {
    expect(await error('function f() { return f() + 1 } return f()')).toMatch(/stack overflow|nests too deeply/);
  });

  it('survives native recursion on a deeply nested value (the module is replaced)', async () => {
    const result = await run('let o = {}; for (let i = 0; i < 100000; i++) o = { o }; return JSON.stringify(o).length');
    expect(result).toEqual({ ok: false, error: 'Code execution failed in the sandbox: the code nests too deeply' });
    await sandbox.ready();
    expect(await value('return 1 + 1')).toBe(2);
    // Twice in a row: the spare takes over, another one loads.
    expect(
      (await run('let o = []; for (let i = 0; i < 100000; i++) o = [o]; return JSON.stringify(o).length')).ok,
    ).toBe(false);
    await sandbox.ready();
    expect(await value('return 1 + 1')).toBe(2);
  });

  it('keeps working after every kind of failure', async () => {
    await error('while (true) {}');
    await error('const a = []; for (;;) a.push("x".repeat(100000) + a.length)');
    await error('function f() { return f() } return f()');
    await sandbox.ready();
    for (let index = 0; index < 50; index += 1) expect(await value(`return ${index} * 2`)).toBe(index * 2);
    expect(await value('return "x".repeat(1024 * 1024).length')).toBe(1024 * 1024);
  });
});

describe('defaults', () => {
  it('creates a sandbox with default limits', async () => {
    const defaults = await createSandbox();
    try {
      expect(await defaults.run({ body: 'return [1, 2].map((n) => n * 3)', globals: {}, isAsync: true })).toEqual({
        ok: true,
        value: [3, 6],
        setVariables: [],
      });
    } finally {
      defaults.dispose();
    }
  });
});
