/** Runs bot-author JavaScript in a sandbox (no host access, CPU and memory limits). */
export interface CodeRunner {
  run(request: CodeRequest): Promise<CodeResult>;
}

export interface CodeRequest {
  /** A function body: may use `return`, `await` (run as an async function when `isAsync`). */
  body: string;
  /** Globals visible to the code, by name. */
  globals: Record<string, unknown>;
  isAsync: boolean;
  /** Provide setVariable(name, value) to the code (Code block only). */
  allowSetVariable?: boolean;
  /**
   * Provide fetch(url, init) → the response's text, through the outbound guard
   * (server-side Code and Set variable code, as in the reference).
   */
  allowFetch?: boolean;
  /**
   * Fewer requests than the sandbox's own per-run limit, when the turn or its
   * workspace has fewer left: `message` is the error a fetch past them gets.
   */
  fetchLimit?: { max: number; message: string };
}

/** `fetches`: the requests the run's `fetch` sent (counted against the turn's and the workspace's). */
export type CodeResult = (
  { ok: true; value: unknown; setVariables: { name: string; value: unknown }[] } | { ok: false; error: string }
) & { fetches?: number };
