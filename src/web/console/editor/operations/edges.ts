import { newId, type Draft, type EdgeSource } from '../draft';
import { settle, sourceKey } from './settle';

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
