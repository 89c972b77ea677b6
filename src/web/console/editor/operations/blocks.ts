import type { Draft, DraftBlock, DraftGroup, Point } from '../draft';
import { addGroup } from './groups';
import { mapGroups, settle } from './settle';

/** Where a block is: its group and index. */
export function locateBlock(draft: Draft, blockId: string): { group: DraftGroup; index: number } | undefined {
  for (const group of draft.groups) {
    const index = group.blocks.findIndex((block) => block.id === blockId);
    if (index >= 0) return { group, index };
  }
  return undefined;
}

export function findBlock(draft: Draft, blockId: string): DraftBlock | undefined {
  const found = locateBlock(draft, blockId);
  return found?.group.blocks[found.index];
}

/** Puts `block` in the group at `index` (clamped); a block of the draft is moved, not copied. */
export function placeBlock(draft: Draft, block: DraftBlock, groupId: string, index: number): Draft {
  const source = locateBlock(draft, block.id);
  let next = draft;
  if (source) {
    next = mapGroups(next, (group) =>
      group.id === source.group.id ? { ...group, blocks: group.blocks.filter((each) => each.id !== block.id) } : group,
    );
    // Moving down within its own group: the index counted the block itself.
    if (source.group.id === groupId && source.index < index) index -= 1;
  }
  let handedOver: { from: string; to: string } | undefined;
  next = mapGroups(next, (group) => {
    if (group.id !== groupId) return group;
    const at = Math.max(0, Math.min(index, group.blocks.length));
    const previousLast = group.blocks[group.blocks.length - 1];
    if (at === group.blocks.length && previousLast && !block.items)
      handedOver = { from: previousLast.id, to: block.id };
    return { ...group, blocks: [...group.blocks.slice(0, at), block, ...group.blocks.slice(at)] };
  });
  // The group leaves from its last block: a block added after it takes over where the group went.
  if (handedOver) {
    const { from, to } = handedOver;
    const takesOver = !next.edges.some(
      (edge) => 'blockId' in edge.from && edge.from.blockId === to && !edge.from.itemId,
    );
    if (takesOver)
      next = {
        ...next,
        edges: next.edges.map((edge) =>
          'blockId' in edge.from && edge.from.blockId === from && !edge.from.itemId
            ? { ...edge, from: { blockId: to } }
            : edge,
        ),
      };
  }
  return settle(dropEmptyGroups(next, source?.group.id));
}

/** A block dragged out of its group onto the canvas becomes a group of its own. */
export function blockToNewGroup(draft: Draft, blockId: string, at: Point): { draft: Draft; groupId: string } {
  const block = findBlock(draft, blockId);
  if (!block) return { draft, groupId: '' };
  const without = removeBlocks(draft, [blockId], { keepEdges: true });
  return addGroup(without, at, [block]);
}

/** A group whose last block left goes too (as in Typebot), unless it is `keep`. */
function dropEmptyGroups(draft: Draft, candidate?: string): Draft {
  if (!candidate) return draft;
  const group = draft.groups.find((each) => each.id === candidate);
  return group && group.blocks.length === 0
    ? { ...draft, groups: draft.groups.filter((each) => each.id !== candidate) }
    : draft;
}

export function updateBlock(draft: Draft, blockId: string, change: (block: DraftBlock) => DraftBlock): Draft {
  return settle(
    mapGroups(draft, (group) => {
      const index = group.blocks.findIndex((block) => block.id === blockId);
      if (index < 0) return group;
      const next = change(group.blocks[index]!);
      return next === group.blocks[index]
        ? group
        : { ...group, blocks: group.blocks.map((block, at) => (at === index ? next : block)) };
    }),
  );
}

/**
 * Removes blocks with their edges (and the groups they leave empty).
 * `keepEdges` keeps the moved block's outgoing edge (a block dragged out).
 */
export function removeBlocks(draft: Draft, blockIds: readonly string[], options: { keepEdges?: boolean } = {}): Draft {
  const gone = new Set(blockIds);
  const emptied = new Set<string>();
  const groups = draft.groups.flatMap((group) => {
    if (!group.blocks.some((block) => gone.has(block.id))) return [group];
    const blocks = group.blocks.filter((block) => !gone.has(block.id));
    if (blocks.length === 0) {
      emptied.add(group.id);
      return [];
    }
    return [{ ...group, blocks }];
  });
  const edges = options.keepEdges
    ? draft.edges
    : draft.edges.filter((edge) => !('blockId' in edge.from && gone.has(edge.from.blockId)));
  const next = { ...draft, groups, edges: edges.filter((edge) => !emptied.has(edge.to.groupId)) };
  return options.keepEdges ? next : settle(next);
}
