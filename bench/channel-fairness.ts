// Messaging channels fairness benchmark (prints figures; not a test).
//   npm run bench:channel-fairness
// One connection floods, another writes: how long does the other wait?
// Starts `parley serve` (one process, a fresh database per scenario) with its
// WhatsApp API at a local stand-in and two connections with a bot each. The
// flooding one posts FLOOD_WEBHOOKS signed updates of FLOOD_MESSAGES messages
// at once (each message a new conversation); once they are answered, VICTIMS
// people write to the other connection, one message each, a quarter of a
// second apart. Figures: the flood's webhook statuses, the victims' p50/p99
// from the webhook POST to the reply at the stand-in, and how many of the
// flood's conversations had been answered when the last victim was.
// Scenarios (BENCH_FAIRNESS_SCENARIOS, comma-separated):
//   lifted: the per-connection cap and rate limit raised out of the way (fair claiming alone);
//   defaults: the settings as shipped.
// On SQLite, and on PostgreSQL when PARLEY_BENCH_POSTGRES_URL (or the local server) answers.
import { agent, connectWhatsApp, onEachDatabase, parleyServe, sendWhatsApp, startStandIn } from './channel-harness';
import { quantile } from './serve-process';

// 16,000 messages, as the review's two updates of 8,000; in four, for SQLite
// took no more than 5,461 messages in one update before (one INSERT binding six variables each).
const FLOOD_WEBHOOKS = Number(process.env.BENCH_FLOOD_WEBHOOKS ?? 4);
const FLOOD_MESSAGES = Number(process.env.BENCH_FLOOD_MESSAGES ?? 4000);
const VICTIMS = Number(process.env.BENCH_FAIRNESS_VICTIMS ?? 20);
const VICTIM_SPACING_MS = 250;

const SCENARIOS = {
  lifted: {
    PARLEY_CHANNEL_MAX_PENDING_PER_CONNECTION: '1000000',
    PARLEY_CHANNEL_MESSAGES_PER_MINUTE: '1000000',
  },
  defaults: {},
} satisfies Record<string, Record<string, string>>;
type Scenario = keyof typeof SCENARIOS;

const chosen = (process.env.BENCH_FAIRNESS_SCENARIOS ?? 'lifted,defaults')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is Scenario => name in SCENARIOS);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function runScenario(scenario: Scenario) {
  return async (database: string, databaseUrl: string): Promise<string[]> => {
    const standIn = await startStandIn();
    const parley = await parleyServe(databaseUrl, standIn.url, SCENARIOS[scenario]);
    try {
      const flood = await connectWhatsApp(parley.url, 'PN-flood');
      const victim = await connectWhatsApp(parley.url, 'PN-victim');
      // Warm-up: one conversation through the whole path on each connection.
      for (const [webhook, phone, from] of [
        [flood, 'PN-flood', '1000'],
        [victim, 'PN-victim', '2000'],
      ] as const) {
        await sendWhatsApp(webhook, phone, [{ from, text: 'hi' }]);
        await standIn.waitFor(from, 1);
      }
      const floodPeople = Array.from({ length: FLOOD_WEBHOOKS }, (_, webhook) =>
        Array.from({ length: FLOOD_MESSAGES }, (_, index) => String(3_000_000 + webhook * 1_000_000 + index)),
      );
      const statuses = await Promise.all(
        floodPeople.map((people) =>
          sendWhatsApp(
            flood,
            'PN-flood',
            people.map((from) => ({ from, text: 'hi' })),
          ),
        ),
      );
      if (statuses.some((status) => status !== 200 && status !== 429 && status !== 503))
        throw new Error(`the flood's webhooks answered ${statuses.join(', ')}`);
      const victims = Array.from({ length: VICTIMS }, (_, index) => String(9_000_000 + index));
      const latencies = await Promise.all(
        victims.map(async (from, index) => {
          await sleep(index * VICTIM_SPACING_MS);
          const sent = performance.now();
          const status = await sendWhatsApp(victim, 'PN-victim', [{ from, text: 'hi' }]);
          if (status !== 200) throw new Error(`victim's webhook answered ${status}`);
          return (await standIn.waitFor(from, 1)) - sent;
        }),
      );
      const floodAnswered = floodPeople.flat().filter((from) => standIn.replies.has(from)).length;
      latencies.sort((a, b) => a - b);
      const taken = statuses.filter((status) => status === 200).length;
      return [
        `| ${database.padEnd(10)} | ${scenario.padEnd(8)} | ${FLOOD_WEBHOOKS} × ${FLOOD_MESSAGES}: ${statuses.join(', ')} | ${quantile(latencies, 0.5).toFixed(0).padStart(6)} | ${quantile(latencies, 0.99).toFixed(0).padStart(6)} | ${floodAnswered} of ${taken * FLOOD_MESSAGES} |`,
      ];
    } finally {
      await parley.stop();
      standIn.close();
    }
  };
}

async function main(): Promise<void> {
  const rows: string[] = [];
  for (const scenario of chosen) rows.push(...(await onEachDatabase(`fairness-${scenario}`, runScenario(scenario))));
  console.log(
    `\n${FLOOD_WEBHOOKS} webhooks × ${FLOOD_MESSAGES} messages flooding one WhatsApp connection, ${VICTIMS} people writing to another (one \`parley serve\` process);`,
  );
  console.log('victim latency: from the webhook POST to the reply at the stand-in\n');
  console.log(
    '| database   | settings | flood webhooks (statuses) | victim p50 ms | victim p99 ms | flood answered by then |',
  );
  console.log('|---|---|---|--:|--:|--:|');
  for (const row of rows) console.log(row);
  agent.destroy();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
