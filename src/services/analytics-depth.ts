import type { Db, Prisma } from '../db/client';
import { INPUT_TYPES } from '../engine/definition/block-types';
import type { BotDefinition } from '../engine/definition/parse';
import { botStats, type BotStats } from './analytics';
import { draftDefinition, getBot } from './bots';
import { createdAtRange } from './result-reads';
import { DEFAULT_TIME_FILTER, type TimeFilter } from './time-filter';

// The drop-off view: per input block how many visitors (results) reached it
// and how many answered it, per edge how many times results went through it.
// Answers and the visited edges the runtime records (the ones off the default
// path: choice items, conditions, jumps) are read per result; "reached" follows
// the bot's graph for each result: the first input of a group is reached by
// whoever entered the group, the next ones by whoever answered the input before
// them. Counting results, not passages, keeps a visitor asked again (a loop back
// to the question) at one: a retry is not a drop.

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
  const [stats, answerPairs, visitedEdges] = await Promise.all([
    botStats(db, botId, options, now),
    db.answer.findMany({ where: { result: inRange }, select: { blockId: true, resultId: true } }),
    // Every passage (a loop taken twice is two): the totals count them, the funnel each result once.
    db.visitedEdge.findMany({ where: { result: inRange }, select: { edgeId: true, resultId: true } }),
  ]);
  const totals = new Map<string, number>();
  for (const { edgeId } of visitedEdges) totals.set(edgeId, (totals.get(edgeId) ?? 0) + 1);
  const edges = [...totals]
    .map(([edgeId, total]) => ({ edgeId, total }))
    .sort((a, b) => a.edgeId.localeCompare(b.edgeId));
  const paths = visitorPaths(stats.totalViews, answerPairs, visitedEdges);
  return { stats, blocks: funnel(draftDefinition(bot), paths), edges };
}

/** What one visitor did that the funnel reads: the inputs they answered and the recorded edges they took. */
interface VisitorPath {
  answered: ReadonlySet<string>;
  visited: ReadonlySet<string>;
  /** How many visitors did exactly this. */
  count: number;
}

/** Visitors grouped by what they did (most follow one of a few paths), those who answered nothing included. */
function visitorPaths(
  views: number,
  answers: { blockId: string; resultId: string }[],
  visitedEdges: { edgeId: string; resultId: string }[],
): VisitorPath[] {
  const byResult = new Map<string, { answered: string[]; visited: string[] }>();
  const of = (resultId: string) => {
    let entry = byResult.get(resultId);
    if (!entry) byResult.set(resultId, (entry = { answered: [], visited: [] }));
    return entry;
  };
  for (const { blockId, resultId } of answers) of(resultId).answered.push(blockId);
  for (const { edgeId, resultId } of visitedEdges) of(resultId).visited.push(edgeId);
  const paths = new Map<string, VisitorPath>();
  for (const { answered, visited } of byResult.values()) {
    // A question answered twice (asked again) and an edge taken twice count once for the visitor.
    const said = [...new Set(answered)].sort();
    const taken = [...new Set(visited)].sort();
    const key = `${said.join(' ')}|${taken.join(' ')}`;
    const known = paths.get(key);
    if (known) known.count += 1;
    else paths.set(key, { answered: new Set(said), visited: new Set(taken), count: 1 });
  }
  const silent = views - byResult.size;
  if (silent > 0) paths.set('', { answered: new Set(), visited: new Set(), count: silent });
  return [...paths.values()];
}

/** Reached/answered per input block, in the order of the definition's groups, counting each visitor once. */
function funnel(definition: BotDefinition, paths: VisitorPath[]): BlockFunnel[] {
  const groups = new Map(definition.groups.map((group) => [group.id, group]));
  const blockPlace = new Map<string, { groupId: string; index: number }>();
  for (const group of definition.groups)
    group.blocks.forEach((block, index) => blockPlace.set(block.id, { groupId: group.id, index }));
  const startEdge = definition.events?.find((event) => event.type === 'start')?.outgoingEdgeId;
  const startGroupId =
    definition.edges.find((edge) => edge.id === startEdge)?.to.groupId ??
    definition.groups.find((group) => group.blocks.some((block) => block.type === 'start'))?.id;
  const incoming = new Map<string, typeof definition.edges>();
  for (const edge of definition.edges) incoming.set(edge.to.groupId, [...(incoming.get(edge.to.groupId) ?? []), edge]);
  // An edge some visitor is recorded taking is one the runtime records (off the default path): a visitor took it
  // only if recorded. Any other edge leaves from a block's end, taken by whoever got past that block.
  const recordedEdges = new Set(paths.flatMap((path) => [...path.visited]));

  /** The last input block of the group at or before `index`; undefined when none. */
  const lastInputUpTo = (groupId: string, index: number): string | undefined => {
    const blocks = groups.get(groupId)?.blocks ?? [];
    for (let position = Math.min(index, blocks.length - 1); position >= 0; position -= 1) {
      if (INPUTS.has(blocks[position]!.type)) return blocks[position]!.id;
    }
    return undefined;
  };

  const reachedBy = (path: VisitorPath) => {
    const entered = new Map<string, boolean>();
    const enteredGroup = (groupId: string): boolean => {
      if (groupId === startGroupId) return true;
      const known = entered.get(groupId);
      if (known !== undefined) return known;
      // A loop back into a group being decided adds nothing: the visitor had to enter it some other way first.
      entered.set(groupId, false);
      const result = (incoming.get(groupId) ?? []).some((edge) => {
        if (recordedEdges.has(edge.id)) return path.visited.has(edge.id);
        if (!('blockId' in edge.from) || typeof edge.from.blockId !== 'string' || edge.from.itemId) return false;
        const place = blockPlace.get(edge.from.blockId);
        return place !== undefined && gotTo(place.groupId, place.index);
      });
      entered.set(groupId, result);
      return result;
    };
    /** Whether the visitor got to the block at `index` of the group (and past it, for a block that is no input). */
    const gotTo = (groupId: string, index: number): boolean => {
      const input = lastInputUpTo(groupId, index);
      return input !== undefined ? path.answered.has(input) : enteredGroup(groupId);
    };
    return gotTo;
  };

  const counts = new Map<string, number>();
  for (const path of paths) {
    const gotTo = reachedBy(path);
    for (const group of definition.groups)
      group.blocks.forEach((block, index) => {
        if (INPUTS.has(block.type) && (path.answered.has(block.id) || gotTo(group.id, index - 1)))
          counts.set(block.id, (counts.get(block.id) ?? 0) + path.count);
      });
  }
  const answered = new Map<string, number>();
  for (const path of paths)
    for (const blockId of path.answered) answered.set(blockId, (answered.get(blockId) ?? 0) + path.count);

  const blocks: BlockFunnel[] = [];
  for (const group of definition.groups)
    for (const block of group.blocks)
      if (INPUTS.has(block.type))
        blocks.push({ blockId: block.id, reached: counts.get(block.id) ?? 0, answered: answered.get(block.id) ?? 0 });
  return blocks;
}
