import { START_TYPE } from '../definition/block-types';
import type { BotDefinition } from '../definition/parse';
import type { GroupDefinition } from '../definition/schema';
import { isRecord } from '../json';
import type { Problem } from '../problem-types';
import type { Located } from './located';

// Where the flow goes: connections and jumps that lead nowhere, groups the
// start never reaches, a bot with nothing (or nothing said) after its start.

/** Where a connection leaves from, in words, with the block it leaves (none for an event). */
function edgeSource(edge: BotDefinition['edges'][number], blocks: Map<string, GroupDefinition>) {
  if ('blockId' in edge.from && typeof edge.from.blockId === 'string') {
    const group = blocks.get(edge.from.blockId);
    return {
      words: `from block "${edge.from.blockId}"`,
      where: group ? { groupId: group.id, blockId: edge.from.blockId } : {},
    };
  }
  if ('eventId' in edge.from) return { words: `from the start`, where: {} };
  return { words: '', where: {} };
}

export function edgeProblems(definition: BotDefinition): Problem[] {
  const groups = new Map(definition.groups.map((group) => [group.id, group]));
  const groupOfBlock = new Map(
    definition.groups.flatMap((group) => group.blocks.map((block) => [block.id, group] as const)),
  );
  const problems: Problem[] = [];
  definition.edges.forEach((edge, e) => {
    const target = groups.get(edge.to.groupId);
    const source = edgeSource(edge, groupOfBlock);
    const connection = `The connection "${edge.id}"${source.words ? ` ${source.words}` : ''}`;
    if (!target) {
      problems.push({
        severity: 'error',
        code: 'MISSING_EDGE_TARGET',
        message: `${connection} leads to group "${edge.to.groupId}", which this bot does not have: connect it to a group of the bot or remove it`,
        ...source.where,
        path: ['edges', e, 'to', 'groupId'],
      });
    } else if (edge.to.blockId && !target.blocks.some((block) => block.id === edge.to.blockId)) {
      problems.push({
        severity: 'error',
        code: 'MISSING_EDGE_TARGET',
        message: `${connection} leads to block "${edge.to.blockId}", which group "${target.title}" does not have`,
        ...(source.where.groupId ? source.where : { groupId: target.id }),
        path: ['edges', e, 'to', 'blockId'],
      });
    }
  });
  return problems;
}

/** Group ids reached from the start and the other events; undefined when a jump's target is only known at run time. */
function reachableGroups(definition: BotDefinition, blocks: Located[]): Set<string> | undefined {
  const edges = new Map(definition.edges.map((edge) => [edge.id, edge]));
  const groups = new Map(definition.groups.map((group) => [group.id, group]));
  const reached = new Set<string>();
  const queue: string[] = [];
  const visit = (groupId: string | undefined) => {
    if (groupId && groups.has(groupId) && !reached.has(groupId)) {
      reached.add(groupId);
      queue.push(groupId);
    }
  };
  const follow = (edgeId: string | null | undefined) => visit(edgeId ? edges.get(edgeId)?.to.groupId : undefined);

  if (definition.events) {
    for (const event of definition.events) follow(event.outgoingEdgeId);
    for (const edge of definition.edges) if ('eventId' in edge.from) visit(edge.to.groupId);
  } else {
    visit(definition.groups.find((group) => group.blocks.some((block) => block.type === START_TYPE))?.id);
  }
  const handlers = new Map(blocks.map((entry) => [entry.block, entry.handler]));
  let dynamic = false;
  while (queue.length > 0) {
    const group = groups.get(queue.shift()!)!;
    for (const block of group.blocks) {
      follow(block.outgoingEdgeId);
      for (const item of block.items ?? []) {
        follow(item.outgoingEdgeId);
        if (Array.isArray(item.paths))
          for (const path of item.paths) if (isRecord(path)) follow(path.outgoingEdgeId as string | undefined);
      }
      for (const edge of definition.edges)
        if ('blockId' in edge.from && edge.from.blockId === block.id) visit(edge.to.groupId);
      const handler = handlers.get(block);
      const jump = handler?.jumpTarget?.(block);
      if (jump?.groupId.includes('{{')) dynamic = true;
      else visit(jump?.groupId);
      const link = handler?.linkTarget?.(block);
      if (link?.botId === 'current') visit(link.groupId);
    }
  }
  return dynamic ? undefined : reached;
}

export function flowProblems(definition: BotDefinition, blocks: Located[]): Problem[] {
  const problems: Problem[] = [];
  const groupIds = new Set(definition.groups.map((group) => group.id));
  for (const { group, block, handler, path } of blocks) {
    const jump = handler.jumpTarget?.(block);
    if (jump && !jump.groupId.includes('{{') && !groupIds.has(jump.groupId)) {
      problems.push({
        severity: 'error',
        code: 'MISSING_JUMP_TARGET',
        message: 'Jumps to a group that no longer exists',
        groupId: group.id,
        blockId: block.id,
        path: [...path, 'options', 'groupId'],
      });
    }
  }
  const reached = reachableGroups(definition, blocks);
  if (reached) {
    definition.groups.forEach((group, g) => {
      if (!reached.has(group.id)) {
        const title = group.title || `#${g + 1}`;
        problems.push({
          severity: 'warning',
          code: 'UNREACHABLE_GROUP',
          message: `Group "${title}" cannot be reached from the start`,
          groupId: group.id,
          path: ['groups', g],
        });
      }
    });
  }
  const afterStart = blocks.filter(
    ({ group, block }) => block.type !== START_TYPE && (!reached || reached.has(group.id)),
  );
  // Only a bot with nothing at all after its start is refused. One that says nothing itself still does something
  // the reference publishes: it links to a bot that speaks, shows a QR code, sets variables and redirects, or
  // calls a webhook for API clients (docs/engine-behaviour.md#bots-that-say-nothing).
  if (afterStart.length === 0) {
    const hasBlocks = blocks.some(({ block }) => block.type !== START_TYPE);
    problems.push({
      severity: 'error',
      code: 'BOT_IS_EMPTY',
      message: hasBlocks
        ? 'The start leads to nothing: connect the start to the group where the chat begins'
        : 'The bot has nothing after its start: add a message or a question',
      path: ['groups'],
    });
  } else if (!afterStart.some(({ handler }) => handler.category === 'bubble' || handler.category === 'input')) {
    problems.push({
      severity: 'warning',
      code: 'BOT_SAYS_NOTHING',
      message:
        'The bot itself shows no message and asks nothing: fine when it links to another bot, redirects or only calls a webhook',
      path: ['groups'],
    });
  }
  return problems;
}
