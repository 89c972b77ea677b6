// The flow of a bot as a graph whose nodes are blocks: the edges a walk may
// follow from each block (items, paths, the block's own edge, the next block
// of its group, jumps), where it may dead-end, and the calls of links into
// the bot itself; its strongly connected components (see graph/). Built once
// per runtime bot.
import { handlerFor } from './blocks/registry';
import type { RuntimeBot } from './definition/runtime-bot';
import type { BlockDefinition, EdgeDefinition } from './definition/schema';
import { stronglyConnected } from './graph/strongly-connected';
import { singleVariableName } from './variables/templating';

export interface FlowGraph {
  bot: RuntimeBot;
  /** Node i is blocks[i]; a group's blocks are consecutive nodes. */
  blocks: BlockDefinition[];
  nodeOfBlock: Map<string, number>;
  successors: number[][];
  /** The walk may dead-end after this node (no edge to follow). */
  exits: boolean[];
  /** For a link to a group of this same bot: the node it calls (else -1). */
  callTarget: number[];
  /**
   * Component of each node, and the components in Tarjan's order, of the
   * graph with the call edges: a link into this bot that leads back to itself
   * closes a cycle.
   */
  componentOf: number[];
  components: number[][];
  edgesById: Map<string, EdgeDefinition>;
  groupStart: Map<string, { first: number; size: number }>;
  /** Whether a block links to a bot (this one or another): then longest paths depend on the linked flows. */
  hasLinks: boolean;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined;
}

/** Node an edge leads to; -1 when it leads nowhere (missing or empty group). */
export function edgeTarget(
  graph: Pick<FlowGraph, 'groupStart' | 'nodeOfBlock'>,
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

type Located = Pick<FlowGraph, 'bot' | 'groupStart' | 'nodeOfBlock' | 'edgesById'>;

/** A link block's target (its module's hook); undefined for other blocks. */
export function linkTargetOf(block: BlockDefinition): { botId: string; groupId?: string } | undefined {
  return handlerFor(block.type)?.linkTarget?.(block);
}

/** Whether a link block targets the bot it belongs to. */
export function linksToItself(bot: RuntimeBot, block: BlockDefinition): boolean {
  const botId = linkTargetOf(block)?.botId;
  return botId === 'current' || botId === bot.id;
}

/**
 * Where a link-to-bot block enters the linked bot: its group option (a
 * literal id; a {{variable}} names a group by title at run time, unknown
 * here), else the group the linked bot starts with. -1 when unknown.
 */
export function linkStart(linked: Located, block: BlockDefinition): number {
  const groupOption = linkTargetOf(block)?.groupId;
  if (groupOption !== undefined)
    return singleVariableName(groupOption) === undefined ? edgeTarget(linked, { groupId: groupOption }) : -1;
  const startEvent = linked.bot.events.find((event) => event.type === 'start') ?? linked.bot.events[0];
  const edge = startEvent?.outgoingEdgeId ? linked.edgesById.get(startEvent.outgoingEdgeId) : undefined;
  return edge ? edgeTarget(linked, edge.to) : -1;
}

function buildFlowGraph(bot: RuntimeBot): FlowGraph {
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
    ...stronglyConnected(successors.map((out, node) => (callTarget[node]! >= 0 ? [...out, callTarget[node]!] : out))),
  };
}

/**
 * Graphs by runtime bot: a published snapshot's bot is parsed once per
 * revision and shared, so its graph is built once, not on every turn that
 * answers a progress value (a 2,000-block flow cost 1.3 ms a turn).
 */
const graphs = new WeakMap<RuntimeBot, FlowGraph>();

export function graphOf(bot: RuntimeBot): FlowGraph {
  let graph = graphs.get(bot);
  if (!graph) {
    graph = buildFlowGraph(bot);
    graphs.set(bot, graph);
  }
  return graph;
}
