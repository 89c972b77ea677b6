// Progress of a chat (docs/engine-behaviour.md#progress, with our own definition of the
// remaining part: the documented API says "based on the longest remaining
// path of the flow").
//
//   progress = answered ÷ (answered + remaining) × 100     (a float, not rounded)
//
// Convention (chosen so that a linear 3-question bot reports 25, 50, 75 and
// then 100 % at the end, as the reference runtime does):
// * the chat is counted in steps: reaching the first question is one step,
//   every accepted answer is another; so answered = totalAnswers + 1;
// * remaining = the largest number of input blocks on any path from the
//   current input (inclusive) to the end of the flow.
// This is exactly the reference's (T + 1) / (L + T + 1), with L computed as a
// true longest path instead of the reference's "distinct inputs reachable".
// While an input waits the value lies strictly between 0 and 100; the end of
// the flow (100) is decided by the caller.
//
// The flow is a graph whose nodes are blocks (flow-graph.ts). Cycles are
// condensed into their strongly connected components (graph/): a component
// weighs the number of distinct input blocks in it (plus what its link blocks
// bring), so a loop counts once; the longest path is then taken on the
// resulting DAG, memoised per component. A link-to-bot block adds the linked flow's own
// longest path (then the walk goes on after it); a link into its own bot that
// leads back to itself (a "restart" button) is treated as the cycle it is.
// Nothing recurses with the size of a graph, and recursion through links is
// bounded (a flow already being evaluated counts once), so no definition can
// hang it.
import { handlerFor } from './blocks/registry';
import type { RuntimeBot } from './definition/runtime-bot';
import type { EdgeDefinition } from './definition/schema';
import { edgeTarget, type FlowGraph, graphOf, linkStart, linksToItself, linkTargetOf } from './flow-graph';
import { longestPaths } from './graph/longest-path';

export interface ProgressInput {
  /** The bots of the session queue, in queue order: [0] is running, the others are parents to return to. */
  bots: RuntimeBot[];
  /** The block awaiting the visitor (an input), in bots[0]. */
  currentBlockId: string;
  /** Answers given so far in this session. */
  totalAnswers: number;
  /** A bot a link-to-bot block targets, by id; undefined when unknown. */
  linkedBot(botId: string): RuntimeBot | undefined;
  /** Per queue entry (parallel to `bots`): the edges to follow when that bot's flow dead-ends. */
  queuedEdgeIds?: string[][];
  /** Per queue entry: runtime edges (resume points of links are often such edges). */
  virtualEdges?: EdgeDefinition[][];
}

/** Links inside linked flows are followed this deep at most (each level is a distinct flow). */
const MAX_LINK_DEPTH = 32;

/**
 * Longest paths of a graph without links, per component: `base` ignores what
 * follows a dead end, `toExit` is the longest path that ends at a dead end
 * (-Infinity when none does). From component c, with `exitValue` inputs after
 * a dead end, the longest path is max(base[c], toExit[c] + exitValue).
 */
interface PathTable {
  base: number[];
  toExit: number[];
}

/** Path tables of graphs without links, computed on first use (see pathTable). */
const tables = new WeakMap<FlowGraph, PathTable>();

/** Whether the walk may dead-end in this component. */
function hasExit(graph: FlowGraph, component: number): boolean {
  return graph.components[component]!.some((node) => graph.exits[node]);
}

function inputWeight(graph: FlowGraph, members: number[]): number {
  return members.reduce((sum, node) => sum + (handlerFor(graph.blocks[node]!.type)?.category === 'input' ? 1 : 0), 0);
}

/** The path table of a graph without links, once per graph. */
function pathTable(graph: FlowGraph): PathTable {
  const known = tables.get(graph);
  if (known) return known;
  const weights = graph.components.map((members) => inputWeight(graph, members));
  const weight = (component: number) => weights[component]!;
  const table = {
    base: longestPaths(graph, { weight, floor: () => 0 }),
    toExit: longestPaths(graph, { weight, floor: (component) => (hasExit(graph, component) ? 0 : -Infinity) }),
  };
  tables.set(graph, table);
  return table;
}

/** Longest-path evaluation over the bots of one computation (graphs and linked flows memoised). */
class LongestPaths {
  private readonly botsById = new Map<string, RuntimeBot | undefined>();
  private readonly graphIds = new Map<FlowGraph, number>();
  private readonly flows = new Map<string, number>();
  private readonly inProgress = new Set<string>();

  constructor(private readonly linkedBot: (botId: string) => RuntimeBot | undefined) {}

  graph(bot: RuntimeBot): FlowGraph {
    const graph = graphOf(bot);
    if (!this.graphIds.has(graph)) this.graphIds.set(graph, this.graphIds.size);
    return graph;
  }

  private lookUp(botId: string): RuntimeBot | undefined {
    if (!this.botsById.has(botId)) this.botsById.set(botId, this.linkedBot(botId));
    return this.botsById.get(botId);
  }

  /**
   * The largest number of input blocks on a path from `start` (inclusive):
   * to a dead end, where `exitValue` more are counted (what follows the dead
   * end: a parent bot, queued resume points), or to a sink that never ends.
   */
  longestFrom(graph: FlowGraph, start: number, exitValue: number): number {
    if (!graph.hasLinks) {
      const table = pathTable(graph);
      const component = graph.componentOf[start]!;
      return Math.max(table.base[component]!, table.toExit[component]! + exitValue);
    }
    const from = graph.componentOf[start]!;
    const weight = (component: number): number => {
      let sum = 0;
      for (const node of graph.components[component]!) {
        const block = graph.blocks[node]!;
        const handler = handlerFor(block.type);
        if (handler?.category === 'input') sum += 1;
        else if (handler?.linkTarget?.(block)) sum += this.linkWeight(graph, node);
      }
      return sum;
    };
    const floor = (component: number) => (hasExit(graph, component) ? Math.max(0, exitValue) : 0);
    return longestPaths(graph, { weight, floor }, from)[from] ?? 0;
  }

