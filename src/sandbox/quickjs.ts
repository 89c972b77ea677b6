// The sandbox for bot-author JavaScript: QuickJS compiled to WebAssembly
// (quickjs-emscripten). The engine sees only the CodeRunner interface.
//
// Isolation: the code runs in a QuickJS interpreter inside a WebAssembly
// instance. Nothing of the host is reachable from there: no process, require,
// module loader, file system, network, timers or console; the only functions
// it gets are the ones defined here (setVariable, when asked for). Values cross
// the boundary as copies (JSON-like data), never as references.
//
// Limits, per run:
// - time: an interrupt handler stops the interpreter once the deadline passes
//   (promise jobs included). Time spent waiting for a host fetch does not count:
//   fetches have their own budget for the whole run (fetchBudgetMs);
// - memory: the WebAssembly memory of the module is capped (its 16 MiB base plus
//   memoryLimitBytes). QuickJS's own setMemoryLimit cannot be relied on in this
//   build: without malloc_usable_size it counts allocations, not bytes
//   (quickjs-emscripten issues #255 and #271), so large strings and arrays would
//   pass it. With a capped memory, malloc fails and QuickJS throws "out of memory";
// - stack: QuickJS's stack limit, kept small because WebAssembly frames also use
//   the host's native stack.
//
// Every run gets a fresh runtime and context, disposed afterwards. If a run
// fails at the host level (a WebAssembly trap, or the host's own stack overflow
// from native recursion such as JSON.stringify of a deeply nested value), the
// module's state can no longer be trusted: it is dropped whole and replaced by a
// spare loaded in the background.
//
// This file keeps the modules (current and spare); module.ts loads one, run.ts
// runs code once, marshal.ts copies values across, fetch-bridge.ts gives code
// its fetch, clock.ts and limits.ts bound a run, error-text.ts words failures.
import type { CodeRequest, CodeResult } from '../engine/contracts';
import {
  DEFAULT_FETCH_BUDGET_MS,
  DEFAULT_MAX_FETCHES,
  DEFAULT_MEMORY_LIMIT_BYTES,
  DEFAULT_TIMEOUT_MS,
  type HostFetch,
  type Limits,
} from './limits';
import { loadModule, type LoadedModule } from './module';
import { runOnce } from './run';

export interface SandboxOptions {
  /** Wall-clock budget of one run, promise jobs included, fetch waits excluded. Default 1000 ms. */
  timeoutMs?: number;
  /** Heap available to one run's code. Default 32 MiB. */
  memoryLimitBytes?: number;
  /** Gives runs that allow it a `fetch`; without it, code that calls fetch is told it is unavailable. */
  fetch?: HostFetch;
  /** Time all the fetches of one run may take together. Default 10 s. */
  fetchBudgetMs?: number;
  /** Fetches one run may make. Default 10. */
  maxFetches?: number;
}

/** One QuickJS module, run on the calling thread (inside a pool worker; see pool.ts). */
export interface Sandbox {
  run(request: CodeRequest): Promise<CodeResult>;
  /** Resolves once a module is ready to run code (after a failure, when its replacement is). */
  ready(): Promise<void>;
  /** Drops the WebAssembly modules; later runs fail. */
  dispose(): void;
}

/** Creates the sandbox: loads the WebAssembly module (and a spare) once. */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const timeoutMs = options.timeoutMs && options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_TIMEOUT_MS;
  const memoryLimitBytes =
    options.memoryLimitBytes && options.memoryLimitBytes > 0 ? options.memoryLimitBytes : DEFAULT_MEMORY_LIMIT_BYTES;

  let disposed = false;
  let current: LoadedModule | undefined = await loadModule(memoryLimitBytes);
  let spare: LoadedModule | undefined;
  let loading: Promise<void> | undefined;

  /** Loads modules in the background until there is a current one and a spare; a failed load is not retried. */
  const refill = (): void => {
    if (disposed || loading || (current && spare)) return;
    loading = loadModule(memoryLimitBytes).then(
      (loaded) => {
        loading = undefined;
        if (disposed) return;
        if (current) spare = loaded;
        else current = loaded;
        refill();
      },
      (error: unknown) => {
        loading = undefined;
        console.error('[parley] could not load the code sandbox:', error);
      },
    );
  };
  refill();

  const retire = (): void => {
    current = spare;
    spare = undefined;
    refill();
  };

  const limits: Limits = {
    timeoutMs,
    memoryLimitBytes,
    fetch: options.fetch,
    fetchBudgetMs: options.fetchBudgetMs ?? DEFAULT_FETCH_BUDGET_MS,
    maxFetches: options.maxFetches ?? DEFAULT_MAX_FETCHES,
  };

  return {
    async run(request: CodeRequest): Promise<CodeResult> {
      if (disposed) return { ok: false, error: 'The code sandbox is closed' };
      const loaded = current;
      if (!loaded) return { ok: false, error: 'The code sandbox is restarting after a failure; try again in a moment' };
      const { result, healthy } = await runOnce(loaded.module, request, limits);
      if (!healthy && current === loaded) retire();
      return result;
    },
    async ready() {
      refill();
      while (!current && loading) await loading;
      if (!current && !disposed) throw new Error('The code sandbox could not be loaded');
    },
    dispose() {
      disposed = true;
      current = undefined;
      spare = undefined;
    },
  };
}
