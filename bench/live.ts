// Live results: what publishing costs a chat turn, and how soon subscribers hear of it (prints figures; not a test).
//   npm run bench:live
// For SQLite, then PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// skipped when unreachable): times continueChat replies with no live subscriber, then with
// SUBSCRIBERS streams open on the bot (GET /v1/bots/{botId}/results/live), and the delay from
// sending a reply to its `answered` event reaching a subscriber. The subscribers read their
// streams in a worker thread (bench/live-subscribers.ts), off the server's event loop.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { Client } from 'pg';
import { loadConfig } from '../src/config';
import { startServer } from '../src/cli/serve';
import { publishBot } from '../src/services/bot-publishing';
import { createBot } from '../src/services/bot-saves';
import { THREE_INPUTS } from './bots';
import { agent, post } from './http-post';
import type { SubscribersInput, SubscribersMessage } from './live-subscribers';

const REPLIES = 300;
const SUBSCRIBERS = 100;
const ADMIN_TOKEN = 'bench-admin-token-0123456789';

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${quantile(sorted, 0.5).toFixed(2)} ms, p95 ${quantile(sorted, 0.95).toFixed(2)} ms`;
};

/** `REPLIES` first answers, each in a new conversation (startChat not timed): reply latencies, and event delays when subscribed. */
async function replies(base: string, publicId: string, sentAt: Map<string, number>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < REPLIES; run += 1) {
    const start = await post(`${base}/v1/bots/${publicId}/startChat`, {});
    if (start.status !== 200) throw new Error(`startChat ${start.status} ${JSON.stringify(start.json)}`);
    const began = performance.now();
    sentAt.set(start.json.resultId, performance.timeOrigin + began);
    const reply = await post(`${base}/v1/sessions/${start.json.sessionId}/continueChat`, { message: 'Ada' });
    times.push(performance.now() - began);
    if (reply.status !== 200) throw new Error(`continueChat ${reply.status} ${JSON.stringify(reply.json)}`);
  }
  return times;
}

async function measure(label: string, databaseUrl: string): Promise<void> {
  const server = await startServer(
    loadConfig({
      PARLEY_PORT: '0',
      PARLEY_DATABASE_URL: databaseUrl,
      PARLEY_ADMIN_TOKEN: ADMIN_TOKEN,
      PARLEY_LOG_LEVEL: 'silent',
      PARLEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      PARLEY_RATE_LIMIT: 'off',
    }),
    () => undefined,
  );
  try {
    const db = server.database.db;
    const workspace = await db.workspace.findFirstOrThrow();
    const bot = await publishBot(db, (await createBot(db, workspace.id, THREE_INPUTS)).id);
    const base = `http://127.0.0.1:${server.port}`;
    const ignored = new Map<string, number>();
    await replies(base, bot.publicId!, ignored);
    const alone = await replies(base, bot.publicId!, ignored);

    const sentAt = new Map<string, number>();
    const delays: number[] = [];
    const subscribers = new Worker(path.join(__dirname, 'live-subscribers.js'), {
      workerData: { base, botId: bot.id, token: ADMIN_TOKEN, count: SUBSCRIBERS } satisfies SubscribersInput,
    });
    let delivered = -1;
    await new Promise<void>((resolve, reject) => {
      subscribers.on('error', reject);
      subscribers.on('message', (message: SubscribersMessage) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'answered') delays.push(message.at - sentAt.get(message.resultId)!);
        else delivered = message.count;
      });
    });
    const watched = await replies(base, bot.publicId!, sentAt);
    for (let waited = 0; delivered < REPLIES * SUBSCRIBERS && waited < 5000; waited += 50) {
      subscribers.postMessage('report');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    subscribers.postMessage('stop');
    console.log(`${label}: reply, no live subscriber (${REPLIES}): ${summary(alone)}`);
    console.log(`${label}: reply, ${SUBSCRIBERS} live subscribers on the bot (${REPLIES}): ${summary(watched)}`);
    console.log(
      `${label}: reply sent -> its answered event at a subscriber: ${summary(delays)} (${delivered} of ${REPLIES * SUBSCRIBERS} events delivered)`,
    );
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-live-'));
  try {
    await measure('SQLite', `file:${path.join(dir, 'bench.db')}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL skipped (${(error as Error).message})`);
    return;
  }
  const name = `parley_bench_live_${process.pid}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    await measure('PostgreSQL', url.toString());
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
