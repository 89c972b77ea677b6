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
import {
  RELEASE_SYNC,
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import type { CodeRequest, CodeResult } from '../engine/contracts';

/**
 * The release build, loaded with require: the published variant loads its
 * Emscripten module with a dynamic import(), which jest's CommonJS module
 * sandbox refuses.
 */
const RELEASE_SYNC_VARIANT: QuickJSSyncVariant = {
  type: 'sync',
  importFFI: RELEASE_SYNC.importFFI,
  importModuleLoader: async () =>
    // The module's own loader is a dynamic import(), which jest's CommonJS runtime cannot run.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('@jitl/quickjs-wasmfile-release-sync/emscripten-module') as Awaited<
      ReturnType<QuickJSSyncVariant['importModuleLoader']>
    >,
};

/**
 * What the code's `fetch(url, init)` does (server-side code blocks, as in the
 * reference: it answers the response's text). The host sends the request
 * through the outbound guard; a refusal or failure rejects the promise.
 */
export type HostFetch = (request: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}) => Promise<string>;

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

export const DEFAULT_TIMEOUT_MS = 1000;
export const DEFAULT_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
export const DEFAULT_FETCH_BUDGET_MS = 10_000;
export const DEFAULT_MAX_FETCHES = 10;

/** The message a run gets when its code calls fetch where none is provided (inline code, or a sandbox without network). */
export const FETCH_UNAVAILABLE = "fetch is not available in Parley's sandbox (network access is disabled)";

const WASM_PAGE_BYTES = 65536;
/** The module's own minimum memory (static data, C stack, QuickJS's base structures). */
const BASE_PAGES = 256;
/**
 * QuickJS's stack limit. WebAssembly frames also consume the host's native
 * stack: larger values let deep recursion overflow the host before QuickJS
 * notices (then the module is replaced, see above). 128 KiB allows ~700 levels
 * of plain recursion.
 */
const MAX_STACK_BYTES = 128 * 1024;
/** Nesting depth of values copied into the sandbox. */
const MAX_COPY_DEPTH = 200;

interface LoadedModule {
  module: QuickJSWASMModule;
  memory: WebAssembly.Memory;
}

/** Thrown inside the VM by host callbacks; becomes a normal error of the run. */
class CopyError extends Error {}

const quiet = (): void => {};

