import type { BlockDefinition, GroupDefinition } from '../schema';
import type { Draft } from './draft';
import { mergeRecord } from './merge';
import type { Edit, NewBlock, NewItem } from './schema';
import { fromBlock, pathsOf, type Item } from './sources';

// Edits of blocks and their items: adding, changing, removing and moving a
// block, with the connections each of them carries.

export function addBlock(draft: Draft, edit: Extract<Edit, { op: 'addBlock' }>): void {
  const group = draft.group(edit.groupId, ['groupId']);
  draft.refuseStartGroup(group, ['groupId']);
  const block = newBlock(draft, edit.block, group, ['block']);
  return place(draft, block, group, edit.index);
}

export function newBlock(
  draft: Draft,
  given: NewBlock,
  group: GroupDefinition,
  path: (string | number)[],
): BlockDefinition {
  const { id: givenBlockId, items, outgoingEdgeId: _none, ...rest } = given;
  const id = draft.take(givenBlockId, 'block', draft.hasBlock, [...path, 'id']);
  const block: BlockDefinition = { ...rest, id, ...(draft.legacy ? { groupId: group.id } : {}) };
  if (items) block.items = newItems(draft, items, block, [...path, 'items']);
  return block;
}

/** Items given for a block: ids it already has keep their item's connection, others are new. */
function newItems(draft: Draft, given: NewItem[], block: BlockDefinition, path: (string | number)[]): Item[] {
  const before = new Map((block.items ?? []).map((item) => [item.id, item]));
  const chosen = new Set(given.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  const seen = new Set<string>();
  return given.map((item, index) => {
    const { id: givenItemId, outgoingEdgeId: _none, ...rest } = item;
    if (givenItemId !== undefined && seen.has(givenItemId))
      draft.fail([...path, index, 'id'], `Two items have the id "${givenItemId}"`);
    const kept = givenItemId !== undefined && before.has(givenItemId);
    // A made id must not be one a later item of the list chose.
    const id = kept
      ? givenItemId
      : (givenItemId ?? draft.take(undefined, 'item', (each) => seen.has(each) || chosen.has(each), []));
    if (!kept && givenItemId !== undefined) draft.created.push({ edit: draft.editIndex, kind: 'item', id });
    seen.add(id);
    const next: Item = { ...rest, id, ...(draft.legacy ? { blockId: block.id } : {}) };
    const edgeId = kept ? before.get(id)!.outgoingEdgeId : undefined;
    if (edgeId) next.outgoingEdgeId = edgeId;
    return next;
  });
}

/** Puts a block in a group; placed last after a block that leads on, it takes that connection over. */
function place(draft: Draft, block: BlockDefinition, group: GroupDefinition, at: number | undefined): void {
  const end = group.blocks.length;
  if (at !== undefined && at > end)
    draft.fail(
      ['index'],
      `Index ${at} is past the end of group "${group.id}" (it has ${end} block${end === 1 ? '' : 's'})`,
    );
  const position = at ?? end;
  const previousLast = group.blocks[end - 1];
  group.blocks.splice(position, 0, block);
  if (draft.legacy) block.groupId = group.id;
  // The walker follows a block's connection before the next block: left on the previous last block, it would skip this one.
  if (position === end && previousLast?.outgoingEdgeId && !block.outgoingEdgeId && !block.items) {
    const edgeId = previousLast.outgoingEdgeId;
    const edge = draft.definition.edges.find((each) => each.id === edgeId);
    if (edge) {
      edge.from = draft.blockSource(group, block.id);
      block.outgoingEdgeId = edgeId;
      delete previousLast.outgoingEdgeId;
    }
  }
}

export function updateBlock(draft: Draft, edit: Extract<Edit, { op: 'updateBlock' }>): void {
  const block = draft.block(edit.blockId, ['blockId']);
  if (edit.options) block.options = mergeRecord(block.options ?? {}, edit.options);
  if (edit.content) block.content = mergeRecord(block.content ?? {}, edit.content);
  if (!edit.items) return;
  block.items = newItems(draft, edit.items, block, ['items']);
  const items = new Map(block.items.map((item) => [item.id, item]));
  // Connections of items (or their paths) that are gone go with them.
  draft.removeEdges((edge) => {
    const from = fromBlock(edge.from);
    if (from?.blockId !== block.id || !from.itemId) return false;
    const item = items.get(from.itemId);
    const pathId = from.pathId;
    return !item || (typeof pathId === 'string' && !pathsOf(item).some((each) => each.id === pathId));
  });
}

export function removeBlock(draft: Draft, blockId: string): void {
  const { group, index } = draft.locate(blockId, ['blockId']);
  draft.refuseStartBlock(group.blocks[index]!, ['blockId']);
  group.blocks.splice(index, 1);
  draft.removeEdges((edge) => fromBlock(edge.from)?.blockId === blockId || edge.to.blockId === blockId);
}

export function moveBlock(draft: Draft, edit: Extract<Edit, { op: 'moveBlock' }>): void {
  const { group: from, index } = draft.locate(edit.blockId, ['blockId']);
  const block = from.blocks[index]!;
  draft.refuseStartBlock(block, ['blockId']);
  const to = draft.group(edit.groupId, ['groupId']);
  draft.refuseStartGroup(to, ['groupId']);
  from.blocks.splice(index, 1);
  place(draft, block, to, edit.index);
  if (from === to) return;
  for (const edge of draft.definition.edges) {
    if (edge.to.blockId === block.id) edge.to.groupId = to.id;
    const source = fromBlock(edge.from);
    if (draft.legacy && source?.blockId === block.id) source.groupId = to.id;
  }
}
