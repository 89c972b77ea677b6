// The error text a run answers: what the code threw, or what stopped it
// (timeout, memory, fetch unavailable), in words a bot author understands.
import type { QuickJSContext, QuickJSHandle } from 'quickjs-emscripten';
import type { CodeRequest, CodeResult } from '../engine/contracts';
import type { Limits } from './limits';

/**
 * The message a run gets when its code calls fetch where none is provided
 * (inline code, or a sandbox without network).
 */
export const FETCH_UNAVAILABLE = "fetch is not available in Parley's sandbox (network access is disabled)";

/** `Name: message` for errors, the text for thrown strings, JSON for other thrown values. */
export function errorText(vm: QuickJSContext, handle: QuickJSHandle): string {
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

/** A failed run's result, from the error the code threw (the handle is disposed). */
export function failure(
  vm: QuickJSContext,
  errorHandle: QuickJSHandle,
  request: CodeRequest,
  limits: Limits,
): CodeResult {
  let text: string;
  try {
    text = errorText(vm, errorHandle);
  } finally {
    errorHandle.dispose();
  }
  return { ok: false, error: explain(text, request, limits) };
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

/** A failure of the host around the run (a WebAssembly trap, the host's own stack overflow). */
export function hostErrorText(error: unknown): string {
  if (error instanceof RangeError) return 'the code nests too deeply';
  return error instanceof Error ? error.message : String(error);
}