async function loadModule(memoryLimitBytes: number): Promise<LoadedModule> {
  const memory = new WebAssembly.Memory({
    initial: BASE_PAGES,
    maximum: BASE_PAGES + Math.ceil(memoryLimitBytes / WASM_PAGE_BYTES),
  });
  const variant = newVariant(RELEASE_SYNC_VARIANT, {
    wasmMemory: memory,
    // Emscripten prints aborts on stderr; they are handled (the module is replaced).
    emscriptenModule: { print: quiet, printErr: quiet } as never,
  });
  const module = await newQuickJSWASMModuleFromVariant(variant);
  return { module, memory };
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

interface Limits {
  timeoutMs: number;
  memoryLimitBytes: number;
  fetch?: HostFetch;
  fetchBudgetMs: number;
  maxFetches: number;
}

/** The run's clock: its deadline moves by the time spent waiting for fetches, which have a budget of their own. */
class RunClock {
  private deadline: number;
  private fetchDeadline: number;
  constructor(limits: Limits) {
    this.deadline = Date.now() + limits.timeoutMs;
    this.fetchDeadline = Date.now() + limits.fetchBudgetMs;
  }
  expired(): boolean {
    return Date.now() > this.deadline;
  }
  /** What is left of the fetch budget (ms). */
  fetchTimeLeft(): number {
    return Math.max(0, this.fetchDeadline - Date.now());
  }
  async waitFor(promise: Promise<unknown>): Promise<void> {
    const started = Date.now();
    await promise;
    this.deadline += Date.now() - started;
  }
}

/** One run in a fresh runtime; `healthy` is false when the module can no longer be trusted. */
async function runOnce(
  module: QuickJSWASMModule,
  request: CodeRequest,
  limits: Limits,
): Promise<{ result: CodeResult; healthy: boolean }> {
  let runtime: QuickJSRuntime | undefined;
  let vm: QuickJSContext | undefined;
  let result: CodeResult;
  try {
    runtime = module.newRuntime();
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const clock = new RunClock(limits);
    runtime.setInterruptHandler(() => clock.expired());
    vm = runtime.newContext();
    result = await execute(vm, runtime, request, limits, clock);
  } catch (error) {
    // A runtime left in an unknown state aborts when freed: it is not disposed, the module is dropped whole.
    return {
      result: { ok: false, error: `Code execution failed in the sandbox: ${hostErrorText(error)}` },
      healthy: false,
    };
  }
  try {
    vm.dispose();
    runtime.dispose();
    return { result, healthy: true };
  } catch {
    return { result, healthy: false };
  }
}

function hostErrorText(error: unknown): string {
  if (error instanceof RangeError) return 'the code nests too deeply';
  return error instanceof Error ? error.message : String(error);
}

async function execute(
  vm: QuickJSContext,
  runtime: QuickJSRuntime,
  request: CodeRequest,
  limits: Limits,
  clock: RunClock,
): Promise<CodeResult> {
  // Taken before the code runs, so that code replacing JSON.stringify does not change how values come out.
  const json = vm.getProp(vm.global, 'JSON');
  const stringify = vm.getProp(json, 'stringify');
  json.dispose();
  const fetches = new Set<Promise<void>>();
  try {
    const setVariables: { name: string; value: unknown }[] = [];
    defineGlobals(vm, request, setVariables, stringify);
    if (request.allowFetch && limits.fetch) defineFetch(vm, limits, clock, fetches, stringify);

    const body = request.body;
    const source = request.isAsync ? `(async () => {\n${body}\n})()` : `(() => {\n${body}\n})()`;
    const evaluated = vm.evalCode(source, 'code.js');
    if (evaluated.error) return failure(vm, evaluated.error, request, limits);

    const returned = evaluated.value;
    try {
      if (!request.isAsync) return success(vm, returned, stringify, setVariables);
      let state: ReturnType<QuickJSContext['getPromiseState']>;
      for (;;) {
        const drained = drainJobs(runtime);
        if (drained) return failure(vm, drained, request, limits);
        state = vm.getPromiseState(returned);
        // A settled state holds a new handle: only a pending one may be asked for again.
        if (state.type !== 'pending' || fetches.size === 0) break;
        // The code awaits a fetch: wait for the first one to settle (off the run's clock), then run what it unblocked.
        await clock.waitFor(Promise.race(fetches));
      }
      if (state.type === 'pending') {
        return { ok: false, error: 'The code never finished: it awaits a promise that is never settled' };
      }
      if (state.type === 'rejected') return failure(vm, state.error, request, limits);
      try {
        return success(vm, state.value, stringify, setVariables);
      } finally {
        if (state.value !== returned) state.value.dispose();
      }
    } finally {
      returned.dispose();
    }
  } finally {
    // Fetches still running when the run ends settle into a disposed VM: let them finish first.
    await Promise.allSettled([...fetches]);
    stringify.dispose();
  }
}

/**
 * `fetch(url, init)` for code that may reach the network: a promise of the
 * response's text, sent by the host (through the outbound guard), with the
 * run's fetch budget as timeout and a bounded number of calls.
 */
function defineFetch(
  vm: QuickJSContext,
  limits: Limits,
  clock: RunClock,
  fetches: Set<Promise<void>>,
  stringify: QuickJSHandle,
): void {
  let calls = 0;
  const fetch = vm.newFunction('fetch', (urlHandle, initHandle) => {
    const deferred = vm.newPromise();
    const settle = (error: string | undefined, text?: string) => {
      if (!vm.alive) return;
      const handle =
        error === undefined ? vm.newString(text ?? '') : vm.newError({ name: 'TypeError', message: error });
      if (error === undefined) deferred.resolve(handle);
      else deferred.reject(handle);
      handle.dispose();
      deferred.dispose();
    };
    calls += 1;
    const url = urlHandle ? toHost(vm, urlHandle, stringify) : undefined;
    const init = (initHandle ? toHost(vm, initHandle, stringify) : undefined) as
      { method?: unknown; headers?: unknown; body?: unknown } | undefined;
    let pending: Promise<void>;
    if (calls > limits.maxFetches)
      pending = Promise.resolve().then(() => settle(`fetch: at most ${limits.maxFetches} requests per run`));
    else if (typeof url !== 'string')
      pending = Promise.resolve().then(() => settle('fetch(url, init): url must be a string'));
    else {
      const headers: Record<string, string> = {};
      if (init?.headers && typeof init.headers === 'object')
        for (const [name, value] of Object.entries(init.headers)) headers[name] = String(value);
      const body =
        init?.body === undefined || init.body === null
          ? undefined
          : typeof init.body === 'string'
            ? init.body
            : JSON.stringify(init.body);
      const method = typeof init?.method === 'string' ? init.method.toUpperCase() : 'GET';
      const signal = AbortSignal.timeout(Math.max(1, clock.fetchTimeLeft()));
      pending = limits.fetch!({ url, method, headers, body, signal }).then(
        (text) => settle(undefined, text),
        (error: unknown) =>
          settle(
            signal.aborted
              ? `fetch timed out (the run's requests may take ${limits.fetchBudgetMs / 1000} s)`
              : error instanceof Error
                ? error.message
                : String(error),
          ),
      );
    }
    const tracked: Promise<void> = pending.finally(() => fetches.delete(tracked));
    fetches.add(tracked);
    return deferred.handle;
  });
  vm.setProp(vm.global, 'fetch', fetch);
  fetch.dispose();
}

/** Runs promise jobs until none is left; returns the error handle that stopped them, if any. */
function drainJobs(runtime: QuickJSRuntime): QuickJSHandle | undefined {
  while (runtime.hasPendingJob()) {
    const jobs = runtime.executePendingJobs(-1);
    // The error belongs to the context the job ran in: ours, the only one.
    if (jobs.error) return jobs.error;
  }
  return undefined;
}

function defineGlobals(
  vm: QuickJSContext,
  request: CodeRequest,
  setVariables: { name: string; value: unknown }[],
  stringify: QuickJSHandle,
): void {
  // Some scripts written for Typebot's isolate use `global`.
  vm.setProp(vm.global, 'global', vm.global);
  for (const [name, value] of Object.entries(request.globals)) {
    const handle = toVm(vm, value, 0, new Set());
    vm.setProp(vm.global, name, handle);
    handle.dispose();
  }
  if (request.allowSetVariable) {
    const setVariable = vm.newFunction('setVariable', (nameHandle, valueHandle) => {
      const name = nameHandle ? toHost(vm, nameHandle, stringify) : undefined;
      if (typeof name !== 'string') throw new CopyError('setVariable(name, value): name must be a string');
      setVariables.push({ name, value: valueHandle ? toHost(vm, valueHandle, stringify) : undefined });
    });
    vm.setProp(vm.global, 'setVariable', setVariable);
    setVariable.dispose();
  }
}

function success(
  vm: QuickJSContext,
  handle: QuickJSHandle,
  stringify: QuickJSHandle,
  setVariables: { name: string; value: unknown }[],
): CodeResult {
  try {
    return { ok: true, value: toHost(vm, handle, stringify), setVariables };
  } catch (error) {
    if (error instanceof CopyError) return { ok: false, error: error.message };
    throw error;
  }
}

/** Copies a host value (JSON-like data) into the VM. */
function toVm(vm: QuickJSContext, value: unknown, depth: number, ancestors: Set<object>): QuickJSHandle {
  if (value === undefined) return vm.undefined;
  if (value === null) return vm.null;
  switch (typeof value) {
    case 'boolean':
      return value ? vm.true : vm.false;
    case 'number':
      return vm.newNumber(value);
    case 'string':
      return vm.newString(value);
    case 'bigint':
      return vm.newString(value.toString());
    case 'object':
      break;
    default:
      // Functions and symbols have no copy.
      return vm.undefined;
  }
  const object = value as object;
  if (depth >= MAX_COPY_DEPTH || ancestors.has(object)) return vm.null;
  if (object instanceof Date) return vm.newString(object.toISOString());
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      const array = vm.newArray();
      object.forEach((item, index) => {
        const handle = toVm(vm, item, depth + 1, ancestors);
        vm.setProp(array, index, handle);
        handle.dispose();
      });
      return array;
    }
    const copy = vm.newObject();
    for (const [key, item] of Object.entries(object)) {
      const handle = toVm(vm, item, depth + 1, ancestors);
      vm.setProp(copy, key, handle);
      handle.dispose();
    }
    return copy;
  } finally {
    ancestors.delete(object);
  }
}

