// Cost of a turn as a conversation grows and as a bot grows (prints figures; not a test).
//   npm run bench:turn-cost
// On a fresh SQLite file with Parley in this process, one visitor answers
// looping bots, one request at a time:
// - turn 1,000 against turn 1: median continueChat time over turns 2-51 and
//   over turns 951-1,000 of one conversation, on a 10-block loop, and on the
//   same loop whose bot records a transcript (a Set variable "Transcript"
//   block off the loop, so the recording runs every turn);
// - a 2,000-block loop against a 10-block loop: median over 300 turns each,
//   without and with the progress bar.
import { loopBot } from './bots';
import { agent, post } from './http-post';
import { startBenchServer } from './in-process';

export interface TurnCostFigures {
  turn1Ms: number;
  turn1000Ms: number;
  turnRatio: number;
  transcriptTurn1Ms: number;
  transcriptTurn1000Ms: number;
  transcriptRatio: number;
  smallBotMs: number;
  largeBotMs: number;
  blocksRatio: number;
  smallProgressMs: number;
  largeProgressMs: number;
  progressBlocksRatio: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Per-turn times (ms) of `turns` replies in one new conversation. */
async function turnTimes(base: string, publicId: string, turns: number): Promise<number[]> {
  const start = await post(`${base}/v1/bots/${publicId}/startChat`, {});
  if (start.status !== 200) throw new Error(`startChat ${start.status} ${JSON.stringify(start.json)}`);
  const times: number[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    const began = performance.now();
    const next = await post(`${base}/v1/sessions/${start.json.sessionId}/continueChat`, { message: `answer ${turn}` });
    times.push(performance.now() - began);
    if (next.status !== 200) throw new Error(`continueChat turn ${turn}: ${next.status} ${JSON.stringify(next.json)}`);
  }
  return times;
}

export async function measureTurnCost(): Promise<TurnCostFigures> {
  const bench = await startBenchServer('parley-bench-turns-');
  const { base, publish } = bench;
  try {
    const small = await publish(loopBot(5));
    const transcript = await publish(loopBot(5, { recordsTranscript: true }));
    const large = await publish(loopBot(1000));
    const smallProgress = await publish(loopBot(5, { progressBar: true }));
    const largeProgress = await publish(loopBot(1000, { progressBar: true }));

    await turnTimes(base, small, 200);
    await turnTimes(base, large, 200);
    await turnTimes(base, largeProgress, 200);
    const long = await turnTimes(base, small, 1000);
    const longTranscript = await turnTimes(base, transcript, 1000);
    // Alternated, so that a busy moment of the machine does not favour one bot.
    const smallTimes: number[] = [];
    const largeTimes: number[] = [];
    const smallProgressTimes: number[] = [];
    const largeProgressTimes: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      smallTimes.push(...(await turnTimes(base, small, 100)));
      largeTimes.push(...(await turnTimes(base, large, 100)));
      smallProgressTimes.push(...(await turnTimes(base, smallProgress, 100)));
      largeProgressTimes.push(...(await turnTimes(base, largeProgress, 100)));
    }
    const figures = {
      turn1Ms: median(long.slice(1, 51)),
      turn1000Ms: median(long.slice(950, 1000)),
      transcriptTurn1Ms: median(longTranscript.slice(1, 51)),
      transcriptTurn1000Ms: median(longTranscript.slice(950, 1000)),
      smallBotMs: median(smallTimes),
      largeBotMs: median(largeTimes),
      smallProgressMs: median(smallProgressTimes),
      largeProgressMs: median(largeProgressTimes),
    };
    return {
      ...figures,
      turnRatio: figures.turn1000Ms / figures.turn1Ms,
      transcriptRatio: figures.transcriptTurn1000Ms / figures.transcriptTurn1Ms,
      blocksRatio: figures.largeBotMs / figures.smallBotMs,
      progressBlocksRatio: figures.largeProgressMs / figures.smallProgressMs,
    };
  } finally {
    await bench.close();
  }
}

export function printTurnCost(figures: TurnCostFigures): void {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(
    `turn 1,000 vs turn 1 (10-block loop): ${ms(figures.turn1000Ms)} / ${ms(figures.turn1Ms)} = ${figures.turnRatio.toFixed(2)}x`,
  );
  console.log(
    `turn 1,000 vs turn 1 (loop recording a transcript): ${ms(figures.transcriptTurn1000Ms)} / ${ms(figures.transcriptTurn1Ms)} = ${figures.transcriptRatio.toFixed(2)}x`,
  );
  console.log(
    `2,000-block bot vs 10-block bot, per turn: ${ms(figures.largeBotMs)} / ${ms(figures.smallBotMs)} = ${figures.blocksRatio.toFixed(2)}x`,
  );
  console.log(
    `2,000-block bot vs 10-block bot, per turn, progress bar on: ${ms(figures.largeProgressMs)} / ${ms(figures.smallProgressMs)} = ${figures.progressBlocksRatio.toFixed(2)}x`,
  );
}

if (require.main === module) {
  measureTurnCost()
    .then((figures) => {
      printTurnCost(figures);
      agent.destroy();
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
