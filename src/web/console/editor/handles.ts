import type { EdgeSource } from './draft';

// React Flow connects handles by id; these ids spell the draft's edge ends:
// `out` (the start event's node), `path:block:item:path`, `item:block:item`,
// `block:block` (a block's own exit, or a block as a target), `in` (a group).

/** A handle id back to the edge source it stands for. */
export function sourceOf(node: string, handle: string | null): EdgeSource | undefined {
  if (node.startsWith('event:')) return { eventId: node.slice('event:'.length) };
  if (handle?.startsWith('path:')) {
    const [, blockId, itemId, pathId] = handle.split(':');
    return { blockId: blockId!, itemId: itemId!, pathId: pathId! };
  }
  if (handle?.startsWith('item:')) {
    const [, blockId, itemId] = handle.split(':');
    return { blockId: blockId!, itemId: itemId! };
  }
  if (handle?.startsWith('block:')) return { blockId: handle.slice('block:'.length) };
  return undefined;
}

/** The handle (and, for an event, the node) an edge source is drawn from. */
export function handleOf(source: EdgeSource): { node?: string; handle: string } {
  if ('eventId' in source) return { node: `event:${source.eventId}`, handle: 'out' };
  if (source.pathId) return { handle: `path:${source.blockId}:${source.itemId}:${source.pathId}` };
  return { handle: source.itemId ? `item:${source.blockId}:${source.itemId}` : `block:${source.blockId}` };
}

/** The target handle of an edge: a block inside the group, or the group itself. */
export const targetHandleOf = (blockId: string | undefined) => (blockId ? `block:${blockId}` : 'in');

/** The block a target handle stands for, if it is a block's (else the group's). */
export function targetBlockOf(handle: string | null | undefined): string | undefined {
  return handle?.startsWith('block:') ? handle.slice('block:'.length) : undefined;
}