/**
 * Copies a VM value out: primitives as they are (bigint as text), objects and
 * arrays through the VM's JSON.stringify (so toJSON applies and functions
 * disappear), functions and symbols as undefined.
 */
function toHost(vm: QuickJSContext, handle: QuickJSHandle, stringify: QuickJSHandle): unknown {
  switch (vm.typeof(handle)) {
    case 'undefined':
      return undefined;
    case 'string':
      return vm.getString(handle);
    case 'number':
      return vm.getNumber(handle);
    case 'boolean':
      return vm.dump(handle) === true;
    case 'bigint':
      return vm.getBigInt(handle).toString();
    case 'object':
      break;
    default:
      return undefined;
  }
  const text = vm.callFunction(stringify, vm.undefined, handle);
  if (text.error) {
    const message = errorText(vm, text.error);
    text.error.dispose();
    throw new CopyError(`The value cannot be copied out of the sandbox: ${message}`);
  }
  try {
    return vm.typeof(text.value) === 'string' ? (JSON.parse(vm.getString(text.value)) as unknown) : undefined;
  } finally {
    text.value.dispose();
  }
}

function failure(vm: QuickJSContext, errorHandle: QuickJSHandle, request: CodeRequest, limits: Limits): CodeResult {
  let text: string;
  try {
    text = errorText(vm, errorHandle);
  } finally {
    errorHandle.dispose();
  }
  return { ok: false, error: explain(text, request, limits) };
}

