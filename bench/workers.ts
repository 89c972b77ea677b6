// Throughput by number of server processes (prints figures; not a test).
//   npm run bench:workers
// Starts `parley serve --workers N` as a real process tree on a fresh SQLite
// file (and on PostgreSQL when PARLEY_BENCH_POSTGRES_URL names a server), for
// N = 1 and N = the number of cores, publishes a 3-input bot through the API,
// and runs 64 concurrent visitors (startChat then three replies, over and
// over) for 8 s: conversations/s, request latency p50/p99, and the resident
// memory of the whole process tree after the load.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { THREE_INPUTS } from './bots';
import { agent, post } from './http-post';

const root = path.resolve(__dirname, '../..');
const mainJs = path.join(root, 'dist/src/main.js');
const TOKEN = 'bench-workers-token-0123456789';
function rssOfTree(pid: number): number {
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

async function serve(databaseUrl: string, workers: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [mainJs, 'serve', '--workers', String(workers)], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PARLEY_ADMIN_TOKEN: TOKEN,
      LOG_LEVEL: 'silent',
      PARLEY_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${output}`)));
  });
  return { url, child };
}

async function measure(label: string, databaseUrl: string, workers: number): Promise<void> {
  const { url, child } = await serve(databaseUrl, workers);
  try {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await fetch(url + route, {
        method,
        headers: { ...auth, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as any;
    };
    const [workspace] = (await call('GET', '/v1/workspaces')).workspaces;
    const created = await call('POST', '/v1/bots', { workspaceId: workspace.id, bot: THREE_INPUTS });
    const publicId = (await call('POST', `/v1/bots/${created.bot.id}/publish`)).bot.publicId as string;
    const latencies: number[] = [];
    let conversations = 0;
    const timed = async (route: string, body: unknown) => {
      const began = performance.now();
      const answer = await post(url + route, body);
      latencies.push(performance.now() - began);
      if (answer.status !== 200) throw new Error(`${route}: ${answer.status} ${JSON.stringify(answer.json)}`);
      return answer.json;
    };
    const visitor = async (until: number) => {
      while (performance.now() < until) {
        const start = await timed(`/v1/bots/${publicId}/startChat`, {});
        for (const reply of ['Ada', 'ada@example.com', '36']) await timed(`/v1/sessions/${start.sessionId}/continueChat`, { message: reply });
        conversations += 1;
      }
    };
    await Promise.all(Array.from({ length: 16 }, () => visitor(performance.now() + 2000)));
    latencies.length = 0;
    conversations = 0;
    const seconds = 8;
    await Promise.all(Array.from({ length: 64 }, () => visitor(performance.now() + seconds * 1000)));
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
    console.log(
      `${label.padEnd(22)} ${String(workers).padStart(2)} worker(s): ${(conversations / seconds).toFixed(0).padStart(5)} conversations/s (${((conversations * 4) / seconds).toFixed(0)} requests/s), p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, RSS ${(rssOfTree(child.pid!) / 1024 / 1024).toFixed(0)} MB`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main(): Promise<void> {
  const cores = os.availableParallelism();
  for (const workers of [...new Set([1, cores])]) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-workers-'));
    await measure('SQLite', `file:${path.join(dir, 'bench.db')}`, workers);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const postgres = process.env.PARLEY_BENCH_POSTGRES_URL;
  if (postgres) {
    for (const workers of [1, 2]) {
      const name = `parley_bench_${Date.now()}`;
      const admin = new Client({ connectionString: postgres });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(postgres);
        url.pathname = `/${name}`;
        await measure('PostgreSQL', url.toString(), workers);
      } finally {
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  }
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
