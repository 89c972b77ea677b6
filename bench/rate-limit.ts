// Cost of the chat rate limit's check per request, by store: consume() calls per second
// and latency percentiles, sequential (one request's added latency) and 32 in flight.
// Run: npm run bench:rate-limit (PostgreSQL at BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres).
import { Client } from 'pg';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { memoryStore, postgresStore, type RateLimitStore } from '../src/http/rate-limit/stores';

const CONFIG = { enabled: true, ipPoints: 1_000_000_000, botPoints: 1_000_000_000, windowSeconds: 60, trustedProxies: '' };
const CALLS = 5000;

async function run(limiter: RateLimiterAbstract, inFlight: number): Promise<{ perSecond: number; p50: number; p99: number }> {
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
  return { perSecond: Math.round(CALLS / seconds), p50: times[Math.floor(times.length / 2)]!, p99: times[Math.floor(times.length * 0.99)]! };
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
  try {
    for (const [label, store] of stores) {
      for (const inFlight of [1, 32]) {
        const { perSecond, p50, p99 } = await run(store.limiters.ip, inFlight);
        console.log(`${label.padEnd(30)} in flight ${String(inFlight).padStart(2)}: ${perSecond} checks/s, p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms`);
      }
    }
  } finally {
    for (const [, store] of stores) await store.close();
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
