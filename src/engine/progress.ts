// Progress of a chat (reference §3.14, with our own definition of the
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
// The flow is a graph whose nodes are blocks. Cycles are condensed into their
// strongly connected components (Tarjan, iterative): a component weighs the
// number of distinct input blocks in it (plus what its link blocks bring), so
// a loop counts once; the longest path is then taken on the resulting DAG,
// memoised per component. A link-to-bot block adds the linked flow's own
// longest path (then the walk goes on after it); a link into its own bot that
// leads back to itself (a "restart" button) is treated as the cycle it is.
// Nothing recurses with the size of a graph, and recursion through links is
// bounded (a flow already being evaluated counts once), so no definition can
// hang it.
import { handlerFor } from './blocks/registry';
import type { BlockDefinition, EdgeDefinition } from './definition/schema';
import type { RuntimeBot } from './definition/runtime-bot';
import { singleVariableName } from './variables/templating';

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

interface Graph {
  bot: RuntimeBot;
  /** Node i is blocks[i]; a group's blocks are consecutive nodes. */
  blocks: BlockDefinition[];
  nodeOfBlock: Map<string, number>;
  successors: number[][];
  /** The walk may dead-end after this node (no edge to follow). */
  exits: boolean[];
  /** For a link to a group of this same bot: the node it calls (else -1). */
  callTarget: number[];
  /** Component of each node. */
  componentOf: number[];
  /** Components in the order Tarjan completes them: every component comes after all the components it reaches. */
  components: number[][];
  edgesById: Map<string, EdgeDefinition>;
  groupStart: Map<string, { first: number; size: number }>;
  /** Whether a block links to a bot (this one or another): then longest paths depend on the linked flows. */
  hasLinks: boolean;
  /** For a graph without links, longest paths per component, computed on first use (see pathTable). */
  table?: PathTable;
}

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

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** Node an edge leads to; -1 when it leads nowhere (missing or empty group). */
function edgeTarget(
  graph: Pick<Graph, 'groupStart' | 'nodeOfBlock'>,
  to: { groupId: string; blockId?: string | null },
): number {
  const group = graph.groupStart.get(to.groupId);
  if (!group || group.size === 0) return -1;
  if (!to.blockId) return group.first;
  const node = graph.nodeOfBlock.get(to.blockId);
  // As the walker does: a block that is not in the group starts at the group's last block.
  return node !== undefined && node >= group.first && node < group.first + group.size
    ? node
    : group.first + group.size - 1;
}

