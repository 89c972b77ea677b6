// Dashboard query benchmark (prints figures; not a test).
//   npm run bench:dashboard            (SQLite)
//   PARLEY_BENCH_DATABASE_URL=postgresql://... npm run bench:dashboard
// Seeds 100 bots with 200 results each spread over the last 30 days, then times
// one GraphQL query asking every bot's stats and daily series (median, p95).
import { createBot } from '../src/services/bot-saves';
import { BENCH_ADMIN_TOKEN, startBenchServer } from './in-process';

const BOTS = 100;
const RESULTS_PER_BOT = 200;
const RUNS = 30;

const QUERY = `query($workspaceId: ID!) { bots(workspaceId: $workspaceId, limit: 100) { bots { id
  analytics(timeFilter: last30Days, timeZone: "Europe/Paris") { stats { totalViews totalStarts totalCompleted } series(interval: DAY) { start views starts completed } } } } }`;

const MINIMAL = {
  version: '6',
  groups: [{ id: 'g1', title: 'G', blocks: [] }],
  events: [{ id: 'e', type: 'start', outgoingEdgeId: 'ed', graphCoordinates: { x: 0, y: 0 } }],
  edges: [{ id: 'ed', from: { eventId: 'e' }, to: { groupId: 'g1' } }],
  variables: [],
  theme: {},
  settings: {},
};

async function main(): Promise<void> {
  const databaseUrl = process.env.PARLEY_BENCH_DATABASE_URL;
  const bench = await startBenchServer('parley-bench-dashboard-', {
    ...(databaseUrl ? { PARLEY_DATABASE_URL: databaseUrl } : {}),
    // No chat here: the rate limits stay on, as deployed (the builder requests' limit is in the measured path).
    PARLEY_RATE_LIMIT: 'on',
  });
  const { server } = bench;
  const db = server.database.db;
  const admin = await db.user.findFirstOrThrow({ include: { memberships: true } });
  const workspaceId = admin.memberships[0]!.workspaceId;
  const now = Date.now();
  for (let bot = 0; bot < BOTS; bot += 1) {
    const { id } = await createBot(db, workspaceId, { ...MINIMAL, name: `Bot ${bot}` });
    await db.result.createMany({
      data: Array.from({ length: RESULTS_PER_BOT }, (_, index) => ({
        botId: id,
        variables: [],
        createdAt: new Date(now - ((index * 7919) % (30 * 86_400_000))),
        hasStarted: index % 2 === 0,
        isCompleted: index % 4 === 0,
      })),
    });
  }
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
      body: JSON.stringify({ query: QUERY, variables: { workspaceId } }),
    });
    const body = (await response.json()) as { data?: { bots: { bots: unknown[] } }; errors?: unknown };
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (body.errors || body.data?.bots.bots.length !== BOTS)
      throw new Error(`unexpected answer: ${JSON.stringify(body).slice(0, 300)}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `dashboard query, ${BOTS} bots x ${RESULTS_PER_BOT} results (stats + 30 daily buckets each), ${server.database.provider}: median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${RUNS} runs`,
  );
  await bench.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