  /**
   * What a link-to-bot block adds: the linked flow's own longest path from
   * its target, after which the walk continues after the link block. A link
   * into its own bot that can come back to itself (a "restart" link) is a
   * cycle like any other: its call edge is part of the components, so its
   * inputs are already counted once and the link adds nothing.
   */
  private linkWeight(graph: FlowGraph, node: number): number {
    const block = graph.blocks[node]!;
    const call = graph.callTarget[node]!;
    if (call >= 0) return graph.componentOf[call] === graph.componentOf[node] ? 0 : this.flow(graph, call);
    if (linksToItself(graph.bot, block)) return 0;
    const botId = linkTargetOf(block)?.botId;
    const bot = botId ? this.lookUp(botId) : undefined;
    if (!bot) return 0;
    const linked = this.graph(bot);
    const start = linkStart(linked, block);
    return start < 0 ? 0 : this.flow(linked, start);
  }

  /** A linked flow from `start`, memoised; a flow already being evaluated (recursive links) counts once. */
  private flow(graph: FlowGraph, start: number): number {
    const key = `${this.graphIds.get(graph)}:${start}`;
    const known = this.flows.get(key);
    if (known !== undefined) return known;
    if (this.inProgress.has(key) || this.inProgress.size >= MAX_LINK_DEPTH) return 0;
    this.inProgress.add(key);
    try {
      const value = this.longestFrom(graph, start, 0);
      this.flows.set(key, value);
      return value;
    } finally {
      this.inProgress.delete(key);
    }
  }
}

/** An edge by id in a queue entry's bot: its own edges, then runtime edges (given, or decoded from a `virtual-…` id). */
function findEdge(
  graph: FlowGraph,
  edgeId: string,
  virtualEdges: EdgeDefinition[] | undefined,
): { groupId: string; blockId?: string } | undefined {
  const edge = graph.edgesById.get(edgeId) ?? virtualEdges?.find((candidate) => candidate.id === edgeId);
  if (edge) return { groupId: edge.to.groupId, ...(edge.to.blockId ? { blockId: edge.to.blockId } : {}) };
  if (!edgeId.startsWith('virtual-')) return undefined;
  for (const group of graph.bot.groups) {
    const prefix = `virtual-${group.id}`;
    if (edgeId === prefix) return { groupId: group.id };
    if (!edgeId.startsWith(`${prefix}-`)) continue;
    const blockId = edgeId.slice(prefix.length + 1);
    if (group.blocks.some((block) => block.id === blockId)) return { groupId: group.id, blockId };
  }
  return undefined;
}

/**
 * Inputs still ahead once the flow of queue entry `position` dead-ends, as
 * the walker unwinds: the entry's first queued edge is followed in the
 * parent's flow (in its own flow for the last entry, whose queued edges are
 * taken one after the other); no queued edge means the parent dead-ends too,
 * or the flow ends when the parent has none either.
 */
function tailValues(paths: LongestPaths, input: ProgressInput): number[] {
  const { bots } = input;
  const queued = (position: number) => input.queuedEdgeIds?.[position] ?? [];
  const resume = (position: number, edgeId: string, exitValue: number): number => {
    const graph = paths.graph(bots[position]!);
    const to = findEdge(graph, edgeId, input.virtualEdges?.[position]);
    if (!to) return exitValue;
    const target = edgeTarget(graph, to);
    return target < 0 ? 0 : paths.longestFrom(graph, target, exitValue);
  };
  const tails = new Array<number>(bots.length).fill(0);
  const last = bots.length - 1;
  let tail = 0;
  const own = queued(last);
  for (let index = own.length - 1; index >= 0; index -= 1) tail = resume(last, own[index]!, tail);
  tails[last] = tail;
  for (let position = last - 1; position >= 0; position -= 1) {
    const edgeId = queued(position)[0];
    if (edgeId !== undefined) tails[position] = resume(position + 1, edgeId, tails[position + 1]!);
    else tails[position] = queued(position + 1).length > 0 ? tails[position + 1]! : 0;
  }
  return tails;
}

/** The largest number of inputs on a path from the current block (inclusive) to the end of the whole flow. */
export function remainingInputs(input: ProgressInput): number {
  const running = input.bots[0];
  if (!running) return 0;
  const paths = new LongestPaths(input.linkedBot);
  const graph = paths.graph(running);
  const current = graph.nodeOfBlock.get(input.currentBlockId);
  if (current === undefined) return 0;
  return paths.longestFrom(graph, current, tailValues(paths, input)[0]!);
}

/**
 * Progress while an input waits: (T + 1) ÷ (T + 1 + L) × 100 with T the
 * answers given so far and L the remaining inputs, current one included (see
 * the convention above). A current block that cannot be found counts as
 * nothing left (100).
 */
export function computeProgress(input: ProgressInput): number {
  const answered = Math.max(0, input.totalAnswers) + 1;
  return (answered / (answered + remainingInputs(input))) * 100;
}
