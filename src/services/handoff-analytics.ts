import type { Db } from '../db/client';
import { DEFAULT_TIME_FILTER, requestedRange, type TimeFilter } from './time-filter';

// How a bot's handoffs went (docs/handoff.md): the conversations that began
// waiting for a person in the range, by how they stand or ended, and how long
// people took to answer and to handle them.

/** The medians read the durations of at most this many taken conversations of the range (the newest). */
export const HANDOFF_MEDIAN_SAMPLE = 10_000;

export interface HandoffStats {
  /** Conversations that began waiting in the range (test chats of the console excluded). */
  total: number;
  /** Of those, still waiting for someone. */
  waiting: number;
  /** Still with a person. */
  active: number;
  /** Taken by a person at some point (answering a waiting conversation takes it). */
  taken: number;
  /** Nobody took them in time: the bot went on. */
  timedOut: number;
  /** Handed back to the bot by a person. */
  released: number;
  /** Closed by a person. */
  closed: number;
  /** waitingSince → takenAt, over the taken ones; null when none was taken. */
  medianWaitSeconds: number | null;
  /** takenAt → endedAt, over the taken ones that ended (released or closed); null when none. */
  medianHandlingSeconds: number | null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function handoffStats(
  db: Db,
  botId: string,
  options: { timeFilter?: TimeFilter | null; timeZone?: string | null },
  now = new Date(),
): Promise<HandoffStats> {
  const range = requestedRange(options, DEFAULT_TIME_FILTER, now);
  // The index (botId, waitingSince) serves all three.
  const where = {
    botId,
    channel: { not: 'preview' },
    waitingSince: { gte: range.from, lte: range.to },
  };
  const [groups, taken, durations] = await Promise.all([
    db.conversation.groupBy({ by: ['status', 'outcome'], where, _count: { _all: true } }),
    db.conversation.count({ where: { ...where, takenAt: { not: null } } }),
    db.conversation.findMany({
      where: { ...where, takenAt: { not: null } },
      select: { waitingSince: true, takenAt: true, endedAt: true, outcome: true },
      orderBy: { waitingSince: 'desc' },
      take: HANDOFF_MEDIAN_SAMPLE,
    }),
  ]);
  const stats: HandoffStats = {
    total: 0,
    waiting: 0,
    active: 0,
    taken,
    timedOut: 0,
    released: 0,
    closed: 0,
    medianWaitSeconds: null,
    medianHandlingSeconds: null,
  };
  for (const group of groups) {
    const count = group._count._all;
    stats.total += count;
    if (group.status === 'waiting') stats.waiting += count;
    else if (group.status === 'active') stats.active += count;
    else if (group.outcome === 'timedOut') stats.timedOut += count;
    else if (group.outcome === 'released') stats.released += count;
    else if (group.outcome === 'closed') stats.closed += count;
  }
  const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;
  stats.medianWaitSeconds = median(durations.map((row) => seconds(row.waitingSince, row.takenAt!)));
  stats.medianHandlingSeconds = median(
    durations
      .filter((row) => row.endedAt && row.outcome !== 'timedOut')
      .map((row) => seconds(row.takenAt!, row.endedAt!)),
  );
  return stats;
}
