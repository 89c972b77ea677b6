// Memory benchmark (prints figures; not a test).
//   npm run bench:memory
// Where a server's resident memory goes: RSS after each component is loaded
// (garbage collected first), in one process, in start-up order, then idle
// with the server listening, then after 2,000 conversations. Run with
// --expose-gc (the npm script does) so every figure is taken after a full GC.
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
  for (const reply of REPLIES) await post(`${base}/v1/sessions/${start.json.sessionId}/continueChat`, { message: reply });
}

async function main(): Promise<void> {
  if (!(globalThis as { gc?: unknown }).gc) console.log('(run with node --expose-gc for stable figures)');
  figure('node itself');
  const { loadConfig } = await import('../src/config');
  await import('../src/engine/chat');
  figure('flow engine (block modules, zod schemas, parsers)');
  await import('../src/services/chat/runtime');
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
  const { createBot, publishBot } = await import('../src/services/bots');
  const server = await startServer(
    // Rate limits off: one client drives the load. Logs off: their buffers are not the server's memory.
    {
      ...loadConfig({ PARLEY_RATE_LIMIT: 'off' }),
      port: 0,
      databaseUrl: `file:${path.join(dir, 'bench.db')}`,
      adminToken: 'bench-admin-token-0123456789',
      logLevel: 'silent',
    },
    () => undefined,
  );
  const base = `http://127.0.0.1:${server.port}`;
  const workspace = await server.database.db.workspace.findFirstOrThrow();
  const published = await publishBot(server.database.db, (await createBot(server.database.db, workspace.id, THREE_INPUTS)).id);
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
  agent.destroy();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
