import type { EdgeDefinition } from '../definition/schema';
import type { QueueEntry } from '../session';
import { botOf, type Run } from './run';

export interface Position {
  groupId: string;
  blockIndex: number;
}

export function findEdge(run: Run, entry: QueueEntry, edgeId: string): EdgeDefinition | undefined {
  return (
    botOf(run, entry).edges.find((edge) => edge.id === edgeId) ?? entry.virtualEdges.find((edge) => edge.id === edgeId)
  );
}

/**
 * A linked child's flow dead-ended: the parent takes over. When merging, the
 * parent takes the child's values by variable name (child-only variables with
 * a value are appended) and the child's answers.
 */
function unwind(run: Run): void {
  const [child, parent] = run.state.queue as [QueueEntry, QueueEntry];
  if (!child.isMergingWithParent && child.resultId) {
    run.turn.persistence.completedResults.push({ resultId: child.resultId, hasStarted: child.answers.length > 0 });
  }
  if (child.isMergingWithParent) {
    for (const variable of parent.variables) {
      const fromChild = child.variables.find((candidate) => candidate.name === variable.name);
      if (fromChild && fromChild.value !== undefined && fromChild.value !== null) variable.value = fromChild.value;
    }
    for (const variable of child.variables) {
      const hasValue = variable.value !== undefined && variable.value !== null;
      if (hasValue && !parent.variables.some((candidate) => candidate.name === variable.name))
        parent.variables.push({ ...variable });
    }
    const childKeys = new Set(child.answers.map((answer) => answer.key));
    parent.answers = [...parent.answers.filter((answer) => !childKeys.has(answer.key)), ...child.answers];
  }
  run.state.queue.shift();
}

/**
 * Follows an edge to the block it targets. A dead end (no edge) resumes the
 * current bot's queued edges, or returns from a linked child to its parent;
 * null when the flow has nowhere to go.
 */
export function navigate(run: Run, edgeId: string | undefined, offDefault: boolean): Position | null {
  let pending = edgeId;
  let isOffDefault = offDefault;
  for (;;) {
    const entry = run.state.queue[0]!;
    const edge = pending ? findEdge(run, entry, pending) : undefined;
    if (edge) {
      const group = botOf(run, entry).groups.find((candidate) => candidate.id === edge.to.groupId);
      if (!group) return null;
      let blockIndex = 0;
      if (edge.to.blockId) {
        // Reference quirk kept: an unknown target block starts at the group's last block.
        const found = group.blocks.findIndex((block) => block.id === edge.to.blockId);
        blockIndex = found >= 0 ? found : group.blocks.length - 1;
      }
      if (isOffDefault && entry.resultId && !run.state.isPreview) {
        run.turn.persistence.visitedEdges.push({
          resultId: entry.resultId,
          edgeId: edge.id,
          index: run.state.visitedEdgeCount,
        });
      }
      if (isOffDefault) run.state.visitedEdgeCount += 1;
      return { groupId: group.id, blockIndex };
    }
    const queued = entry.queuedEdgeIds.shift();
    if (run.state.queue.length > 1) unwind(run);
    if (queued === undefined && run.state.queue[0]!.queuedEdgeIds.length === 0) return null;
    pending = queued;
    // Resume points are where the flow was going anyway.
    isOffDefault = false;
  }
}