/** `Name: message` for errors, the text for thrown strings, JSON for other thrown values. */
function errorText(vm: QuickJSContext, handle: QuickJSHandle): string {
  const type = vm.typeof(handle);
  if (type === 'string') return vm.getString(handle);
  if (type === 'object') {
    const dumped: unknown = vm.dump(handle);
    if (dumped === null) return 'null';
    if (typeof dumped === 'object') {
      const { name, message } = dumped as { name?: unknown; message?: unknown };
      if (typeof message === 'string') return typeof name === 'string' && name ? `${name}: ${message}` : message;
      return JSON.stringify(dumped) ?? String(dumped);
    }
    return String(dumped);
  }
  return String(vm.dump(handle));
}

function explain(text: string, request: CodeRequest, limits: Limits): string {
  if (text === 'InternalError: interrupted') return `Code execution timed out (limit ${limits.timeoutMs} ms)`;
  // Running out of memory sometimes leaves QuickJS unable to build the error object: it throws null.
  const megabytes = Math.round(limits.memoryLimitBytes / (1024 * 1024));
  if (text === 'InternalError: out of memory') return `Code ran out of memory (limit ${megabytes} MB)`;
  if (text === 'null') return `Code threw null or ran out of memory (limit ${megabytes} MB)`;
  const hasFetch = request.allowFetch === true && limits.fetch !== undefined;
  const mentionsFetch = /\bfetch\b/.test(text) || (/not a function/.test(text) && /\bfetch\b/.test(request.body));
  if (mentionsFetch && !hasFetch) return FETCH_UNAVAILABLE;
  return text;
}
