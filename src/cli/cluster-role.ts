import cluster from 'node:cluster';
import type { LiveRelayMessage } from '../services/live/cluster';

// Which part of `parley serve --workers N` this process plays, and how a
// worker talks to its primary; kept apart from cli/cluster.ts (the primary's
// work) so that neither side loads the other's modules.

export type FromWorker = { type: 'log'; line: string } | LiveRelayMessage;

export function isClusterWorker(): boolean {
  return cluster.isWorker;
}

/** In a worker: lines for the console go through the primary (it prints the listening line once). */
export function workerLog(line: string): void {
  process.send?.({ type: 'log', line } satisfies FromWorker);
}
