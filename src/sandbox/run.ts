// One run of bot-author code in a fresh QuickJS runtime and context: the
// globals it gets, its evaluation, the promise jobs and fetches it waits on,
// its result copied out.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten';
import type { CodeRequest, CodeResult } from '../engine/contracts';
import { RunClock } from './clock';
import { failure, hostErrorText } from './error-text';
import { defineFetch } from './fetch-bridge';
import type { Limits } from './limits';
import { CopyError, toHost, toVm } from './marshal';

/**
 * QuickJS's stack limit. WebAssembly frames also consume the host's native
 * stack: larger values let deep recursion overflow the host before QuickJS
 * notices (then the module is replaced, see quickjs.ts). 128 KiB allows ~700
 * levels of plain recursion.
 */
const MAX_STACK_BYTES = 128 * 1024;

/** The requests a run's `fetch` may send beside the sandbox's own limit, and what it sent. */
type FetchBudget = { max: number; message: string; sent: number };

/** One run in a fresh runtime; `healthy` is false when the module can no longer be trusted. */
export async function runOnce(
  module: QuickJSWASMModule,
  request: CodeRequest,
  limits: Limits,
): Promise<{ result: CodeResult; healthy: boolean }> {
  let runtime: QuickJSRuntime | undefined;
  let vm: QuickJSContext | undefined;
  let result: CodeResult;
  const budget: FetchBudget = { max: Number.POSITIVE_INFINITY, message: '', ...request.fetchLimit, sent: 0 };
  const counted = (outcome: CodeResult): CodeResult =>
    budget.sent > 0 ? { ...outcome, fetches: budget.sent } : outcome;
  try {
    runtime = module.newRuntime();
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const clock = new RunClock(limits);
    runtime.setInterruptHandler(() => clock.expired());
    vm = runtime.newContext();
    result = counted(await execute(vm, runtime, request, limits, clock, budget));
  } catch (error) {
    // A runtime left in an unknown state aborts when freed: it is not disposed, the module is dropped whole.
    return {
      result: counted({ ok: false, error: `Code execution failed in the sandbox: ${hostErrorText(error)}` }),
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

async function execute(
  vm: QuickJSContext,
  runtime: QuickJSRuntime,
  request: CodeRequest,
  limits: Limits,
  clock: RunClock,
  budget: FetchBudget,
): Promise<CodeResult> {
  // Taken before the code runs, so that code replacing JSON.stringify does not change how values come out.
  const json = vm.getProp(vm.global, 'JSON');
  const stringify = vm.getProp(json, 'stringify');
  json.dispose();
  const fetches = new Set<Promise<void>>();
  try {
    const setVariables: { name: string; value: unknown }[] = [];
    defineGlobals(vm, request, setVariables, stringify);
    if (request.allowFetch && limits.fetch) defineFetch(vm, limits, clock, fetches, stringify, budget);

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
    const handle = toVm(vm, value);
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
