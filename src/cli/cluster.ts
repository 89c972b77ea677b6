import { fork as forkProcess } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config';
import { isLiveRelayMessage } from '../services/live/cluster';
import type { FromWorker } from './cluster-role';

// `parley serve --workers N`: N server processes sharing the port (node:cluster;
// the primary accepts connections and hands them out). The primary gets the
// database ready once (key, migrations, bootstrap), then starts the workers;
// each is a whole Parley server over the same database, which is what makes
// them interchangeable: session claims, caches and limits already work across
// processes. A worker that dies is replaced; SIGTERM/SIGINT drain them all.

/** Workers dying faster than this many times a minute mean something is wrong: the cluster stops. */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * Gets the database ready (key, migrations, bootstrap; `parley
 * prepare-storage`) in a child process that then exits: the primary itself
 * never loads Prisma or the server's modules, so it stays at Node's own size
 * instead of a whole server's (~255 MB). The child prints what a start prints.
 */
async function prepareInChild(): Promise<number> {
  const child = forkProcess(process.argv[1]!, ['prepare-storage'], { stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function serveCluster(
  config: Config,
  workers: number,
  log: (line: string) => void = console.log,
): Promise<void> {
  const prepared = await prepareInChild();
  if (prepared !== 0) {
    process.exitCode = prepared;
    return;
  }

  let listening = 0;
  let stopping = false;
  const restarts: number[] = [];
  /** How the workers ended once the cluster was stopping (a worker replaced earlier does not count). */
  const stopCodes: number[] = [];

  const fork = (): Worker => {
    const worker = cluster.fork();
    let ready = false;
    worker.on('message', (message: FromWorker) => {
      // Live results of a SQLite cluster: every worker's subscribers hear every worker's turns.
      if (isLiveRelayMessage(message)) {
        for (const each of Object.values(cluster.workers ?? {})) if (each?.isConnected()) each.send(message);
        return;
      }
      if (message?.type !== 'log') return;
      if (message.line.startsWith('Parley listening on ')) {
        ready = true;
        listening += 1;
        // One line for the whole cluster, once every worker listens.
        if (listening === workers) log(message.line.replace(/\((\w+)\)/, `($1, ${workers} workers)`));
        return;
      }
      log(message.line);
    });
    worker.on('exit', (code, signal) => {
      if (stopping) {
        stopCodes.push(code ?? 1);
        return;
      }
      if (!ready) {
        // A worker that could not start (port taken, database unreachable...) said why on stderr.
        stopping = true;
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
        process.exitCode = code || 1;
        return;
      }
      listening -= 1;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
      if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
        log(`parley: workers keep dying (${restarts.length} in a minute); stopping`);
        stopping = true;
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
        process.exitCode = 1;
        return;
      }
      log(`Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another`);
      fork();
    });
    return worker;
  };

  for (let index = 0; index < workers; index += 1) fork();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    // Each worker drains its own requests (PARLEY_SHUTDOWN_MS) and exits.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // A second signal stops at once.
    process.once('SIGINT', () => process.exit(1));
    process.once('SIGTERM', () => process.exit(1));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  cluster.on('exit', () => {
    if (stopping && Object.keys(cluster.workers ?? {}).length === 0)
      process.exit(process.exitCode ?? (stopCodes.every((code) => code === 0) ? 0 : 1));
  });
}
