// The performance summary (prints figures; not a test).
//   npm run bench
// One run on the current machine, printed as a table against issue 54's goals:
// - a closed loop of 64 visitors for 10 s, each doing startChat then one
//   continueChat (a "conversation", as the goals count them), against the bare
//   Koa ceiling and `parley serve` on SQLite with 1 and N worker processes (N =
//   the cores) and on PostgreSQL with 1 and 2 (PARLEY_BENCH_POSTGRES_URL, else
//   the local server when one answers): conversations/s, p50/p99 per request,
//   resident memory of the process tree on a restart (the first start
//   created the admin and published the bot): idle, after a builder's
//   requests (they load Prisma's query compiler: a real server has served
//   builders before visitors come), then after the load; on SQLite with one
//   worker the load runs three times, to show whether memory keeps growing;
// - the sequential round trip (one request at a time, SQLite, 1 worker);
// - the cost of turn 1,000 against turn 1, and of a 2,000-block bot against
//   a 10-block one (bench/turn-cost.ts).
// The load generator runs in this process, on the same cores as the servers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { THREE_INPUTS } from './bots';
import { agent, apiCall, post } from './http-post';
import {
  bareKoa,
  BENCH_TOKEN,
  closedLoop,
  DEFAULT_POSTGRES,
  parleyServe,
  postgresServer,
  publishThroughApi,
  quantile,
  rssOfTree,
  type LoadFigures,
  type ServerProcess,
} from './serve-process';
import { measureTurnCost, printTurnCost } from './turn-cost';

const VISITORS = 64;
const SECONDS = Number(process.env.PARLEY_BENCH_SECONDS ?? 10);

