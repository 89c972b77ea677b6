// Cost of the rate limit's check per request, by store: consume() calls per second
// and latency percentiles, sequential (one request's added latency) and 32 in flight;
// then chat throughput (64 concurrent conversations, SQLite) with the limits on vs off.
// Run: npm run bench:rate-limit (PostgreSQL at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// Redis at REDIS_URL, default redis://127.0.0.1:6379, skipped when it does not answer).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { startServer } from '../src/cli/serve';
import { loadConfig } from '../src/config';
import { memoryStore, postgresStore, redisStore, type RateLimitStore } from '../src/http/rate-limit/stores';
import { publishBot } from '../src/services/bot-publishing';
import { createBot } from '../src/services/bot-saves';
import { THREE_INPUTS } from './bots';
import { agent, post } from './http-post';

const CONFIG = {
  enabled: true,
  ipPoints: 1_000_000_000,
  botPoints: 1_000_000_000,
  builderPoints: 1_000_000_000,
  authFailurePoints: 1_000_000_000,
  signInFailurePoints: 1_000_000_000,
  anonymousPreviewPoints: 1_000_000_000,
  revisionPoints: 1_000_000_000,
  windowSeconds: 60,
  trustedProxies: '',
};
const CALLS = 5000;

async function run(
  limiter: RateLimiterAbstract,
  inFlight: number,
): Promise<{ perSecond: number; p50: number; p99: number }> {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < CALLS) {
        const key = `198.51.100.${next++ % 250}`;
        const t0 = performance.now();
        await limiter.consume(key);
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    perSecond: Math.round(CALLS / seconds),
    p50: times[Math.floor(times.length / 2)]!,
    p99: times[Math.floor(times.length * 0.99)]!,
  };
}

async function main(): Promise<void> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `parley_bench_rl_${process.pid}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const stores: [string, RateLimitStore][] = [
    ['memory', memoryStore(CONFIG)],
    ['postgresql (UNLOGGED upsert)', await postgresStore(CONFIG, url.toString())],
  ];
  const redis = await redisStore(CONFIG, process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').catch((error: unknown) => {
    console.log(`redis: skipped (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  });
  if (redis) stores.push(['redis', redis]);
  try {
    for (const [label, store] of stores) {
      for (const inFlight of [1, 32]) {
        const { perSecond, p50, p99 } = await run(store.limiters.ip, inFlight);
        console.log(
          `${label.padEnd(30)} in flight ${String(inFlight).padStart(2)}: ${perSecond} checks/s, p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms`,
        );
      }
    }
  } finally {
    for (const [, store] of stores) await store.close();
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
  for (const enabled of [false, true, false, true])
    console.log(
      `chat with rate limits ${enabled ? 'on ' : 'off'} (64 concurrent conversations, SQLite, memory counters): ${await chatThroughput(enabled)} requests/s`,
    );
  agent.destroy();
}

/** Requests/s of 64 concurrent visitors for 5 s, with the limits on (budgets too large to refuse anything) or off. */
async function chatThroughput(enabled: boolean): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-rl-'));
  const server = await startServer(
    {
      ...loadConfig({
        PARLEY_PORT: '0',
        PARLEY_DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
        PARLEY_ADMIN_TOKEN: 'bench-admin-token-0123456789',
        PARLEY_LOG_LEVEL: 'silent',
      }),
      rateLimit: { ...CONFIG, enabled },
    },
    () => undefined,
  );
  try {
    const workspace = await server.database.db.workspace.findFirstOrThrow();
    const published = await publishBot(
      server.database.db,
      (await createBot(server.database.db, workspace.id, THREE_INPUTS)).id,
    );
    const base = `http://127.0.0.1:${server.port}`;
    let requests = 0;
    const until = performance.now() + 5000;
    await Promise.all(
      Array.from({ length: 64 }, async () => {
        while (performance.now() < until) {
          const started = await post(`${base}/v1/bots/${published.publicId!}/startChat`, {});
          if (started.status !== 200) throw new Error(`startChat ${started.status}`);
          for (const reply of ['Ada', 'ada@example.com', '36'])
            await post(`${base}/v1/sessions/${started.json.sessionId}/continueChat`, { message: reply });
          requests += 4;
        }
      }),
    );
    return Math.round(requests / 5);
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
