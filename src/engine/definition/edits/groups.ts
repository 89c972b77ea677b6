import type { GroupDefinition } from '../schema';
import { newBlock } from './blocks';
import type { Draft } from './draft';
import type { Edit } from './schema';
import { fromBlock } from './sources';

// Edits of groups: adding one (with its blocks), renaming or moving it,
// removing it with its blocks and their connections.

/** Horizontal distance between a new group and the rightmost one: a group is about 300 px wide. */
const GROUP_SPACING = 400;

export function addGroup(draft: Draft, edit: Extract<Edit, { op: 'addGroup' }>): void {
  const id = draft.take(edit.id, 'group', (each) => draft.definition.groups.some((group) => group.id === each), ['id']);
  const group: GroupDefinition = {
    id,
    title: edit.title ?? nextGroupTitle(draft),
    graphCoordinates: edit.position ? { ...edit.position } : freeSpot(draft),
    blocks: [],
  };
  draft.definition.groups.push(group);
  (edit.blocks ?? []).forEach((given, index) => group.blocks.push(newBlock(draft, given, group, ['blocks', index])));
}

function nextGroupTitle(draft: Draft): string {
  const used = new Set(draft.definition.groups.map((group) => group.title));
  for (let n = draft.definition.groups.length + 1; ; n += 1) if (!used.has(`Group #${n}`)) return `Group #${n}`;
}

/** Right of the rightmost group or event, level with it: each group a list adds goes further right. */
function freeSpot(draft: Draft): { x: number; y: number } {
  const nodes = [...draft.definition.groups, ...(draft.definition.events ?? [])].flatMap((node) =>
    node.graphCoordinates ? [node.graphCoordinates] : [],
  );
  if (nodes.length === 0) return { x: 0, y: 0 };
  const rightmost = nodes.reduce((best, node) => (node.x > best.x ? node : best));
  return { x: Math.round(rightmost.x + GROUP_SPACING), y: Math.round(rightmost.y) };
}

export function updateGroup(draft: Draft, edit: Extract<Edit, { op: 'updateGroup' }>): void {
  const group = draft.group(edit.groupId, ['groupId']);
  if (edit.title !== undefined) group.title = edit.title;
  if (edit.position) group.graphCoordinates = { ...edit.position };
}

export function removeGroup(draft: Draft, groupId: string): void {
  const group = draft.group(groupId, ['groupId']);
  if (draft.legacy && draft.isStartGroup(group))
    draft.fail(
      ['groupId'],
      `Group "${group.id}" is the start group of this version ${draft.definition.version} bot: it stays`,
    );
  const blockIds = new Set(group.blocks.map((block) => block.id));
  draft.definition.groups = draft.definition.groups.filter((each) => each !== group);
  draft.removeEdges((edge) => edge.to.groupId === groupId || blockIds.has(fromBlock(edge.from)?.blockId ?? ''));
}
