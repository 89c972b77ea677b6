// The code's `fetch`: a VM function whose promise the host settles with the
// answer of its own fetch (HostFetch, through the outbound guard).
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import type { RunClock } from './clock';
import type { Limits } from './limits';
import { toHost } from './marshal';

/**
 * Defines `fetch(url, init)` for code that may reach the network: a promise of
 * the response's text, sent by the host (through the outbound guard), with the
 * run's fetch budget as timeout and a bounded number of calls. Each call's
 * settlement is tracked in `fetches` until it is done, so that the run can wait
 * for them (off its clock) and never lets one settle into a disposed VM.
 */
export function defineFetch(
  vm: QuickJSContext,
  limits: Limits,
  clock: RunClock,
  fetches: Set<Promise<void>>,
  stringify: QuickJSHandle,
  /** The turn's budget when smaller than the run's; `sent` counts what went out. */
  budget: { max: number; message: string; sent: number },
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
    else if (calls > budget.max) pending = Promise.resolve().then(() => settle(budget.message));
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
      budget.sent += 1;
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
