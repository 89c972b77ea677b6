import type { Draft, DraftEdge, DraftGroup, DraftItem, EdgeSource } from '../draft';

// Every change the editor makes to a draft is a pure function (operations/:
// one module per kind of thing changed). Edges are the truth: after each
// change `settle` drops edges whose ends are gone and writes each source's
// `outgoingEdgeId` from the edges (as the definition format keeps both),
// reusing unchanged objects so the canvas redraws only what changed.

export const sourceKey = (source: EdgeSource): string =>
  'eventId' in source
    ? `event:${source.eventId}`
    : `block:${source.blockId}:${source.itemId ?? ''}${source.pathId ? `:${source.pathId}` : ''}`;

/** A card's paths (each leads somewhere of its own). */
type CardPath = { id?: unknown; outgoingEdgeId?: string };
export const pathsOf = (item: DraftItem): CardPath[] | undefined =>
  Array.isArray(item.paths)
    ? (item.paths as unknown[]).filter((path): path is CardPath => typeof path === 'object' && path !== null)
    : undefined;

export function settle(draft: Draft): Draft {
  const blocks = new Map<string, string>();
  const items = new Set<string>();
  for (const group of draft.groups)
    for (const block of group.blocks) {
      blocks.set(block.id, group.id);
      for (const item of block.items ?? []) {
        items.add(`${block.id}:${item.id}`);
        for (const path of pathsOf(item) ?? [])
          if (typeof path.id === 'string') items.add(`${block.id}:${item.id}:${path.id}`);
      }
    }
  const groups = new Set(draft.groups.map((group) => group.id));
  const events = new Set(draft.events.map((event) => event.id));
  const bySource = new Map<string, DraftEdge>();
  for (const edge of draft.edges) {
    const from = edge.from;
    const sourceOk =
      'eventId' in from
        ? events.has(from.eventId)
        : from.itemId
          ? items.has(`${from.blockId}:${from.itemId}${from.pathId ? `:${from.pathId}` : ''}`)
          : blocks.has(from.blockId);
    const targetOk =
      groups.has(edge.to.groupId) && (!edge.to.blockId || blocks.get(edge.to.blockId) === edge.to.groupId);
    // One edge per source: the newest (last) wins.
    if (sourceOk && targetOk) bySource.set(sourceKey(from), edge);
  }
  const edges = [...bySource.values()];
  const kept =
    edges.length === draft.edges.length
      ? draft.edges
      : draft.edges.filter((edge) => bySource.get(sourceKey(edge.from)) === edge);
  const outgoing = (key: string) => bySource.get(key)?.id;
  const withEdge = <T extends { outgoingEdgeId?: string }>(entry: T, key: string): T => {
    const id = outgoing(key);
    if (entry.outgoingEdgeId === id) return entry;
    const { outgoingEdgeId: _old, ...rest } = entry;
    return (id ? { ...rest, outgoingEdgeId: id } : rest) as T;
  };
  const groupsOut = draft.groups.map((group) => {
    const blocksOut = group.blocks.map((block) => {
      const itemsOut = block.items?.map((item) => {
        const withOwn = withEdge(item, `block:${block.id}:${item.id}`);
        const paths = pathsOf(withOwn);
        if (!paths) return withOwn;
        const pathsOut = paths.map((path) =>
          typeof path.id === 'string' ? withEdge(path, `block:${block.id}:${item.id}:${path.id}`) : path,
        );
        return pathsOut.some((path, index) => path !== paths[index]) ? { ...withOwn, paths: pathsOut } : withOwn;
      });
      const changedItems = itemsOut && itemsOut.some((item, index) => item !== block.items![index]);
      const base = changedItems ? { ...block, items: itemsOut } : block;
      return withEdge(base, `block:${block.id}:`);
    });
    return blocksOut.some((block, index) => block !== group.blocks[index]) ? { ...group, blocks: blocksOut } : group;
  });
  const eventsOut = draft.events.map((event) => withEdge(event, `event:${event.id}`));
  return { ...draft, groups: groupsOut, events: eventsOut, edges: kept };
}

export function mapGroups(draft: Draft, change: (group: DraftGroup) => DraftGroup): Draft {
  let changed = false;
  const groups = draft.groups.map((group) => {
    const next = change(group);
    if (next !== group) changed = true;
    return next;
  });
  return changed ? { ...draft, groups } : draft;
}
