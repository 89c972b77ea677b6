import type { Db } from '../db/client';
import { DEFAULT_TIME_FILTER, requestedRange, type TimeFilter } from './time-filter';

export interface BotStats {
  totalViews: number;
  totalStarts: number;
  totalCompleted: number;
}

/**
 * Views are the bot's results created in the range, starts those with at least
 * one answer, completions those whose flow ended after an answer (archived
 * results excluded). A bot never published has no results, hence zeros.
 */
export async function botStats(
  db: Db,
  botId: string,
  options: { timeFilter?: TimeFilter | null; timeZone?: string | null },
  now = new Date(),
): Promise<BotStats> {
  const range = requestedRange(options, DEFAULT_TIME_FILTER, now);
  const groups = await db.result.groupBy({
    by: ['hasStarted', 'isCompleted'],
    where: { botId, isArchived: false, createdAt: { gte: range.from, lte: range.to } },
    _count: { _all: true },
  });
  const stats: BotStats = { totalViews: 0, totalStarts: 0, totalCompleted: 0 };
  for (const group of groups) {
    const count = group._count._all;
    stats.totalViews += count;
    if (group.hasStarted) stats.totalStarts += count;
    if (group.isCompleted) stats.totalCompleted += count;
  }
  return stats;
}

/** The stats of several bots (same options) in one grouped statement, in the order asked. */
export async function botsStats(
  db: Db,
  botIds: readonly string[],
  options: { timeFilter?: TimeFilter | null; timeZone?: string | null },
  now = new Date(),
): Promise<BotStats[]> {
  const range = requestedRange(options, DEFAULT_TIME_FILTER, now);
  const groups = await db.result.groupBy({
    by: ['botId', 'hasStarted', 'isCompleted'],
    where: { botId: { in: [...botIds] }, isArchived: false, createdAt: { gte: range.from, lte: range.to } },
    _count: { _all: true },
  });
  const byBot = new Map<string, BotStats>(
    botIds.map((id) => [id, { totalViews: 0, totalStarts: 0, totalCompleted: 0 }]),
  );
  for (const group of groups) {
    const stats = byBot.get(group.botId);
    if (!stats) continue;
    const count = group._count._all;
    stats.totalViews += count;
    if (group.hasStarted) stats.totalStarts += count;
    if (group.isCompleted) stats.totalCompleted += count;
  }
  return botIds.map((id) => byBot.get(id)!);
}
