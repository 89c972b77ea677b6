// Memory benchmark (prints figures; not a test).
//   npm run bench:memory
// Where a server's resident memory goes: RSS after each component is loaded
// (garbage collected first), in one process, in start-up order, then idle
// with the server listening, then after 2,000 conversations. Run with
// --expose-gc (the npm script does) so every figure is taken after a full GC.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { THREE_INPUTS } from './bots';
import { agent, post } from './http-post';

const CONVERSATIONS = Number(process.env.PARLEY_BENCH_CONVERSATIONS ?? 2000);
const REPLIES = ['Ada', 'ada@example.com', '36'];

let previous = 0;
function figure(label: string): void {
  (globalThis as { gc?: () => void }).gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  const mb = (bytes: number) => (bytes / 1e6).toFixed(0).padStart(4);
  console.log(
    `${label.padEnd(52)} RSS ${mb(rss)} MB (${rss - previous >= 0 ? '+' : ''}${((rss - previous) / 1e6).toFixed(0)})   JS heap ${mb(heapUsed)} MB   external ${mb(external)} MB`,
  );
  previous = rss;
}

async function conversation(base: string, publicId: string): Promise<void> {
  const start = await post(`${base}/v1/bots/${publicId}/startChat`, {});
  for (const reply of REPLIES)
    await post(`${base}/v1/sessions/${start.json.sessionId}/continueChat`, { message: reply });
}

async function main(): Promise<void> {
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with node --expose-gc for stable figures)');
  figure('node itself');
  const { loadConfig } = await import('../src/config');
  await import('../src/engine/chat');
  figure('flow engine (block modules, zod schemas, parsers)');
  await import('../src/services/chat/start');
  await import('../src/services/chat/continue');
  await import('../src/services/chat/preview');
  await import('../src/services/chat/client-logs');
  figure('services');
  await import('../src/graphql/schema');
  figure('GraphQL schema (Pothos)');
  await import('../src/http/app');
  figure('HTTP app (Koa, yoga, REST table)');
  const { openDatabase } = await import('../src/db/client');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-memory-'));
  const probe = openDatabase(`file:${path.join(dir, 'probe.db')}`);
  await probe.db.$queryRawUnsafe('SELECT 1');
  figure('Prisma client, first statement (query compiler)');
  await probe.close();
  const { createSandboxPool } = await import('../src/sandbox/pool');
  const pool = createSandboxPool({ threads: 1 });
  await pool.ready();
  figure('one sandbox worker thread (QuickJS)');
  await pool.close();
  figure('(sandbox worker closed again)');

  const { startServer } = await import('../src/cli/serve');
  const { createBot } = await import('../src/services/bot-saves');
  const { publishBot } = await import('../src/services/bot-publishing');
  const server = await startServer(
    // Rate limits off: one client drives the load. Logs off: their buffers are not the server's memory.
    loadConfig({
      PARLEY_RATE_LIMIT: 'off',
      PARLEY_CODE_IDLE_MS: process.env.PARLEY_CODE_IDLE_MS,
      PARLEY_PORT: '0',
      PARLEY_DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
      PARLEY_ADMIN_TOKEN: 'bench-admin-token-0123456789',
      PARLEY_LOG_LEVEL: 'silent',
    }),
    () => undefined,
  );
  const base = `http://127.0.0.1:${server.port}`;
  const workspace = await server.database.db.workspace.findFirstOrThrow();
  const published = await publishBot(
    server.database.db,
    (await createBot(server.database.db, workspace.id, THREE_INPUTS)).id,
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  figure('server listening, idle (migrations, pool warm)');
  for (let done = 0; done < CONVERSATIONS; done += 16) {
    await Promise.all(Array.from({ length: 16 }, () => conversation(base, published.publicId!)));
  }
  figure(`after ${CONVERSATIONS} conversations (4 requests each)`);
  const heap = v8.getHeapStatistics();
  console.log(
    `V8 heap limit ${(heap.heap_size_limit / 1e6).toFixed(0)} MB; the server runs cores - 1 = ${Math.max(1, os.availableParallelism() - 1)} sandbox worker(s)`,
  );
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
  await realProcess();
  agent.destroy();
}

/** VmRSS of a process, from /proc (Linux), in MB. */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1000;
}

/** Starts `parley serve` as its own process; resolves with its address once it listens. */
async function serve(env: NodeJS.ProcessEnv): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(__dirname, '../src/main.js'), 'serve'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`parley serve exited with ${code}:\n${output}`)));
  });
  return {
    base,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * What an operator sees: `parley serve` as its own process (nothing else
 * loaded in it), restarted on a database that has its admin and a published
 * bot (the usual start), idle, then after a load of conversations.
 */
async function realProcess(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-memory-serve-'));
  const token = 'bench-admin-token-0123456789';
  const env = {
    ...process.env,
    DATABASE_URL: `file:${path.join(dir, 'serve.db')}`,
    PORT: '0',
    PARLEY_RATE_LIMIT: 'off',
    PARLEY_LOG_LEVEL: 'silent',
    PARLEY_ADMIN_TOKEN: token,
  };
  try {
    const first = await serve(env);
    const workspaces = await getJson(`${first.base}/v1/workspaces`, token);
    const created = await postJson(`${first.base}/v1/bots`, token, {
      workspaceId: workspaces.workspaces[0].id,
      bot: THREE_INPUTS,
    });
    const published = await postJson(`${first.base}/v1/bots/${created.bot.id}/publish`, token, {});
    await first.stop();

    const server = await serve(env);
    try {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // A load balancer's probes: they must not change the figure.
      await fetch(`${server.base}/health`);
      await fetch(`${server.base}/ready`);
      const idle = rssOf(server.pid);
      for (let done = 0; done < CONVERSATIONS; done += 16) {
        await Promise.all(Array.from({ length: 16 }, () => conversation(server.base, published.bot.publicId)));
      }
      const loaded = rssOf(server.pid);
      await getJson(`${server.base}/v1/workspaces`, token);
      console.log(
        `parley serve as its own process, restarted (${process.env.PARLEY_CODE_IDLE_MS === '0' ? 'sandbox workers always on' : 'sandbox workers on demand'}): ` +
          `RSS idle ${idle.toFixed(0)} MB, after ${CONVERSATIONS} conversations ${loaded.toFixed(0)} MB, after one builder request ${rssOf(server.pid).toFixed(0)} MB`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function getJson(url: string, token: string): Promise<any> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  return response.json();
}

async function postJson(url: string, token: string, body: unknown): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
