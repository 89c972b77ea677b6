import type { QueueEntry } from '../session';

/**
 * Adds (or retargets) a runtime edge of a queue entry and returns its id:
 * `virtual-<groupId>` or `virtual-<groupId>-<blockId>`, so the same target
 * always reuses one edge. Jump, Return, links and command resumes use these.
 */
export function addVirtualEdge(entry: QueueEntry, to: { groupId: string; blockId?: string }): string {
  const id = to.blockId ? `virtual-${to.groupId}-${to.blockId}` : `virtual-${to.groupId}`;
  const edge = {
    id,
    from: { blockId: '' },
    to: { groupId: to.groupId, ...(to.blockId ? { blockId: to.blockId } : {}) },
  };
  const existing = entry.virtualEdges.findIndex((candidate) => candidate.id === id);
  if (existing >= 0) entry.virtualEdges[existing] = edge;
  else entry.virtualEdges.push(edge);
  return id;
}
