import { newId, type Draft, type DraftBlock, type DraftGroup, type Point } from '../draft';
import { mapGroups, settle } from './settle';

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

export function removeGroups(draft: Draft, groupIds: readonly string[]): Draft {
  const gone = new Set(groupIds);
  return settle({ ...draft, groups: draft.groups.filter((group) => !gone.has(group.id)) });
}
