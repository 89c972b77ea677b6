// Drop-off benchmark (prints figures; not a test).
//   npm run bench:drop-off            (SQLite)
//   PARLEY_BENCH_DATABASE_URL=postgresql://... npm run bench:drop-off
// Seeds one bot (four groups, a condition looping back to a question) with
// 20,000 results, their answers and recorded edges, then times the drop-off
// route (GET /v1/bots/{botId}/analytics/inDepthData: per-visitor reached and
// answered counts) (median, p95).
import { createBot } from '../src/services/bot-saves';
import { BENCH_ADMIN_TOKEN, startBenchServer } from './in-process';

const RESULTS = 20_000;
const RUNS = 20;

const say = (id: string, text: string) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
});
const group = (id: string, blocks: unknown[]) => ({ id, title: id, graphCoordinates: { x: 0, y: 0 }, blocks });

const DEFINITION = {
  version: '6',
  groups: [
    group('g1', [say('ask-name', 'Name?'), { id: 'name', type: 'text input', options: { variableId: 'v1' } }]),
    group('g2', [say('ask-mail', 'E-mail?'), { id: 'mail', type: 'text input', options: { variableId: 'v2' } }]),
    group('g3', [
      {
        id: 'check',
        type: 'Condition',
        items: [
          {
            id: 'ok',
            content: { comparisons: [{ id: 'c', variableId: 'v2', comparisonOperator: 'Contains', value: '@' }] },
            outgoingEdgeId: 'e-ok',
          },
        ],
        outgoingEdgeId: 'e-again',
      },
    ]),
    group('g4', [say('bye', 'Anything else?'), { id: 'comment', type: 'text input' }]),
  ],
  events: [{ id: 'e', type: 'start', outgoingEdgeId: 'e0', graphCoordinates: { x: 0, y: 0 } }],
  edges: [
    { id: 'e0', from: { eventId: 'e' }, to: { groupId: 'g1' } },
    { id: 'e1', from: { blockId: 'name' }, to: { groupId: 'g2' } },
    { id: 'e2', from: { blockId: 'mail' }, to: { groupId: 'g3' } },
    { id: 'e-ok', from: { blockId: 'check', itemId: 'ok' }, to: { groupId: 'g4' } },
    { id: 'e-again', from: { blockId: 'check' }, to: { groupId: 'g2' } },
  ],
  variables: [
    { id: 'v1', name: 'Name' },
    { id: 'v2', name: 'Email' },
  ],
  theme: {},
  settings: {},
};

async function main(): Promise<void> {
  const databaseUrl = process.env.PARLEY_BENCH_DATABASE_URL;
  const bench = await startBenchServer('parley-bench-drop-off-', {
    ...(databaseUrl ? { PARLEY_DATABASE_URL: databaseUrl } : {}),
  });
  const { server } = bench;
  const db = server.database.db;
  const admin = await db.user.findFirstOrThrow({ include: { memberships: true } });
  const { id: botId } = await createBot(db, admin.memberships[0]!.workspaceId, DEFINITION);
  const now = Date.now();
  // Visitors: 10 % leave at the name, 20 % at the e-mail, a quarter of the rest are asked again once.
  const ids = Array.from({ length: RESULTS }, (_, index) => `bench-result-${index}`);
  for (let from = 0; from < RESULTS; from += 1000) {
    const slice = ids.slice(from, from + 1000);
    await db.result.createMany({
      data: slice.map((id, offset) => ({
        id,
        botId,
        variables: [],
        createdAt: new Date(now - ((from + offset) % 86_400) * 1000),
        hasStarted: (from + offset) % 10 !== 0,
        isCompleted: (from + offset) % 10 >= 3,
      })),
    });
    const answers: { resultId: string; blockId: string; content: string }[] = [];
    const edges: { resultId: string; edgeId: string; index: number }[] = [];
    slice.forEach((resultId, offset) => {
      const n = (from + offset) % 10;
      if (n === 0) return;
      answers.push({ resultId, blockId: 'name', content: 'Ann' });
      if (n < 3) return;
      if (n % 4 === 0) answers.push({ resultId, blockId: 'mail', content: 'nope' });
      answers.push({ resultId, blockId: 'mail', content: 'ann@example.com' });
      edges.push({ resultId, edgeId: 'e-ok', index: 0 });
      if (n % 2 === 0) answers.push({ resultId, blockId: 'comment', content: 'thanks' });
    });
    await db.answer.createMany({ data: answers });
    await db.visitedEdge.createMany({ data: edges });
  }
  const times: number[] = [];
  let last = '';
  for (let run = 0; run < RUNS; run += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(`${server.url}/v1/bots/${botId}/analytics/inDepthData?timeFilter=allTime`, {
      headers: { authorization: `Bearer ${BENCH_ADMIN_TOKEN}` },
    });
    last = await response.text();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (response.status !== 200) throw new Error(`unexpected answer: ${last.slice(0, 300)}`);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
  console.log(
    `drop-off, 1 bot x ${RESULTS} results, ${server.database.provider}: median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${RUNS} runs; blocks ${JSON.stringify((JSON.parse(last) as { blocks: unknown }).blocks)}`,
  );
  await bench.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
