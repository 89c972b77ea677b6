import type { Db, Prisma } from '../db/client';
import { INPUT_TYPES } from '../engine/definition/block-types';
import type { BotDefinition } from '../engine/definition/parse';
import { botStats, type BotStats } from './analytics';
import { draftDefinition, getBot } from './bots';
import { createdAtRange } from './result-reads';
import { DEFAULT_TIME_FILTER, type TimeFilter } from './time-filter';

// The drop-off view: per input block how many results reached it and how many
// answered it, per edge how many results went through it. Answers and the
// visited edges the runtime records (the ones off the default path: choice
// items, conditions, jumps) are counted in SQL; "reached" follows the bot's
// graph: the first input of a group is reached by whoever entered the group,
// the next ones by whoever answered the input before them.

export interface BlockFunnel {
  blockId: string;
  reached: number;
  answered: number;
}

export interface EdgeTotal {
  edgeId: string;
  total: number;
}

export interface InDepthAnalytics {
  stats: BotStats;
  blocks: BlockFunnel[];
  edges: EdgeTotal[];
}

const INPUTS = new Set<string>(INPUT_TYPES);

export async function inDepthAnalytics(
  db: Db,
  botId: string,
  options: { timeFilter?: TimeFilter | null; timeZone?: string | null },
  now = new Date(),
): Promise<InDepthAnalytics> {
  const bot = await getBot(db, botId);
  const inRange: Prisma.ResultWhereInput = {
    botId,
    isArchived: false,
    createdAt: createdAtRange(options, DEFAULT_TIME_FILTER, now),
  };
  const [stats, answerPairs, edgeGroups] = await Promise.all([
    botStats(db, botId, options, now),
    db.answer.findMany({
      where: { result: inRange },
      select: { blockId: true, resultId: true },
      distinct: ['blockId', 'resultId'],
    }),
    db.visitedEdge.groupBy({ by: ['edgeId'], where: { result: inRange }, _count: { _all: true } }),
  ]);
  const answered = new Map<string, number>();
  for (const pair of answerPairs) answered.set(pair.blockId, (answered.get(pair.blockId) ?? 0) + 1);
  const edges = edgeGroups
    .map((group) => ({ edgeId: group.edgeId, total: group._count._all }))
    .sort((a, b) => a.edgeId.localeCompare(b.edgeId));
  const visited = new Map(edges.map((edge) => [edge.edgeId, edge.total]));
  return { stats, blocks: funnel(draftDefinition(bot), stats.totalViews, answered, visited), edges };
}

/** Reached/answered per input block, in the order of the definition's groups. */
function funnel(
  definition: BotDefinition,
  views: number,
  answered: Map<string, number>,
  visited: Map<string, number>,
): BlockFunnel[] {
  const groups = new Map(definition.groups.map((group) => [group.id, group]));
  const blockPlace = new Map<string, { groupId: string; index: number }>();
  for (const group of definition.groups)
    group.blocks.forEach((block, index) => blockPlace.set(block.id, { groupId: group.id, index }));
  const startEdge = definition.events?.find((event) => event.type === 'start')?.outgoingEdgeId;
  const startGroupId =
    definition.edges.find((edge) => edge.id === startEdge)?.to.groupId ??
    definition.groups.find((group) => group.blocks.some((block) => block.type === 'start'))?.id;

  /** Answers of the last input block of the group at or before `index`; null when none. */
  const lastAnswersUpTo = (groupId: string, index: number): number | null => {
    const blocks = groups.get(groupId)?.blocks ?? [];
    for (let position = Math.min(index, blocks.length - 1); position >= 0; position -= 1) {
      if (INPUTS.has(blocks[position]!.type)) return answered.get(blocks[position]!.id) ?? 0;
    }
    return null;
  };

  const entered = new Map<string, number>();
  const entering = new Set<string>();
  const enteredCount = (groupId: string): number => {
    if (groupId === startGroupId) return views;
    const known = entered.get(groupId);
    if (known !== undefined) return known;
    // A loop back into a group being computed adds nothing new: its visitors were counted on the way in.
    if (entering.has(groupId)) return 0;
    entering.add(groupId);
    let total = 0;
    for (const edge of definition.edges.filter((candidate) => candidate.to.groupId === groupId)) {
      const recorded = visited.get(edge.id);
      if (recorded !== undefined) total += recorded;
      else if ('blockId' in edge.from && typeof edge.from.blockId === 'string' && !edge.from.itemId) {
        const place = blockPlace.get(edge.from.blockId);
        if (place) total += lastAnswersUpTo(place.groupId, place.index) ?? enteredCount(place.groupId);
      }
    }
    entering.delete(groupId);
    entered.set(groupId, total);
    return total;
  };

  const blocks: BlockFunnel[] = [];
  for (const group of definition.groups) {
    group.blocks.forEach((block, index) => {
      if (!INPUTS.has(block.type)) return;
      const reached = lastAnswersUpTo(group.id, index - 1) ?? enteredCount(group.id);
      blocks.push({ blockId: block.id, reached, answered: answered.get(block.id) ?? 0 });
    });
  }
  return blocks;
}
