// One sandbox worker thread: its own QuickJS module, fed code requests by the
// pool (piscina calls the default export). Running here, a busy-looping code
// block holds this thread, never the event loop that serves other chats.
import os from 'node:os';
import { workerData } from 'node:worker_threads';
import type { CodeRequest, CodeResult } from '../engine/contracts';
import { createOutboundClient } from '../integrations/http/client';
import { OutboundRefused, parseAllowList } from '../integrations/http/guard';
import type { HostFetch } from './limits';
import { createSandbox, type Sandbox, type SandboxOptions } from './quickjs';

export interface WorkerOptions extends Omit<SandboxOptions, 'fetch'> {
  /** Added to the thread's nice value (Linux: per thread), so request handling wins the CPU. */
  niceIncrement?: number;
  /** PARLEY_OUTBOUND_ALLOW: what code's fetch may reach although private (the same allow-list as every outbound request). */
  outboundAllow?: string;
}

/** A code fetch answers at most this much text. */
const FETCH_MAX_RESPONSE_BYTES = 1024 * 1024;

const options = (workerData ?? {}) as WorkerOptions;

if (options.niceIncrement) {
  try {
    // On Linux setpriority(PRIO_PROCESS, 0) changes the calling thread only.
    os.setPriority(Math.min(19, os.getPriority() + options.niceIncrement));
  } catch {
    // Not permitted or not supported: the thread runs at the process's priority.
  }
}

// Code's fetch leaves from this thread, through the same outbound guard as HTTP request blocks.
const outbound = createOutboundClient({
  allow: parseAllowList(options.outboundAllow),
  maxResponseBytes: FETCH_MAX_RESPONSE_BYTES,
});
const fetch: HostFetch = async (request) => {
  try {
    return (await outbound.request(request)).body;
  } catch (error) {
    const reason =
      error instanceof OutboundRefused
        ? `Security validation failed: ${error.message}`
        : error instanceof Error
          ? error.message
          : String(error);
    throw new Error(`fetch failed: ${reason}`, { cause: error });
  }
};

// Loaded as the thread starts (piscina starts the pool's threads at once), not on the first visitor's code.
const sandbox: Promise<Sandbox> = createSandbox({ ...options, fetch });
// A failed load is reported to each run, not as an unhandled rejection that would kill the thread.
sandbox.catch(() => undefined);

export default async function run(request: CodeRequest): Promise<CodeResult> {
  const loaded = await sandbox;
  await loaded.ready();
  return loaded.run(request);
}
