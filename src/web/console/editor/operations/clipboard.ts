import {
  newId,
  type Draft,
  type DraftBlock,
  type DraftEdge,
  type DraftGroup,
  type DraftItem,
  type DraftVariable,
  type Point,
} from '../draft';
import { pathsOf, settle } from './settle';

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
