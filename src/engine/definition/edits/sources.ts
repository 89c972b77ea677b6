import { isRecord } from '../../json';
import type { BlockDefinition, EdgeDefinition } from '../schema';

// Where a connection leaves from, as the definition format writes it: keys
// to compare sources by, words to name one, and a card item's paths.

export type Item = NonNullable<BlockDefinition['items']>[number];
export type EdgeSource = EdgeDefinition['from'];
type Path = { id?: unknown; outgoingEdgeId?: string | null };

/** A source that is not an event: a block, one of its items, or an item's path. */
export interface BlockSource {
  blockId: string;
  groupId?: unknown;
  itemId?: string | null;
  pathId?: string | null;
}

export function fromBlock(source: EdgeSource): BlockSource | undefined {
  return 'eventId' in source ? undefined : (source as BlockSource);
}

export function sourceKey(edgeSource: EdgeSource): string {
  const source = fromBlock(edgeSource);
  return source
    ? `block:${source.blockId}:${source.itemId ?? ''}:${source.pathId ?? ''}`
    : `event:${(edgeSource as { eventId: string }).eventId}`;
}

export function describeSource(edgeSource: EdgeSource): string {
  const source = fromBlock(edgeSource);
  if (!source) return `Event "${(edgeSource as { eventId: string }).eventId}"`;
  if (source.pathId) return `Path "${source.pathId}" of item "${source.itemId}"`;
  if (source.itemId) return `Item "${source.itemId}" of block "${source.blockId}"`;
  return `Block "${source.blockId}"`;
}

/** A card item's paths (each leads somewhere of its own). */
export function pathsOf(item: Item): Path[] {
  const paths = (item as { paths?: unknown }).paths;
  return Array.isArray(paths) ? paths.filter((path): path is Path => isRecord(path)) : [];
}
