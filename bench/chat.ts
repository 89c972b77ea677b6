// Chat runtime benchmark (prints figures; not a test).
//   npm run bench:chat
// Starts Parley on a fresh SQLite file, publishes a 3-input bot, then measures
// (a) sequential startChat + continueChat round trips (median, p95),
// (b) throughput with 64 concurrent conversations,
// (c) a bare Koa JSON endpoint on the same machine, as the ceiling,
// (d) the sequential round trip again while 4 other chats keep running
//     ~0.9-second server-side Code blocks (bot-author code runs in sandbox
//     worker threads, off the event loop that serves the plain chat).
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { THREE_INPUTS } from './bots';
import { agent, post } from './http-post';
import { startBenchServer } from './in-process';

const REPLIES = ['Ada', 'ada@example.com', '36'];

/** A bot whose start runs a server-side Code block that busy-loops for ~0.9 s (under the 1 s limit). */
const BUSY_CODE = {
  version: '6.1',
  name: 'Busy code',
  events: [{ id: 'start', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
  groups: [
    {
      id: 'g1',
      title: 'Busy',
      blocks: [
        {
          id: 'c1',
          type: 'Code',
          options: { isExecutedOnClient: false, content: 'const end = Date.now() + 900; while (Date.now() < end) {}' },
        },
        { id: 'i1', type: 'text input' },
      ],
    },
  ],
  edges: [{ id: 'e0', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
  variables: [],
  theme: {},
  settings: {},
};

async function sequentialLatencies(base: string, publicId: string, conversations: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let run = 0; run < conversations; run += 1) latencies.push(...(await conversation(base, publicId)));
  return latencies.sort((a, b) => a - b);
}

/** One whole conversation: start + 3 replies; returns each request's latency (ms). */
async function conversation(base: string, publicId: string): Promise<number[]> {
  const times: number[] = [];
  let started = performance.now();
  const start = await post(`${base}/v1/bots/${publicId}/startChat`, {});
  times.push(performance.now() - started);
  if (start.status !== 200) throw new Error(`startChat ${start.status} ${JSON.stringify(start.json)}`);
  for (const reply of REPLIES) {
    started = performance.now();
    const next = await post(`${base}/v1/sessions/${start.json.sessionId}/continueChat`, { message: reply });
    times.push(performance.now() - started);
    if (next.status !== 200) throw new Error(`continueChat ${next.status} ${JSON.stringify(next.json)}`);
  }
  return times;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Requests per second with `concurrency` workers for `durationMs`. */
async function throughput(durationMs: number, concurrency: number, work: () => Promise<number>): Promise<number> {
  const until = performance.now() + durationMs;
  let requests = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        // Not `requests += await work()`: that reads `requests` before awaiting and loses other workers' counts.
        const done = await work();
        requests += done;
      }
    }),
  );
  return requests / (durationMs / 1000);
}

async function main(): Promise<void> {
  const bench = await startBenchServer('parley-bench-');
  const { base } = bench;
  const publicId = await bench.publish(THREE_INPUTS);

  for (let warm = 0; warm < 30; warm += 1) await conversation(base, publicId);
  const latencies = await sequentialLatencies(base, publicId, 300);

  const busyPublicId = await bench.publish(BUSY_CODE);
  let busyLoops = true;
  let busyStarts = 0;
  const busyChats = Array.from({ length: 4 }, async () => {
    while (busyLoops) {
      const started = await post(`${base}/v1/bots/${busyPublicId}/startChat`, {});
      if (started.status !== 200) throw new Error(`busy startChat ${started.status}`);
      busyStarts += 1;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const underLoad = await sequentialLatencies(base, publicId, 100);
  busyLoops = false;
  await Promise.all(busyChats);

  const chatRps = await throughput(8000, 64, async () => (await conversation(base, publicId)).length);

  const bare = new Koa();
  bare.use((ctx) => {
    ctx.body = { messages: [{ id: 'x', type: 'text' }], ok: true };
  });
  const bareServer = bare.listen(0);
  await new Promise((resolve) => bareServer.once('listening', resolve));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`;
  const bareRps = await throughput(8000, 64, async () => {
    await post(bareUrl, { message: 'x' });
    return 1;
  });

  console.log(
    `chat round trip (sequential, ${latencies.length} requests): median ${quantile(latencies, 0.5).toFixed(2)} ms, p95 ${quantile(latencies, 0.95).toFixed(2)} ms`,
  );
  console.log(
    `chat round trip while 4 chats run 0.9 s code blocks (${underLoad.length} requests, ${busyStarts} busy starts): median ${quantile(underLoad, 0.5).toFixed(2)} ms, p95 ${quantile(underLoad, 0.95).toFixed(2)} ms (${(quantile(underLoad, 0.5) / quantile(latencies, 0.5)).toFixed(2)}x idle median)`,
  );
  console.log(`chat throughput (64 concurrent conversations): ${chatRps.toFixed(0)} requests/s`);
  console.log(`bare Koa JSON endpoint (64 concurrent): ${bareRps.toFixed(0)} requests/s`);
  console.log(`chat / bare: ${((chatRps / bareRps) * 100).toFixed(1)} %`);

  bareServer.close();
  agent.destroy();
  await bench.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
