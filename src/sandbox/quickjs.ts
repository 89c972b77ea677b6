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
//   (promise jobs included: async code is drained synchronously, there is no I/O);
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
import type { CodeRequest, CodeResult } from '../engine/types';

/**
 * The release build, loaded with require: the published variant loads its
 * Emscripten module with a dynamic import(), which jest's CommonJS module
 * sandbox refuses.
 */
const RELEASE_SYNC_VARIANT: QuickJSSyncVariant = {
  type: 'sync',
  importFFI: RELEASE_SYNC.importFFI,
  importModuleLoader: async () =>
    require('@jitl/quickjs-wasmfile-release-sync/emscripten-module') as Awaited<ReturnType<QuickJSSyncVariant['importModuleLoader']>>,
};

export interface SandboxOptions {
  /** Wall-clock budget of one run, promise jobs included. Default 1000 ms. */
  timeoutMs?: number;
  /** Heap available to one run's code. Default 32 MiB. */
  memoryLimitBytes?: number;
}

/** One QuickJS module, run synchronously on the calling thread (inside a pool worker; see pool.ts). */
export interface Sandbox {
  run(request: CodeRequest): CodeResult;
  /** Resolves once a module is ready to run code (after a failure, when its replacement is). */
  ready(): Promise<void>;
  /** Drops the WebAssembly modules; later runs fail. */
  dispose(): void;
}

export const DEFAULT_TIMEOUT_MS = 1000;
export const DEFAULT_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;

/** The message a run gets when its code calls fetch (servers make no outbound requests from bot code). */
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
  const memoryLimitBytes = options.memoryLimitBytes && options.memoryLimitBytes > 0 ? options.memoryLimitBytes : DEFAULT_MEMORY_LIMIT_BYTES;

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

  const limits = { timeoutMs, memoryLimitBytes };

  return {
    run(request: CodeRequest): CodeResult {
      if (disposed) return { ok: false, error: 'The code sandbox is closed' };
      const loaded = current;
      if (!loaded) return { ok: false, error: 'The code sandbox is restarting after a failure; try again in a moment' };
      const { result, healthy } = runOnce(loaded.module, request, limits);
      if (!healthy) retire();
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
}

/** One run in a fresh runtime; `healthy` is false when the module can no longer be trusted. */
function runOnce(module: QuickJSWASMModule, request: CodeRequest, limits: Limits): { result: CodeResult; healthy: boolean } {
  let runtime: QuickJSRuntime | undefined;
  let vm: QuickJSContext | undefined;
  let result: CodeResult;
  try {
    runtime = module.newRuntime();
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const deadline = Date.now() + limits.timeoutMs;
    runtime.setInterruptHandler(() => Date.now() > deadline);
    vm = runtime.newContext();
    result = execute(vm, runtime, request, limits);
  } catch (error) {
    // A runtime left in an unknown state aborts when freed: it is not disposed, the module is dropped whole.
    return { result: { ok: false, error: `Code execution failed in the sandbox: ${hostErrorText(error)}` }, healthy: false };
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

function execute(vm: QuickJSContext, runtime: QuickJSRuntime, request: CodeRequest, limits: Limits): CodeResult {
  // Taken before the code runs, so that code replacing JSON.stringify does not change how values come out.
  const json = vm.getProp(vm.global, 'JSON');
  const stringify = vm.getProp(json, 'stringify');
  json.dispose();
  try {
    const setVariables: { name: string; value: unknown }[] = [];
    defineGlobals(vm, request, setVariables, stringify);

    const body = request.body;
    const source = request.isAsync ? `(async () => {\n${body}\n})()` : `(() => {\n${body}\n})()`;
    const evaluated = vm.evalCode(source, 'code.js');
    if (evaluated.error) return failure(vm, evaluated.error, request, limits);

    const returned = evaluated.value;
    try {
      if (!request.isAsync) return success(vm, returned, stringify, setVariables);
      const drained = drainJobs(runtime);
      if (drained) return failure(vm, drained, request, limits);
      const state = vm.getPromiseState(returned);
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
    stringify.dispose();
  }
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

function defineGlobals(vm: QuickJSContext, request: CodeRequest, setVariables: { name: string; value: unknown }[], stringify: QuickJSHandle): void {
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

function success(vm: QuickJSContext, handle: QuickJSHandle, stringify: QuickJSHandle, setVariables: { name: string; value: unknown }[]): CodeResult {
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
  const mentionsFetch = /\bfetch\b/.test(text) || (/not a function/.test(text) && /\bfetch\b/.test(request.body));
  if (mentionsFetch) return FETCH_UNAVAILABLE;
  return text;
}
