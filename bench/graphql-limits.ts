// Time to refuse a 3,000-alias query on /graphql (goal: under 20 ms).
// Run: npm run bench:graphql-limits (SQLite throw-away database).
import { BENCH_ADMIN_TOKEN, startBenchServer } from './in-process';

async function main(): Promise<void> {
  // No chat here: the rate limits stay on, as deployed.
  const bench = await startBenchServer('parley-bench-', { PARLEY_RATE_LIMIT: 'on' });
  const variants: Record<string, string> = {
    // The attack: refused by the query-text bound before parsing.
    'workspaces { members { user } } (~134 kB)': `{ ${Array.from({ length: 3000 }, (_, i) => `a${i}: workspaces { members { user { id } } }`).join(' ')} }`,
    // Under the text bound: refused while parsing, by the token limit.
    'compact a0:me{id} (<100 kB)': `{${Array.from({ length: 3000 }, (_, i) => `a${i}:me{id}`).join(' ')}}`,
  };
  try {
    for (const [name, query] of Object.entries(variants))
      await measure(bench.server.url, BENCH_ADMIN_TOKEN, name, query);
  } finally {
    await bench.close();
  }
}

async function measure(url: string, token: string, name: string, query: string): Promise<void> {
  const body = JSON.stringify({ query });
  const server = { url };
  const times: number[] = [];
  {
    for (let i = 0; i < 55; i += 1) {
      const started = process.hrtime.bigint();
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body,
      });
      const text = await response.text();
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
      if (i === 0) console.log(`body ${(body.length / 1024).toFixed(0)} kB → ${response.status} ${text.slice(0, 160)}`);
      if (i >= 5) times.push(elapsed);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
  console.log(
    `${name}: refusal of a 3,000-alias query over HTTP: median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${at(1)} ms (${times.length} runs)`,
  );
}

void main();