/** Tarjan's strongly connected components, without recursion. */
function stronglyConnected(
  successors: number[][],
  callTarget: number[],
): { componentOf: number[]; components: number[][] } {
  const count = successors.length;
  const index = new Array<number>(count).fill(-1);
  const low = new Array<number>(count).fill(0);
  const onStack = new Array<boolean>(count).fill(false);
  const componentOf = new Array<number>(count).fill(-1);
  const components: number[][] = [];
  const stack: number[] = [];
  let counter = 0;
  for (let root = 0; root < count; root += 1) {
    if (index[root] !== -1) continue;
    const frames: { node: number; next: number }[] = [{ node: root, next: 0 }];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const { node } = frame;
      const out = successors[node]!;
      const call = callTarget[node]!;
      const degree = out.length + (call >= 0 ? 1 : 0);
      if (frame.next < degree) {
        const child = frame.next < out.length ? out[frame.next]! : call;
        frame.next += 1;
        if (index[child] === -1) {
          index[child] = low[child] = counter++;
          stack.push(child);
          onStack[child] = true;
          frames.push({ node: child, next: 0 });
        } else if (onStack[child]) {
          low[node] = Math.min(low[node]!, index[child]!);
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) low[parent.node] = Math.min(low[parent.node]!, low[node]!);
      if (low[node] !== index[node]) continue;
      const component: number[] = [];
      let member: number;
      do {
        member = stack.pop()!;
        onStack[member] = false;
        componentOf[member] = components.length;
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  }
  return { componentOf, components };
}

type Located = Pick<Graph, 'bot' | 'groupStart' | 'nodeOfBlock' | 'edgesById'>;

/** A link block's target (its module's hook); undefined for other blocks. */
function linkTargetOf(block: BlockDefinition): { botId: string; groupId?: string } | undefined {
  return handlerFor(block.type)?.linkTarget?.(block);
}

/** Whether a link block targets the bot it belongs to. */
function linksToItself(bot: RuntimeBot, block: BlockDefinition): boolean {
  const botId = linkTargetOf(block)?.botId;
  return botId === 'current' || botId === bot.id;
}

/**
 * Where a link-to-bot block enters the linked bot: its group option (a
 * literal id; a {{variable}} names a group by title at run time, unknown
 * here), else the group the linked bot starts with. -1 when unknown.
 */
function linkStart(linked: Located, block: BlockDefinition): number {
  const groupOption = linkTargetOf(block)?.groupId;
  if (groupOption !== undefined)
    return singleVariableName(groupOption) === undefined ? edgeTarget(linked, { groupId: groupOption }) : -1;
  const startEvent = linked.bot.events.find((event) => event.type === 'start') ?? linked.bot.events[0];
  const edge = startEvent?.outgoingEdgeId ? linked.edgesById.get(startEvent.outgoingEdgeId) : undefined;
  return edge ? edgeTarget(linked, edge.to) : -1;
}

function buildGraph(bot: RuntimeBot): Graph {
  const blocks: BlockDefinition[] = [];
  const nodeOfBlock = new Map<string, number>();
  const groupStart = new Map<string, { first: number; size: number }>();
  for (const group of bot.groups) {
    if (!groupStart.has(group.id)) groupStart.set(group.id, { first: blocks.length, size: group.blocks.length });
    for (const block of group.blocks) {
      if (!nodeOfBlock.has(block.id)) nodeOfBlock.set(block.id, blocks.length);
      blocks.push(block);
    }
  }
  const edgesById = new Map<string, EdgeDefinition>();
  const edgesFrom = new Map<string, EdgeDefinition[]>();
  for (const edge of bot.edges) {
    if (!edgesById.has(edge.id)) edgesById.set(edge.id, edge);
    const from = 'blockId' in edge.from ? edge.from.blockId : undefined;
    if (typeof from !== 'string') continue;
    const list = edgesFrom.get(from);
    if (list) list.push(edge);
    else edgesFrom.set(from, [edge]);
  }
  const located: Located = { bot, groupStart, nodeOfBlock, edgesById };
  const successors: number[][] = [];
  const exits: boolean[] = [];
  const callTarget: number[] = [];
  let hasLinks = false;
  let first = 0;
  for (const group of bot.groups) {
    group.blocks.forEach((block, position) => {
      const node = first + position;
      const handler = handlerFor(block.type);
      const targets = new Set<number>();
      let exit = false;
      const follow = (edgeId: unknown): boolean => {
        const edge = typeof edgeId === 'string' ? edgesById.get(edgeId) : undefined;
        if (!edge) return false;
        const target = edgeTarget(located, edge.to);
        if (target < 0) exit = true;
        else targets.add(target);
        return true;
      };
      for (const item of block.items ?? []) {
        const hasEdge = follow(item.outgoingEdgeId);
        // A Condition item without an edge ends the walk when it matches.
        if (!hasEdge && handler?.itemWithoutEdgeEndsWalk) exit = true;
        const paths = Array.isArray(item.paths) ? item.paths : [];
        for (const path of paths) follow(record(path)?.outgoingEdgeId);
      }
      for (const edge of edgesFrom.get(block.id) ?? []) follow(edge.id);
      const hasOwnEdge = follow(block.outgoingEdgeId);
      const isLast = position === group.blocks.length - 1;
      const jump = handler?.jumpTarget?.(block);
      if (jump !== undefined) {
        // A jump goes elsewhere unconditionally; a group given by a {{variable}} cannot be known here.
        const jumpGroup = jump.groupId;
        const jumpBlock = jump.blockId;
        const group = singleVariableName(jumpGroup) === undefined ? groupStart.get(jumpGroup) : undefined;
        let target = group && group.size > 0 ? group.first : -1;
        if (group && jumpBlock) {
          // The walker ends the flow when the block is not in the group.
          const found = nodeOfBlock.get(jumpBlock);
          target = found !== undefined && found >= group.first && found < group.first + group.size ? found : -1;
        }
        if (target < 0) exit = true;
        else targets.add(target);
      } else if (!isLast) {
        targets.add(node + 1);
      } else if (!hasOwnEdge) {
        exit = true;
      }
      successors[node] = [...targets];
      exits[node] = exit;
      callTarget[node] = linksToItself(bot, block) ? linkStart(located, block) : -1;
      if (linkTargetOf(block)) hasLinks = true;
    });
    first += group.blocks.length;
  }
  return {
    bot,
    blocks,
    nodeOfBlock,
    successors,
    exits,
    callTarget,
    edgesById,
    groupStart,
    hasLinks,
    ...stronglyConnected(successors, callTarget),
  };
}

/**
 * Graphs by runtime bot: a published snapshot's bot is parsed once per
 * revision and shared, so its graph is built once, not on every turn that
 * answers a progress value (a 2,000-block flow cost 1.3 ms a turn).
 */
const graphs = new WeakMap<RuntimeBot, Graph>();

function graphOf(bot: RuntimeBot): Graph {
  let graph = graphs.get(bot);
  if (!graph) {
    graph = buildGraph(bot);
    graphs.set(bot, graph);
  }
  return graph;
}

function inputWeight(graph: Graph, members: number[]): number {
  return members.reduce((sum, node) => sum + (handlerFor(graph.blocks[node]!.type)?.category === 'input' ? 1 : 0), 0);
}

/** The path table of a graph without links, once per graph (Tarjan's order: successors first). */
function pathTable(graph: Graph): PathTable {
  if (graph.table) return graph.table;
  const base: number[] = [];
  const toExit: number[] = [];
  graph.components.forEach((members, component) => {
    let bestBase = 0;
    let bestExit = -Infinity;
    for (const node of members) {
      if (graph.exits[node]) bestExit = Math.max(bestExit, 0);
      for (const next of graph.successors[node]!) {
        const target = graph.componentOf[next]!;
        if (target === component) continue;
        bestBase = Math.max(bestBase, base[target]!);
        bestExit = Math.max(bestExit, toExit[target]!);
      }
    }
    const weight = inputWeight(graph, members);
    base[component] = weight + bestBase;
    toExit[component] = weight + bestExit;
  });
  graph.table = { base, toExit };
  return graph.table;
}

/** Longest-path evaluation over the bots of one computation (graphs and linked flows memoised). */
class LongestPaths {
  private readonly botsById = new Map<string, RuntimeBot | undefined>();
  private readonly graphIds = new Map<Graph, number>();
  private readonly flows = new Map<string, number>();
  private readonly inProgress = new Set<string>();

  constructor(private readonly linkedBot: (botId: string) => RuntimeBot | undefined) {}

  graph(bot: RuntimeBot): Graph {
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
  longestFrom(graph: Graph, start: number, exitValue: number): number {
    if (!graph.hasLinks) {
      const table = pathTable(graph);
      const component = graph.componentOf[start]!;
      return Math.max(table.base[component]!, table.toExit[component]! + exitValue);
    }
    const reachable = new Set<number>();
    const pending = [graph.componentOf[start]!];
    reachable.add(pending[0]!);
    while (pending.length > 0) {
      const component = pending.pop()!;
      for (const node of graph.components[component]!) {
        for (const next of graph.successors[node]!) {
          const target = graph.componentOf[next]!;
          if (!reachable.has(target)) {
            reachable.add(target);
            pending.push(target);
          }
        }
      }
    }
    const values = new Map<number, number>();
    // Tarjan's order lists a component after every component it reaches: successors are known first.
    graph.components.forEach((members, component) => {
      if (!reachable.has(component)) return;
      let weight = 0;
      let best = 0;
      for (const node of members) {
        const block = graph.blocks[node]!;
        const handler = handlerFor(block.type);
        if (handler?.category === 'input') weight += 1;
        else if (handler?.linkTarget?.(block)) weight += this.linkWeight(graph, node);
        if (graph.exits[node]) best = Math.max(best, exitValue);
        for (const next of graph.successors[node]!) {
          const target = graph.componentOf[next]!;
          if (target !== component) best = Math.max(best, values.get(target) ?? 0);
        }
      }
      values.set(component, weight + best);
    });
    return values.get(graph.componentOf[start]!) ?? 0;
  }

  /**
   * What a link-to-bot block adds: the linked flow's own longest path from
   * its target, after which the walk continues after the link block. A link
   * into its own bot that can come back to itself (a "restart" link) is a
   * cycle like any other: its call edge is part of the components, so its
   * inputs are already counted once and the link adds nothing.
   */
  private linkWeight(graph: Graph, node: number): number {
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
  private flow(graph: Graph, start: number): number {
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
  graph: Graph,
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
