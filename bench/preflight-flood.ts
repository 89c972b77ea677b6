// Preflight flood benchmark (prints figures; not a test).
//   npm run bench:preflight-flood   (BENCH_PREFLIGHTS=140000 by default)
// An anonymous client sends CORS preflights of the public chat route, each
// with a new session id in its path (issue 33, finding 1). Before, every path
// became a metric label: the server's memory grew with each one and a
// /metrics scrape wrote them all, holding up every other request. Printed:
// the server's RSS before and after the flood, one /metrics scrape (time,
// bytes, series) and /health's latency while that scrape runs. Rate limits
// are off so that only the labels differ between two trees
// (BENCH_PARLEY_ROOT=<other checkout> runs the same flood against its build).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parleyServe, rssOfTree } from './serve-process';

const PREFLIGHTS = Number(process.env.BENCH_PREFLIGHTS ?? 140_000);
const CLIENTS = 32;

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = process.hrtime.bigint();
  const value = await work();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, value };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-preflight-'));
  const server = await parleyServe(`file:${path.join(dir, 'bench.db')}`, 1);
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
  try {
    await fetch(`${server.url}/metrics`).then((response) => response.text());
    const idle = rssOfTree(server.child.pid!);
    let sent = 0;
    const flood = await timed(async () => {
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (sent < PREFLIGHTS) {
            const index = (sent += 1);
            const response = await fetch(`${server.url}/v1/sessions/visitor-session-${index}/continueChat`, {
              method: 'OPTIONS',
              headers: { origin: 'https://site.example', 'access-control-request-method': 'POST' },
            });
            await response.arrayBuffer();
          }
        }),
      );
    });
    const afterFlood = rssOfTree(server.child.pid!);
    // /health asked every 50 ms while one scrape runs: how long other requests wait behind it.
    let scraping = true;
    const healthWaits: number[] = [];
    let healthFailures = 0;
    const health = (async () => {
      while (scraping) {
        try {
          healthWaits.push((await timed(() => fetch(`${server.url}/health`).then((r) => r.text()))).ms);
        } catch {
          // A kept-alive connection the server dropped while it was blocked: the request failed.
          healthFailures += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const scrape = await timed(() => fetch(`${server.url}/metrics`).then((response) => response.text()));
    scraping = false;
    await health;
    const afterScrape = rssOfTree(server.child.pid!);
    const series = scrape.value.split('\n').filter((line) => line.startsWith('parley_http_')).length;
    console.log(`${PREFLIGHTS} preflights from ${CLIENTS} clients in ${(flood.ms / 1000).toFixed(1)} s`);
    console.log(`server RSS: idle ${mb(idle)}, after the flood ${mb(afterFlood)}, after one scrape ${mb(afterScrape)}`);
    console.log(
      `one /metrics scrape: ${scrape.ms.toFixed(0)} ms, ${(scrape.value.length / 1e6).toFixed(2)} MB, ${series} parley_http_* lines`,
    );
    console.log(
      `/health during the scrape: worst ${Math.max(0, ...healthWaits).toFixed(0)} ms over ${healthWaits.length} answers, ${healthFailures} failed`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
