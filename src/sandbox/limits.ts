// What one run of bot-author code may use, and the host's fetch it may call.

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

export const DEFAULT_TIMEOUT_MS = 1000;
export const DEFAULT_MEMORY_LIMIT_BYTES = 32 * 1024 * 1024;
export const DEFAULT_FETCH_BUDGET_MS = 10_000;
export const DEFAULT_MAX_FETCHES = 10;

/** The limits of one run, defaults applied (see SandboxOptions). */
export interface Limits {
  timeoutMs: number;
  memoryLimitBytes: number;
  fetch?: HostFetch;
  fetchBudgetMs: number;
  maxFetches: number;
}
