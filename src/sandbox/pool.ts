// Bot-author code runs in a pool of worker threads (piscina), each with its own
// QuickJS module: the engine awaits a result while the event loop goes on
// serving other requests. The limits of one run (CPU time, memory) are enforced
// inside the worker by QuickJS; the pool adds a hard deadline that terminates a
// worker that stopped answering, and a bounded queue.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { CodeRequest, CodeResult, CodeRunner } from '../engine/contracts';
import { DEFAULT_FETCH_BUDGET_MS, DEFAULT_MEMORY_LIMIT_BYTES, DEFAULT_TIMEOUT_MS } from './limits';
import type { SandboxOptions } from './quickjs';
import type { WorkerOptions } from './worker';

export interface SandboxPoolOptions extends Omit<SandboxOptions, 'fetch'> {
  /** Worker threads; default: cores − 1 (at least 1), so one core stays with the event loop. */
  threads?: number;
  /** Runs waiting for a worker beyond this are refused at once. Default 256. */
  maxQueue?: number;
  /** PARLEY_OUTBOUND_ALLOW, for code's fetch. */
  outboundAllow?: string;
  /**
   * PARLEY_CODE_IDLE_MS: a worker idle this long stops (its isolate and QuickJS
   * module are 9–33 MB each); the next run starts one again (~0.1 s). 0 keeps
   * every worker running from start-up. Default 60 s.
   */
  idleMs?: number;
}

export interface SandboxPool extends CodeRunner {
  /**
   * A lane of its own for code nobody vouches for (anonymous previews): one
   * worker and a short queue, so busy loops sent there wait behind each other
   * and never take the threads published bots' code runs on.
   */
  untrusted: CodeRunner;
  /**
   * A lane for members' previews: what a builder (or an assistant) tests may
   * loop and fill a queue, and must never make published bots wait. One
   * worker and a queue of its own.
   */
  preview: CodeRunner;
  /** With idleMs 0, starts every worker and loads its module (start-up, before serving); else nothing to do. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** A worker that does not answer within its run's limit plus this is terminated. */
const HARD_DEADLINE_MARGIN_MS = 2000;
const DEFAULT_IDLE_MS = 60_000;
/** Untrusted runs waiting beyond this are refused at once ("overloaded"). */
const UNTRUSTED_QUEUE = 16;
/** Members' preview runs waiting beyond this are refused at once ("overloaded"). */
const PREVIEW_QUEUE = 64;

/**
 * The compiled worker: beside this file when running from dist/, else (tests
 * run the TypeScript sources) the build's copy, which `npm test` builds first.
 */
function workerFile(): string {
  const beside = path.join(__dirname, 'worker.js');
  if (fs.existsSync(beside)) return beside;
  const built = path.resolve(__dirname, '../../dist/src/sandbox/worker.js');
  if (fs.existsSync(built)) return built;
  throw new Error(`sandbox worker not built: ${built} is missing (run npm run build)`);
}

export function defaultSandboxThreads(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

export function createSandboxPool(options: SandboxPoolOptions = {}): SandboxPool {
  const timeoutMs = options.timeoutMs && options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_TIMEOUT_MS;
  const memoryLimitBytes =
    options.memoryLimitBytes && options.memoryLimitBytes > 0 ? options.memoryLimitBytes : DEFAULT_MEMORY_LIMIT_BYTES;
  const threads = options.threads && options.threads > 0 ? options.threads : defaultSandboxThreads();
  const fetchBudgetMs = options.fetchBudgetMs ?? DEFAULT_FETCH_BUDGET_MS;
  const workerData: WorkerOptions = {
    timeoutMs,
    memoryLimitBytes,
    fetchBudgetMs,
    maxFetches: options.maxFetches,
    niceIncrement: 5,
    outboundAllow: options.outboundAllow,
  };
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const lane = (maxThreads: number, maxQueue: number, alwaysOn: boolean) =>
    new Piscina({
      filename: workerFile(),
      minThreads: alwaysOn ? maxThreads : 0,
      maxThreads,
      maxQueue,
      idleTimeout: alwaysOn ? Number.POSITIVE_INFINITY : idleMs || DEFAULT_IDLE_MS,
      workerData,
    });
  // Most bots run no code at all: their servers should not hold sandbox threads (unless idleMs is 0).
  const pool = lane(threads, options.maxQueue ?? 256, idleMs === 0);
  // Started on first use whatever idleMs says: most servers never see an anonymous preview.
  const untrustedPool = lane(1, UNTRUSTED_QUEUE, false);
  // Started on first use too: a server without builders testing bots never starts it.
  const previewPool = lane(1, PREVIEW_QUEUE, false);
  let closed = false;

  const runner = (lanePool: Piscina): CodeRunner['run'] =>
    async function run(request: CodeRequest): Promise<CodeResult> {
      if (closed) return { ok: false, error: 'The code sandbox is closed' };
      // Waiting for fetches does not count against the run's time: they have a budget of their own.
      const signal = AbortSignal.timeout(
        timeoutMs + (request.allowFetch ? fetchBudgetMs : 0) + HARD_DEADLINE_MARGIN_MS,
      );
      try {
        return (await lanePool.run(request, { signal })) as CodeResult;
      } catch (error) {
        if (signal.aborted) return { ok: false, error: `Code execution timed out (${timeoutMs / 1000} s)` };
        const message = error instanceof Error ? error.message : String(error);
        if (/queue is at limit/i.test(message))
          return { ok: false, error: 'The code sandbox is overloaded; try again in a moment' };
        return { ok: false, error: `Code execution failed in the sandbox: ${message}` };
      }
    };

  return {
    run: runner(pool),
    untrusted: { run: runner(untrustedPool) },
    preview: { run: runner(previewPool) },
    async ready() {
      // Workers that stop when idle start with the first code to run (the worker file was found above).
      if (idleMs > 0) return;
      // Always-on workers: one trivial run per thread loads every module before the first visitor needs one.
      await Promise.all(
        Array.from({ length: threads }, () =>
          pool.run({ body: 'return 1', globals: {}, isAsync: false } satisfies CodeRequest),
        ),
      );
    },
    async close() {
      closed = true;
      await Promise.all([pool.destroy(), untrustedPool.destroy(), previewPool.destroy()]);
    },
  };
}