interface Row extends LoadFigures {
  label: string;
  idleRssMb?: number;
  /** Right after start and the builder requests (Prisma's query compiler, the builder's resolvers loaded). */
  builderRssMb?: number;
  /** After the builder requests and each load (the first is this row's figures; more loads show whether it grows). */
  loadedRssMb: number[];
  /** The least seen while idle for a minute after the loads (V8's memory reducer gives memory back after ~30 s idle). */
  settledRssMb?: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** startChat then one reply, as the goals count a conversation. */
function chatConversation(url: string, publicId: string) {
  return async (timed: (url: string, body: unknown) => Promise<any>) => {
    const start = await timed(`${url}/v1/bots/${publicId}/startChat`, {});
    await timed(`${url}/v1/sessions/${start.sessionId}/continueChat`, { message: 'Ada' });
  };
}

async function sequentialRoundTrip(url: string, publicId: string): Promise<{ median: number; p95: number }> {
  const times: number[] = [];
  const once = async () => {
    let began = performance.now();
    const start = await post(`${url}/v1/bots/${publicId}/startChat`, {});
    times.push(performance.now() - began);
    for (const message of ['Ada', 'ada@example.com', '36']) {
      began = performance.now();
      await post(`${url}/v1/sessions/${start.json.sessionId}/continueChat`, { message });
      times.push(performance.now() - began);
    }
  };
  for (let warm = 0; warm < 50; warm += 1) await once();
  times.length = 0;
  for (let run = 0; run < 300; run += 1) await once();
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** What a builder's first minutes ask a server: its workspaces, its bots, one bot, its results. */
async function builderRequests(url: string): Promise<void> {
  const call = (route: string) => apiCall(url, BENCH_TOKEN, 'GET', route);
  const [workspace] = (await call('/v1/workspaces')).workspaces;
  const { bots } = await call(`/v1/bots?workspaceId=${workspace.id}`);
  for (const bot of bots.slice(0, 2)) {
    await call(`/v1/bots/${bot.id}`);
    await call(`/v1/bots/${bot.id}/results?limit=50`);
  }
}

async function parleyRow(
  label: string,
  databaseUrl: string,
  workers: number,
  options: {
    loads?: number;
    settle?: boolean;
    extra?: (server: ServerProcess, publicId: string) => Promise<void>;
  } = {},
): Promise<Row> {
  // A first start creates the admin and the bot is published (builder requests); the figures come from the restart after.
  const first = await parleyServe(databaseUrl, workers);
  let publicId: string;
  try {
    publicId = await publishThroughApi(first.url, THREE_INPUTS);
  } finally {
    await first.stop();
  }
  const server = await parleyServe(databaseUrl, workers);
  try {
    // Idle: started and settled, no request yet.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleRssMb = mb(rssOfTree(server.child.pid!));
    // A real server has served builders before visitors come (issue 54's measure).
    await builderRequests(server.url);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const builderRssMb = mb(rssOfTree(server.child.pid!));
    await options.extra?.(server, publicId);
    let figures: LoadFigures | undefined;
    const loadedRssMb: number[] = [];
    for (let load = 0; load < (options.loads ?? 1); load += 1) {
      const measured = await closedLoop(VISITORS, SECONDS, chatConversation(server.url, publicId));
      figures ??= measured;
      loadedRssMb.push(mb(rssOfTree(server.child.pid!)));
    }
    let settledRssMb: number | undefined;
    if (options.settle) {
      settledRssMb = loadedRssMb.at(-1)!;
      for (let waited = 0; waited < 60_000; waited += 5000) {
        await new Promise((resolve) => setTimeout(resolve, 5000));
        settledRssMb = Math.min(settledRssMb, mb(rssOfTree(server.child.pid!)));
      }
    }
    return { label, ...figures!, idleRssMb, builderRssMb, loadedRssMb, settledRssMb };
  } finally {
    await server.stop();
  }
}

async function withSqlite<T>(run: (url: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-summary-'));
  try {
    return await run(`file:${path.join(dir, 'bench.db')}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function withPostgres<T>(server: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `parley_bench_${Date.now()}`;
  const admin = new Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(server);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
}

function printRows(rows: Row[]): void {
  const cell = (value: string, width: number) => value.padStart(width);
  console.log(
    `\n| ${'server'.padEnd(28)} | conversations/s | requests/s | p50 ms | p99 ms | RSS idle MB | + builder MB | after load(s) MB |`,
  );
  console.log(
    `|${'-'.repeat(30)}|----------------:|-----------:|-------:|-------:|------------:|-------------:|-----------------:|`,
  );
  for (const row of rows) {
    console.log(
      `| ${row.label.padEnd(28)} | ${cell(row.conversationsPerSecond.toFixed(0), 15)} | ${cell(row.requestsPerSecond.toFixed(0), 10)} | ${cell(row.p50Ms.toFixed(1), 6)} | ${cell(row.p99Ms.toFixed(1), 6)} | ${cell(row.idleRssMb === undefined ? '' : row.idleRssMb.toFixed(0), 11)} | ${cell(row.builderRssMb === undefined ? '' : row.builderRssMb.toFixed(0), 12)} | ${cell(row.loadedRssMb.map((rss) => rss.toFixed(0)).join(' / '), 16)} |`,
    );
  }
}

async function main(): Promise<void> {
  const cores = os.availableParallelism();
  console.log(
    `${cores} cores, Node ${process.version}; ${VISITORS} visitors for ${SECONDS} s per row (startChat + continueChat = one conversation)`,
  );
  const rows: Row[] = [];

  const bare = await bareKoa();
  try {
    const figures = await closedLoop(VISITORS, SECONDS, async (timed) => {
      await timed(bare.url, { message: 'x' });
      await timed(bare.url, { message: 'x' });
    });
    rows.push({ label: 'bare Koa JSON (ceiling)', ...figures, loadedRssMb: [mb(rssOfTree(bare.child.pid!))] });
  } finally {
    await bare.stop();
  }

  let roundTrip = { median: 0, p95: 0 };
  rows.push(
    await withSqlite((url) =>
      parleyRow('Parley SQLite, 1 worker', url, 1, {
        loads: 3,
        settle: true,
        extra: async (server, publicId) => {
          roundTrip = await sequentialRoundTrip(server.url, publicId);
        },
      }),
    ),
  );
  if (cores > 1) rows.push(await withSqlite((url) => parleyRow(`Parley SQLite, ${cores} workers`, url, cores)));
  const postgres = await postgresServer();
  if (postgres) {
    for (const workers of [1, 2])
      rows.push(
        await withPostgres(postgres, (url) =>
          parleyRow(`Parley PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''}`, url, workers),
        ),
      );
  } else {
    console.log(
      `(no PostgreSQL at ${process.env.PARLEY_BENCH_POSTGRES_URL ?? DEFAULT_POSTGRES}: its rows are left out)`,
    );
  }
  agent.destroy();

  const turns = await measureTurnCost();
  printRows(rows);
  console.log(
    `\nsequential round trip (SQLite, 1 worker, 1,200 requests): median ${roundTrip.median.toFixed(2)} ms, p95 ${roundTrip.p95.toFixed(2)} ms`,
  );
  printTurnCost(turns);

  // The goals are for `npm start` (SQLite, 1 worker) as issue 54 measured them, and PostgreSQL with one process.
  const ceiling = rows[0]!;
  const one = rows.find((row) => row.label === 'Parley SQLite, 1 worker')!;
  const onePostgres = rows.find((row) => row.label === 'Parley PostgreSQL, 1 worker');
  const goal = (name: string, value: string, target: string, met: boolean) =>
    console.log(`| ${name.padEnd(48)} | ${value.padStart(12)} | ${target.padStart(10)} | ${met ? 'met' : 'NOT met'} |`);
  console.log(`\n| ${'goal (issue 54)'.padEnd(48)} | ${'measured'.padStart(12)} | ${'target'.padStart(10)} | |`);
  console.log(`|${'-'.repeat(50)}|${'-'.repeat(14)}|${'-'.repeat(12)}|---|`);
  const share = one.requestsPerSecond / ceiling.requestsPerSecond;
  goal('SQLite 1 worker: share of bare Koa requests/s', `${(share * 100).toFixed(1)} %`, '>= 15 %', share >= 0.15);
  if (onePostgres) {
    goal(
      'PostgreSQL 1 worker: conversations/s',
      onePostgres.conversationsPerSecond.toFixed(0),
      '>= 880',
      onePostgres.conversationsPerSecond >= 880,
    );
    goal(
      'PostgreSQL 1 worker: p99 per request',
      `${onePostgres.p99Ms.toFixed(1)} ms`,
      '<= 60 ms',
      onePostgres.p99Ms <= 60,
    );
  }
  goal('SQLite 1 worker: p99 per request (64 visitors)', `${one.p99Ms.toFixed(1)} ms`, '<= 30 ms', one.p99Ms <= 30);
  goal('sequential round trip, median', `${roundTrip.median.toFixed(2)} ms`, '<= 1 ms', roundTrip.median <= 1);
  goal(
    'RSS after start + builder requests',
    `${one.builderRssMb!.toFixed(0)} MB`,
    '<= 150 MB',
    one.builderRssMb! <= 150,
  );
  const [firstLoad, ...laterLoads] = one.loadedRssMb;
  const lastLoad = laterLoads.at(-1) ?? firstLoad!;
  goal('RSS after builder requests + the load', `${firstLoad!.toFixed(0)} MB`, '<= 200 MB', firstLoad! <= 200);
  console.log(
    `| ${'  (the same, then idle for a minute)'.padEnd(48)} | ${`${one.settledRssMb!.toFixed(0)} MB`.padStart(12)} | ${''.padStart(10)} | |`,
  );
  // Flat: the third load ends within 5 % of the first (allocator and code-cache noise), not growing per conversation.
  goal(
    'RSS growth, third load against the first',
    `${(lastLoad - firstLoad!).toFixed(0)} MB`,
    '<= 5 %',
    lastLoad <= firstLoad! * 1.05,
  );
  goal('turn 1,000 / turn 1', `${turns.turnRatio.toFixed(2)}x`, '<= 1.2x', turns.turnRatio <= 1.2);
  goal(
    'turn 1,000 / turn 1, recording a transcript',
    `${turns.transcriptRatio.toFixed(2)}x`,
    '<= 1.2x',
    turns.transcriptRatio <= 1.2,
  );
  goal(
    '2,000 blocks / 10 blocks, progress bar on',
    `${turns.progressBlocksRatio.toFixed(2)}x`,
    '<= 1.5x',
    turns.progressBlocksRatio <= 1.5,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
