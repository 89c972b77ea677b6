// Time to refuse a 3,000-alias query on /graphql (goal: under 20 ms).
// Run: npm run bench:graphql-limits (SQLite throw-away database).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../src/cli/serve';
import { loadConfig } from '../src/config';

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-bench-'));
  const token = 'bench-admin-token';
  const server = await startServer(
    loadConfig({ PARLEY_PORT: '0', PARLEY_DATABASE_URL: `file:${join(dir, 'bench.db')}`, PARLEY_ADMIN_TOKEN: token }),
    () => undefined,
  );
  const variants: Record<string, string> = {
    // The attack: refused by the query-text bound before parsing.
    'workspaces { members { user } } (~134 kB)': `{ ${Array.from({ length: 3000 }, (_, i) => `a${i}: workspaces { members { user { id } } }`).join(' ')} }`,
    // Under the text bound: refused while parsing, by the token limit.
    'compact a0:me{id} (<100 kB)': `{${Array.from({ length: 3000 }, (_, i) => `a${i}:me{id}`).join(' ')}}`,
  };
  try {
    for (const [name, query] of Object.entries(variants)) await measure(server.url, token, name, query);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
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
