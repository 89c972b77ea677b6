// Results export throughput and memory (prints figures; not a test).
//   npm run bench:export
// Starts Parley on a fresh SQLite file, seeds 200,000 results of a 2-input bot
// (two answers each), then downloads the CSV and the NDJSON export over HTTP,
// sampling the server's RSS while they stream: rows/s and peak RSS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { startServer } from '../src/cli/serve';
import { createBot } from '../src/services/bot-saves';

const RESULTS = Number(process.env.PARLEY_BENCH_RESULTS ?? 200_000);
const TOKEN = 'bench-export-token-0123456789';
const BOT = {
  version: '6.1',
  name: 'Export bench',
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g1',
      title: 'Ask',
      blocks: [
        { id: 'i1', type: 'text input', options: { variableId: 'vname' } },
        { id: 'i2', type: 'email input', options: { variableId: 'vmail' } },
      ],
    },
  ],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [
    { id: 'vname', name: 'Name' },
    { id: 'vmail', name: 'Email' },
  ],
  theme: {},
  settings: {},
};

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-export-'));
  const server = await startServer(
    loadConfig({
      PARLEY_PORT: '0',
      PARLEY_DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
      PARLEY_ADMIN_TOKEN: TOKEN,
      PARLEY_LOG_LEVEL: 'silent',
    }),
    () => undefined,
  );
  const db = server.database.db;
  const workspace = await db.workspace.findFirstOrThrow();
  const bot = await createBot(db, workspace.id, BOT);
  const base = Date.UTC(2026, 0, 1);
  const seeding = performance.now();
  for (let offset = 0; offset < RESULTS; offset += 5000) {
    const ids = Array.from(
      { length: Math.min(5000, RESULTS - offset) },
      (_, index) => `r${String(offset + index).padStart(7, '0')}`,
    );
    await db.result.createMany({
      data: ids.map((id, index) => ({
        id,
        botId: bot.id,
        hasStarted: true,
        isCompleted: true,
        createdAt: new Date(base + (offset + index) * 1000),
        variables: [{ id: 'vname', name: 'Name', value: `Visitor ${offset + index}` }],
      })),
    });
    await db.answer.createMany({
      data: ids.flatMap((id, index) => [
        { resultId: id, blockId: 'i1', content: `Visitor, "${offset + index}"` },
        { resultId: id, blockId: 'i2', content: `visitor${offset + index}@example.com` },
      ]),
    });
  }
  console.log(`seeded ${RESULTS} results in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  global.gc?.();
  for (const format of ['csv', 'ndjson']) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const began = performance.now();
    const response = await fetch(
      `http://127.0.0.1:${server.port}/v1/bots/${bot.id}/results/export?format=${format}&timeFilter=allTime`,
      {
        headers: { authorization: `Bearer ${TOKEN}` },
      },
    );
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - began;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines += 1;
    }
    clearInterval(sampler);
    const seconds = (performance.now() - began) / 1000;
    const rows = format === 'csv' ? lines - 1 : lines;
    console.log(
      `${format.padEnd(6)} ${rows} rows (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${seconds.toFixed(1)} s: ${(rows / seconds).toFixed(0)} rows/s, first bytes after ${firstByteMs.toFixed(0)} ms, RSS ${(before / 1024 / 1024).toFixed(0)} MB before, peak ${(peak / 1024 / 1024).toFixed(0)} MB (server and client in one process)`,
    );
  }
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
