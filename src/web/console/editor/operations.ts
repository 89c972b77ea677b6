import {
  newId,
  type Draft,
  type DraftBlock,
  type DraftEdge,
  type DraftGroup,
  type DraftItem,
  type DraftVariable,
  type EdgeSource,
  type Point,
} from './draft';

// Every change the editor makes to a draft, as pure functions. Edges are the
// truth: after each change `settle` drops edges whose ends are gone and
// writes each source's `outgoingEdgeId` from the edges (as the definition
// format keeps both), reusing unchanged objects so the canvas redraws only
// what changed.

const sourceKey = (source: EdgeSource): string =>
  'eventId' in source
    ? `event:${source.eventId}`
    : `block:${source.blockId}:${source.itemId ?? ''}${source.pathId ? `:${source.pathId}` : ''}`;

/** A card's paths (each leads somewhere of its own). */
type CardPath = { id?: unknown; outgoingEdgeId?: string };
const pathsOf = (item: DraftItem): CardPath[] | undefined =>
  Array.isArray(item.paths)
    ? (item.paths as unknown[]).filter((path): path is CardPath => typeof path === 'object' && path !== null)
    : undefined;

function settle(draft: Draft): Draft {
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

function mapGroups(draft: Draft, change: (group: DraftGroup) => DraftGroup): Draft {
  let changed = false;
  const groups = draft.groups.map((group) => {
    const next = change(group);
    if (next !== group) changed = true;
    return next;
  });
  return changed ? { ...draft, groups } : draft;
}

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

/** The next "Group #n" title. */
function nextGroupTitle(draft: Draft): string {
  const used = new Set(draft.groups.map((group) => group.title));
  for (let n = draft.groups.length + 1; ; n += 1) if (!used.has(`Group #${n}`)) return `Group #${n}`;
}

export function addGroup(
  draft: Draft,
  at: Point,
  blocks: DraftBlock[] = [],
  title?: string,
): { draft: Draft; groupId: string } {
  const group: DraftGroup = {
    id: newId(),
    title: title ?? nextGroupTitle(draft),
    graphCoordinates: { x: Math.round(at.x), y: Math.round(at.y) },
    blocks,
  };
  return { draft: settle({ ...draft, groups: [...draft.groups, group] }), groupId: group.id };
}

export function moveNodes(draft: Draft, moves: ReadonlyMap<string, Point>): Draft {
  const place = <T extends { id: string; graphCoordinates: Point }>(node: T): T => {
    const to = moves.get(node.id);
    return to && (to.x !== node.graphCoordinates.x || to.y !== node.graphCoordinates.y)
      ? { ...node, graphCoordinates: { x: Math.round(to.x), y: Math.round(to.y) } }
      : node;
  };
  return { ...draft, groups: draft.groups.map(place), events: draft.events.map(place) };
}

export function renameGroup(draft: Draft, groupId: string, title: string): Draft {
  return mapGroups(draft, (group) => (group.id === groupId && group.title !== title ? { ...group, title } : group));
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

export function removeGroups(draft: Draft, groupIds: readonly string[]): Draft {
  const gone = new Set(groupIds);
  return settle({ ...draft, groups: draft.groups.filter((group) => !gone.has(group.id)) });
}

/** Connects a source (the start event, a block or an item) to a group or one of its blocks; a source keeps one edge. */
export function connect(draft: Draft, from: EdgeSource, to: { groupId: string; blockId?: string }): Draft {
  const key = sourceKey(from);
  const edges = draft.edges.filter((edge) => sourceKey(edge.from) !== key);
  return settle({ ...draft, edges: [...edges, { id: newId(), from, to }] });
}

export function removeEdges(draft: Draft, edgeIds: readonly string[]): Draft {
  const gone = new Set(edgeIds);
  return settle({ ...draft, edges: draft.edges.filter((edge) => !gone.has(edge.id)) });
}

/** What copy takes: groups and the edges between them (edges leaving the selection are dropped on paste). */
export interface Clipboard {
  kind: 'parley-groups';
  groups: DraftGroup[];
  edges: DraftEdge[];
  variables: DraftVariable[];
}

export function copyGroups(draft: Draft, groupIds: readonly string[]): Clipboard {
  const chosen = new Set(groupIds);
  const groups = draft.groups.filter((group) => chosen.has(group.id));
  const blockIds = new Set(groups.flatMap((group) => group.blocks.map((block) => block.id)));
  const edges = draft.edges.filter(
    (edge) => 'blockId' in edge.from && blockIds.has(edge.from.blockId) && chosen.has(edge.to.groupId),
  );
  const text = JSON.stringify(groups);
  // The variables the blocks use travel along, so a paste into another bot keeps them.
  const variables = draft.variables.filter((variable) => text.includes(variable.id));
  return { kind: 'parley-groups', groups, edges, variables };
}

const COPY_SUFFIX = / \(copy(?: (\d+))?\)$/;

/**
 * A pasted group's title: kept when the bot has no group of that name, else
 * "Sales (copy)", "Sales (copy 2)"… (a copy of a copy counts on from its
 * original's name), so groups told apart by name stay told apart.
 */
export function copyTitle(title: string, used: ReadonlySet<string>): string {
  if (!used.has(title)) return title;
  const base = title.replace(COPY_SUFFIX, '');
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? `${base} (copy)` : `${base} (copy ${n})`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Pastes copied groups with fresh ids, their top-left corner at `at`; answers the new groups' ids. */
export function pasteGroups(draft: Draft, clipboard: Clipboard, at: Point): { draft: Draft; groupIds: string[] } {
  if (clipboard.groups.length === 0) return { draft, groupIds: [] };
  const titles = new Set(draft.groups.map((group) => group.title));
  const titled = (title: string) => {
    const chosen = copyTitle(title, titles);
    titles.add(chosen);
    return chosen;
  };
  const ids = new Map<string, string>();
  const fresh = (old: string) => {
    if (!ids.has(old)) ids.set(old, newId());
    return ids.get(old)!;
  };
  const left = Math.min(...clipboard.groups.map((group) => group.graphCoordinates.x));
  const top = Math.min(...clipboard.groups.map((group) => group.graphCoordinates.y));
  const groups = clipboard.groups.map((group) => ({
    ...group,
    id: fresh(group.id),
    title: titled(group.title),
    graphCoordinates: {
      x: Math.round(at.x + group.graphCoordinates.x - left),
      y: Math.round(at.y + group.graphCoordinates.y - top),
    },
    blocks: group.blocks.map((block) => {
      const { outgoingEdgeId: _edge, ...rest } = block;
      return {
        ...rest,
        id: fresh(block.id),
        ...(block.items
          ? {
              items: block.items.map(({ outgoingEdgeId: _itemEdge, ...item }) => {
                const paths = pathsOf(item as DraftItem)?.map(({ outgoingEdgeId: _pathEdge, ...path }) => ({
                  ...path,
                  ...(typeof path.id === 'string' ? { id: fresh(path.id) } : {}),
                }));
                return { ...item, id: fresh(item.id), ...(paths ? { paths } : {}) } as DraftItem;
              }),
            }
          : {}),
      } as DraftBlock;
    }),
  }));
  const edges: DraftEdge[] = clipboard.edges.map((edge) => {
    const from = edge.from as { blockId: string; itemId?: string; pathId?: string };
    return {
      ...edge,
      id: newId(),
      from: {
        blockId: fresh(from.blockId),
        ...(from.itemId ? { itemId: fresh(from.itemId) } : {}),
        ...(from.pathId ? { pathId: fresh(from.pathId) } : {}),
      },
      to: { groupId: fresh(edge.to.groupId), ...(edge.to.blockId ? { blockId: fresh(edge.to.blockId) } : {}) },
    };
  });
  // Variables: same id kept when the bot has it; a name the bot has maps to its variable; others are added.
  let variables = draft.variables;
  let text = JSON.stringify({ groups, edges });
  for (const variable of clipboard.variables) {
    if (variables.some((each) => each.id === variable.id)) continue;
    const sameName = variables.find((each) => each.name === variable.name);
    if (sameName) text = text.split(variable.id).join(sameName.id);
    else variables = [...variables, variable];
  }
  const pasted = JSON.parse(text) as { groups: DraftGroup[]; edges: DraftEdge[] };
  return {
    draft: settle({
      ...draft,
      groups: [...draft.groups, ...pasted.groups],
      edges: [...draft.edges, ...pasted.edges],
      variables,
    }),
    groupIds: pasted.groups.map((group) => group.id),
  };
}

/** Copies of groups (and the edges between them), their top-left corner at `at` (where the caller found room). */
export function duplicateGroups(
  draft: Draft,
  groupIds: readonly string[],
  at: (copied: Clipboard) => Point,
): { draft: Draft; groupIds: string[] } {
  const clipboard = copyGroups(draft, groupIds);
  if (clipboard.groups.length === 0) return { draft, groupIds: [] };
  return pasteGroups(draft, clipboard, at(clipboard));
}

/** Adds a variable (an existing one of that name is reused); answers its id. */
export function addVariable(draft: Draft, name: string): { draft: Draft; variableId: string } {
  const trimmed = name.trim();
  const existing = draft.variables.find((variable) => variable.name === trimmed);
  if (existing) return { draft, variableId: existing.id };
  const variable: DraftVariable = { id: `v${newId().slice(1)}`, name: trimmed };
  return { draft: { ...draft, variables: [...draft.variables, variable] }, variableId: variable.id };
}

/** Renames a variable: blocks refer to it by id, so they follow. */
export function updateVariable(
  draft: Draft,
  variableId: string,
  change: Partial<Pick<DraftVariable, 'name' | 'isSessionVariable'>>,
): Draft {
  return {
    ...draft,
    variables: draft.variables.map((variable) => (variable.id === variableId ? { ...variable, ...change } : variable)),
  };
}

export function removeVariable(draft: Draft, variableId: string): Draft {
  return { ...draft, variables: draft.variables.filter((variable) => variable.id !== variableId) };
}

/** The blocks that use a variable (by id anywhere in their JSON, or by {{name}} in their text). */
export function variableUsages(draft: Draft, variableId: string): { groupId: string; block: DraftBlock }[] {
  const variable = draft.variables.find((each) => each.id === variableId);
  const byName = variable ? `{{${variable.name}}}` : undefined;
  return draft.groups.flatMap((group) =>
    group.blocks
      .filter((block) => {
        const json = JSON.stringify(block);
        return json.includes(variableId) || (byName !== undefined && json.includes(byName));
      })
      .map((block) => ({ groupId: group.id, block })),
  );
}
