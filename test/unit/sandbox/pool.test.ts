import { createSandboxPool, type SandboxPool } from '../../../src/sandbox/pool';

// The worker-thread pool around the QuickJS sandbox (the compiled worker:
// `npm test` builds before running). What it must show: code runs off the
// event loop, runs of different chats proceed side by side, the limits still
// hold in a worker.

let pool: SandboxPool;
beforeAll(async () => {
  // Always-on workers (idleMs 0), warmed by ready(): what is measured here is two runs side by side, not a thread's start.
  pool = createSandboxPool({ threads: 2, timeoutMs: 500, memoryLimitBytes: 16 * 1024 * 1024, idleMs: 0 });
  await pool.ready();
});
afterAll(() => pool.close());

const BUSY_LOOP = 'while (true) {}';

describe('sandbox pool', () => {
  it('runs code with globals and setVariable, as the in-thread sandbox does', async () => {
    expect(
      await pool.run({
        body: 'setVariable("Name", vName.toUpperCase()); return vAge + 1',
        globals: { vName: 'ada', vAge: 41 },
        isAsync: true,
        allowSetVariable: true,
      }),
    ).toEqual({
      ok: true,
      value: 42,
      setVariables: [{ name: 'Name', value: 'ADA' }],
    });
  });

  it('keeps the event loop free while code busy-loops: timers fire and other runs finish first', async () => {
    const order: string[] = [];
    const busy = pool.run({ body: BUSY_LOOP, globals: {}, isAsync: false }).then((result) => {
      order.push('busy');
      return result;
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
    order.push('event loop');
    const quick = await pool.run({ body: 'return 2 * 21', globals: {}, isAsync: false });
    order.push('quick');
    expect(quick).toEqual({ ok: true, value: 42, setVariables: [] });
    const stopped = await busy;
    expect(order).toEqual(['event loop', 'quick', 'busy']);
    expect(stopped.ok).toBe(false);
  });

  it('enforces the limits inside the worker: time and memory', async () => {
    const timedOut = await pool.run({ body: BUSY_LOOP, globals: {}, isAsync: false });
    expect(timedOut).toEqual({ ok: false, error: 'Code execution timed out (limit 500 ms)' });
    const bomb = await pool.run({
      body: 'const a = []; for (;;) a.push(new Uint8Array(1024 * 1024))',
      globals: {},
      isAsync: false,
    });
    expect(bomb).toEqual({ ok: false, error: expect.stringMatching(/out of memory \(limit 16 MB\)/) });
    // The workers still serve after both.
    expect(await pool.run({ body: 'return "alive"', globals: {}, isAsync: false })).toEqual({
      ok: true,
      value: 'alive',
      setVariables: [],
    });
  });

  it('has no host access from a worker either', async () => {
    for (const body of [
      'return typeof process',
      'return typeof require',
      'return typeof fetch',
      'return typeof setTimeout',
    ]) {
      expect(await pool.run({ body, globals: {}, isAsync: false })).toEqual({
        ok: true,
        value: 'undefined',
        setVariables: [],
      });
    }
  });

  it('answers every run after close with a clear failure', async () => {
    const closing = createSandboxPool({ threads: 1 });
    await closing.close();
    expect(await closing.run({ body: 'return 1', globals: {}, isAsync: false })).toEqual({
      ok: false,
      error: 'The code sandbox is closed',
    });
  });
});

describe('sandbox pool with workers on demand (the default)', () => {
  it('starts a worker for the first run, stops it when idle, and starts one again for the next run', async () => {
    const onDemand = createSandboxPool({ threads: 1, timeoutMs: 2000, idleMs: 100 });
    try {
      await onDemand.ready();
      expect(await onDemand.run({ body: 'return 1 + 1', globals: {}, isAsync: false })).toEqual({
        ok: true,
        value: 2,
        setVariables: [],
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await onDemand.run({ body: 'return vX * 2', globals: { vX: 21 }, isAsync: false })).toEqual({
        ok: true,
        value: 42,
        setVariables: [],
      });
    } finally {
      await onDemand.close();
    }
  });
});
