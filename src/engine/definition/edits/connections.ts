import { BUBBLE_TYPES } from '../block-types';
import type { Draft } from './draft';
import type { EdgeSourceInput, Edit } from './schema';
import { describeSource, fromBlock, pathsOf, sourceKey, type BlockSource, type EdgeSource } from './sources';

// Edits of connections. Each is kept twice, as the definition format keeps
// it: an edge, and its source's `outgoingEdgeId`.

export function connect(draft: Draft, edit: Extract<Edit, { op: 'connect' }>): void {
  const source = resolveSource(draft, edit.from, ['from']);
  if ('blockId' in source && !source.itemId && typeof source.blockId === 'string')
    assertFollowedFrom(draft, source.blockId);
  const target = draft.group(edit.to.groupId, ['to', 'groupId']);
  if (edit.to.blockId !== undefined && !target.blocks.some((block) => block.id === edit.to.blockId))
    draft.fail(['to', 'blockId'], `Group "${target.id}" has no block with id "${edit.to.blockId}"`);
  const key = sourceKey(source);
  draft.removeEdges((edge) => sourceKey(edge.from) === key);
  const id = draft.take(edit.id, 'edge', (each) => draft.definition.edges.some((edge) => edge.id === each), ['id']);
  draft.definition.edges.push({
    id,
    from: source,
    to: { groupId: target.id, ...(edit.to.blockId !== undefined ? { blockId: edit.to.blockId } : {}) },
  });
  const holder = sourceHolder(draft, source);
  if (holder) holder.outgoingEdgeId = id;
}

export function disconnect(draft: Draft, edit: Extract<Edit, { op: 'disconnect' }>): void {
  if (edit.edgeId !== undefined) {
    if (!draft.definition.edges.some((edge) => edge.id === edit.edgeId))
      draft.fail(['edgeId'], `No connection with id "${edit.edgeId}" in the draft`);
    return draft.removeEdges((edge) => edge.id === edit.edgeId);
  }
  const source = resolveSource(draft, edit.from!, ['from']);
  const key = sourceKey(source);
  if (!draft.definition.edges.some((edge) => sourceKey(edge.from) === key))
    draft.fail(['from'], `${describeSource(source)} has no outgoing connection`);
  return draft.removeEdges((edge) => sourceKey(edge.from) === key);
}

/** A message in the middle of its group leads on to the next block: a connection from it would never be followed. */
function assertFollowedFrom(draft: Draft, blockId: string): void {
  const { group, index } = draft.locate(blockId, ['from', 'blockId']);
  const block = group.blocks[index]!;
  const last = group.blocks[group.blocks.length - 1]!;
  if ((BUBBLE_TYPES as readonly string[]).includes(block.type) && block !== last)
    draft.fail(
      ['from', 'blockId'],
      `Block "${block.id}" is a message in the middle of group "${group.id}": the chat goes on to the next block and never follows a connection from it. Connect from the group (from: { groupId: "${group.id}" }) or its last block "${last.id}"`,
    );
}

/** The event, block, item or path that keeps a source's `outgoingEdgeId`. */
function sourceHolder(draft: Draft, source: EdgeSource): { outgoingEdgeId?: string | null } | undefined {
  if ('eventId' in source) return draft.definition.events?.find((event) => event.id === source.eventId);
  return blockSourceHolder(draft, fromBlock(source)!);
}

function blockSourceHolder(draft: Draft, source: BlockSource): { outgoingEdgeId?: string | null } | undefined {
  const block = draft.definition.groups.flatMap((group) => group.blocks).find((each) => each.id === source.blockId);
  if (!source.itemId) return block;
  const item = block?.items?.find((each) => each.id === source.itemId);
  if (!item || !source.pathId) return item;
  return pathsOf(item).find((each) => each.id === source.pathId);
}

/** The source an edit names, as the draft's edges write it; fails when it names something the draft does not have. */
function resolveSource(draft: Draft, from: EdgeSourceInput, path: (string | number)[]): EdgeSource {
  if ('eventId' in from) {
    if (draft.legacy)
      draft.fail(
        [...path, 'eventId'],
        `A version ${draft.definition.version} bot has no events: connect from its start block instead`,
      );
    if (!(draft.definition.events ?? []).some((event) => event.id === from.eventId))
      draft.fail([...path, 'eventId'], `No event with id "${from.eventId}" in the draft`);
    return { eventId: from.eventId };
  }
  if ('groupId' in from) {
    const group = draft.group(from.groupId, [...path, 'groupId']);
    const last = group.blocks[group.blocks.length - 1];
    if (!last) draft.fail([...path, 'groupId'], `Group "${group.id}" has no block to leave from`);
    return draft.blockSource(group, last.id);
  }
  const { group, index } = draft.locate(from.blockId, [...path, 'blockId']);
  const block = group.blocks[index]!;
  if (from.itemId === undefined) {
    if (from.pathId !== undefined) draft.fail([...path, 'pathId'], 'a path belongs to an item: give itemId too');
    return draft.blockSource(group, block.id);
  }
  const item = block.items?.find((each) => each.id === from.itemId);
  if (!item) draft.fail([...path, 'itemId'], `Block "${block.id}" has no item with id "${from.itemId}"`);
  if (from.pathId !== undefined && !pathsOf(item).some((each) => each.id === from.pathId))
    draft.fail([...path, 'pathId'], `Item "${item.id}" has no path with id "${from.pathId}"`);
  return {
    ...draft.blockSource(group, block.id),
    itemId: item.id,
    ...(from.pathId !== undefined ? { pathId: from.pathId } : {}),
  };
}
