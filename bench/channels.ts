// Messaging channels benchmark (prints figures; not a test).
//   npm run bench:channels
// Starts `parley serve` (one process) with its WhatsApp API pointing at a
// local stand-in, connects a three-question bot, then has N people write
// through the signed webhook, M messages each:
//   burst: every person posts their M messages back to back, all at once;
//   paced: every person posts their next message once the reply to the last arrived.
// Figures: events/s received (webhook POSTs answered 200), events/s answered
// (the reply arrived at the stand-in), p50/p99 from the webhook POST to the
// reply's arrival. On SQLite, and on PostgreSQL when PARLEY_BENCH_POSTGRES_URL
// (or the local server) answers.
import {
  agent,
  connectWhatsApp,
  onEachDatabase,
  parleyServe,
  sendWhatsApp,
  startStandIn,
  statementCounts,
  type StandIn,
} from './channel-harness';
import { quantile } from './serve-process';

const PEOPLE = Number(process.env.BENCH_CHANNEL_PEOPLE ?? 200);
const MESSAGES = 3;
const PHONE_NUMBER_ID = 'PN-bench';

/** Posts one signed text message from `from`; answers when the webhook answered. */
async function send(webhook: string, from: string, text: string): Promise<void> {
  const status = await sendWhatsApp(webhook, PHONE_NUMBER_ID, [{ from, text }]);
  if (status !== 200) throw new Error(`webhook answered ${status}`);
}

interface Figures {
  receivedPerSecond: number;
  answeredPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** One run: `count` people writing MESSAGES messages each, numbers from `base` (new ones each run). */
async function run(
  webhook: string,
  standIn: StandIn,
  mode: 'burst' | 'paced',
  base: number,
  count = PEOPLE,
): Promise<Figures> {
  const people = Array.from({ length: count }, (_, index) => String(base + index));
  const sentAt = new Map<string, number[]>();
  let lastReceived = 0;
  const began = performance.now();
  await Promise.all(
    people.map(async (person) => {
      const times: number[] = [];
      sentAt.set(person, times);
      for (let index = 0; index < MESSAGES; index += 1) {
        times.push(performance.now());
        await send(webhook, person, index === 0 ? 'hi' : `answer ${index}`);
        lastReceived = Math.max(lastReceived, performance.now());
        if (mode === 'paced') await standIn.waitFor(person, index + 1);
      }
    }),
  );
  const arrivals = await Promise.all(people.map((person) => standIn.waitFor(person, MESSAGES)));
  const lastAnswered = Math.max(...arrivals);
  const latencies = people
    .flatMap((person) => sentAt.get(person)!.map((sent, index) => standIn.replies.get(person)![index]! - sent))
    .sort((a, b) => a - b);
  const events = count * MESSAGES;
  return {
    receivedPerSecond: events / ((lastReceived - began) / 1000),
    answeredPerSecond: events / ((lastAnswered - began) / 1000),
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
  };
}

async function bench(database: string, databaseUrl: string): Promise<string[]> {
  const standIn = await startStandIn();
  const parley = await parleyServe(databaseUrl, standIn.url);
  try {
    const webhook = await connectWhatsApp(parley.url, PHONE_NUMBER_ID);
    // Warm-up: a few conversations through the whole path.
    await run(webhook, standIn, 'paced', 1_000_000, 10);
    const rows: string[] = [];
    for (const [index, mode] of (['burst', 'paced'] as const).entries()) {
      const figures = await run(webhook, standIn, mode, 2_000_000 + index * 100_000);
      rows.push(
        `| ${database.padEnd(10)} | ${mode.padEnd(6)} | ${String(PEOPLE * MESSAGES).padStart(6)} | ${figures.receivedPerSecond.toFixed(0).padStart(10)} | ${figures.answeredPerSecond.toFixed(0).padStart(10)} | ${figures.p50Ms.toFixed(0).padStart(6)} | ${figures.p99Ms.toFixed(0).padStart(6)} |`,
      );
    }
    if (process.env.BENCH_DB_STATEMENTS) console.log(`${database}: ${await statementCounts(parley.url)}`);
    return rows;
  } finally {
    await parley.stop();
    standIn.close();
  }
}

async function main(): Promise<void> {
  const rows = await onEachDatabase('channels', bench);
  console.log(
    `\n${PEOPLE} WhatsApp conversations × ${MESSAGES} messages through the signed webhook, one \`parley serve\` process;`,
  );
  console.log('latency: from the webhook POST to the reply at the stand-in\n');
  console.log('| database   | mode   | events | received/s | answered/s | p50 ms | p99 ms |');
  console.log('|---|---|--:|--:|--:|--:|--:|');
  for (const row of rows) console.log(row);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
