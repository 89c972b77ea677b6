// Servers as separate processes, and the closed-loop load the summary drives
// against them: `parley serve --workers N` as a real process tree, and the
// bare Koa ceiling.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { apiCall, post } from './http-post';

const root = path.resolve(__dirname, '../..');
export const BENCH_TOKEN = 'bench-workers-token-0123456789';

/** Resident memory of a process and its children (cluster workers), in bytes. */
export function rssOfTree(pid: number): number {
  const pids = [pid];
  try {
    pids.push(
      ...execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    // No children (one worker).
  }
  return pids.reduce((sum, one) => {
    const status = fs.readFileSync(`/proc/${one}/status`, 'utf8');
    return sum + Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  }, 0);
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The console URL a starting `parley serve` prints (its stdout read until then); rejects if it exits first. */
export function listeningUrl(child: ChildProcess): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${output}`)));
  });
}

export const DEFAULT_POSTGRES = 'postgresql://postgres@127.0.0.1:5432/postgres';

/** PARLEY_BENCH_POSTGRES_URL (or the local default) when a server answers there. */
export async function postgresServer(): Promise<string | undefined> {
  const url = process.env.PARLEY_BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES;
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

async function started(child: ChildProcess): Promise<ServerProcess> {
  const url = await listeningUrl(child);
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * `parley serve --workers N` on a database, with its admin token and limits off (one client drives the load).
 * BENCH_PARLEY_ROOT: another checkout's built server (a before/after comparison);
 * PARLEY_BENCH_NODE_ARGS: flags for the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
export function parleyServe(databaseUrl: string, workers: number): Promise<ServerProcess> {
  const server = path.join(process.env.BENCH_PARLEY_ROOT ?? root, 'dist/src/main.js');
  const nodeArgs = (process.env.PARLEY_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, server, 'serve', '--workers', String(workers)], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PARLEY_ADMIN_TOKEN: BENCH_TOKEN,
      PARLEY_RATE_LIMIT: 'off',
      PARLEY_LOG_LEVEL: 'silent',
      PARLEY_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return started(child);
}

export function bareKoa(): Promise<ServerProcess> {
  return started(
    spawn(process.execPath, [path.join(root, 'dist/bench/bare-koa.js')], { stdio: ['ignore', 'pipe', 'inherit'] }),
  );
}

/** Creates and publishes `definition` through the REST API; answers its public id. */
export async function publishThroughApi(url: string, definition: unknown): Promise<string> {
  const call = (method: string, route: string, body?: unknown) => apiCall(url, BENCH_TOKEN, method, route, body);
  const [workspace] = (await call('GET', '/v1/workspaces')).workspaces;
  const created = await call('POST', '/v1/bots', { workspaceId: workspace.id, bot: definition });
  return (await call('POST', `/v1/bots/${created.bot.id}/publish`)).bot.publicId as string;
}

export interface LoadFigures {
  conversationsPerSecond: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * Closed loop: `visitors` clients, each sending `conversation`'s requests one
 * after the other, over and over, for `seconds` (after a 2 s warm-up with a
 * quarter of them). A conversation is whatever `conversation` sends; it calls
 * `timed` for each request.
 */
export async function closedLoop(
  visitors: number,
  seconds: number,
  conversation: (timed: (url: string, body: unknown) => Promise<any>) => Promise<void>,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let conversations = 0;
  const timed = async (url: string, body: unknown) => {
    const began = performance.now();
    const answer = await post(url, body);
    latencies.push(performance.now() - began);
    if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  };
  const visitor = async (until: number) => {
    while (performance.now() < until) {
      await conversation(timed);
      conversations += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, visitors / 4) }, () => visitor(performance.now() + 2000)));
  latencies.length = 0;
  conversations = 0;
  await Promise.all(Array.from({ length: visitors }, () => visitor(performance.now() + seconds * 1000)));
  latencies.sort((a, b) => a - b);
  return {
    conversationsPerSecond: conversations / seconds,
    requestsPerSecond: latencies.length / seconds,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
  };
}
