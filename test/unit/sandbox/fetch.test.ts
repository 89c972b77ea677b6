import type { HostFetch } from '../../../src/sandbox/limits';
import { createSandbox, type Sandbox } from '../../../src/sandbox/quickjs';

// Code's fetch: the sandbox asks the host (here a stand-in; in workers, the
// outbound guard) and resumes the code with the response's text. Waiting is
// not the code's time; the fetches of a run have a budget of their own.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const calls: { url: string; method: string; headers: Record<string, string>; body?: string }[] = [];

const host: HostFetch = async ({ url, method, headers, body, signal }) => {
  calls.push({ url, method, headers, body });
  if (url.includes('/slow')) {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, 5_000);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      });
    });
  }
  if (url.includes('/refused'))
    throw new Error(
      'fetch failed: Security validation failed: Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.',
    );
  await sleep(url.includes('/late') ? 500 : 5);
  return JSON.stringify({ url, method });
};

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await createSandbox({ timeoutMs: 300, fetch: host, fetchBudgetMs: 1_000, maxFetches: 3 });
});
afterAll(() => sandbox.dispose());
beforeEach(() => {
  calls.length = 0;
});

const run = (body: string, allowFetch = true) => sandbox.run({ body, globals: {}, isAsync: true, allowFetch });

test('answers the text of the response; method, headers and body reach the host', async () => {
  const result = await run(
    'const text = await fetch("https://api.test/a", { method: "post", headers: { "X-A": 1 }, body: { b: 2 } }); return JSON.parse(text)',
  );
  // `fetches`: what the run sent, which the turn counts against its outbound bounds.
  expect(result).toEqual({
    ok: true,
    value: { url: 'https://api.test/a', method: 'POST' },
    setVariables: [],
    fetches: 1,
  });
  expect(calls).toEqual([{ url: 'https://api.test/a', method: 'POST', headers: { 'X-A': '1' }, body: '{"b":2}' }]);
});

test('time spent waiting is not the code’s time (a 500 ms answer under a 300 ms limit)', async () => {
  expect(
    await run(
      'const [a, b] = await Promise.all([fetch("https://api.test/late"), fetch("https://api.test/x")]); return a.length > 0 && b.length > 0',
    ),
  ).toEqual({
    ok: true,
    value: true,
    setVariables: [],
    fetches: 2,
  });
});

test('a refusal rejects the promise with the reason; code may catch it', async () => {
  expect(await run('await fetch("http://127.0.0.1/refused")')).toEqual({
    ok: false,
    error:
      'TypeError: fetch failed: Security validation failed: Access to loopback addresses (127.0.0.0/8) is not allowed for security reasons.',
    fetches: 1,
  });
  expect(await run('try { await fetch("http://127.0.0.1/refused") } catch (e) { return "caught" }')).toMatchObject({
    ok: true,
    value: 'caught',
  });
});

test('the budget of the run’s fetches, and the number of them, are bounded', async () => {
  expect(await run('await fetch("https://api.test/slow")')).toEqual({
    ok: false,
    error: "TypeError: fetch timed out (the run's requests may take 1 s)",
    fetches: 1,
  });
  const many = await run(
    'const out = []; for (let i = 0; i < 4; i++) { try { await fetch("https://api.test/" + i); out.push("ok") } catch (e) { out.push(e.message) } } return out',
  );
  expect(many).toMatchObject({ ok: true, value: ['ok', 'ok', 'ok', 'fetch: at most 3 requests per run'], fetches: 3 });
});

test("a turn's smaller budget bounds the run's fetches, with the turn's own words; only what was sent is counted", async () => {
  const result = await sandbox.run({
    body: 'const out = []; for (let i = 0; i < 3; i++) { try { await fetch("https://api.test/" + i); out.push("ok") } catch (e) { out.push(e.message) } } return out',
    globals: {},
    isAsync: true,
    allowFetch: true,
    fetchLimit: { max: 1, message: 'fetch: the turn has no requests left' },
  });
  expect(result).toEqual({
    ok: true,
    value: ['ok', 'fetch: the turn has no requests left', 'fetch: the turn has no requests left'],
    setVariables: [],
    fetches: 1,
  });
  expect(calls).toHaveLength(1);
  // A run that sends nothing reports nothing.
  expect(await sandbox.run({ body: 'return 1', globals: {}, isAsync: true, allowFetch: true })).toEqual({
    ok: true,
    value: 1,
    setVariables: [],
  });
});

test('code that is not allowed the network has no fetch', async () => {
  expect((await run('return typeof fetch', false)).ok && (await run('return typeof fetch', false))).toMatchObject({
    value: 'undefined',
  });
  expect(calls).toEqual([]);
});
