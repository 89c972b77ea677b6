import type { NodeChange, XYPosition } from '@xyflow/react';
import { useCallback, useState } from 'react';
import type { CanvasActions } from './canvas-actions';
import { readNodeChanges, type Size } from './flow-changes';

/**
 * The canvas's own node state and React Flow's changes to it: positions of
 * nodes being dragged are drawn at once and committed on release (one undo
 * step); measured sizes are kept because a controlled flow must hand them back
 * on each node, or React Flow keeps the nodes hidden.
 */
export function useNodeChanges(actions: CanvasActions, selectedGroupIds: string[]) {
  const [dragging, setDragging] = useState<Map<string, XYPosition>>(new Map());
  const [measured, setMeasured] = useState<Map<string, Size>>(new Map());
  const onNodesChange = useCallback(
    (changes: NodeChange[]) => {
      const { moving, finished, selection, sizes } = readNodeChanges(changes, { dragging, measured, selectedGroupIds });
      if (sizes) setMeasured(sizes);
      if (moving.size > 0 || dragging.size > 0) setDragging(moving);
      if (finished.size > 0) actions.moveNodes(finished);
      if (selection) actions.selectGroups(selection);
    },
    [dragging, measured, actions, selectedGroupIds],
  );
  return { dragging, measured, onNodesChange };
}
