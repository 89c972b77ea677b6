import type { Connection, EdgeChange, FinalConnectionState } from '@xyflow/react';
import { useCallback } from 'react';
import type { CanvasActions } from './canvas-actions';
import { readEdgeSelection } from './flow-changes';
import { sourceOf, targetBlockOf } from './handles';

/** Selecting edges and drawing new ones, handed to the editor as finished gestures. */
export function useEdgeHandlers(actions: CanvasActions, selectedEdgeIds: string[]) {
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      const selection = readEdgeSelection(changes, selectedEdgeIds);
      if (selection) actions.selectEdges(selection);
    },
    [actions, selectedEdgeIds],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const from = sourceOf(connection.source, connection.sourceHandle ?? null);
      if (!from || !connection.target || connection.target.startsWith('event:')) return;
      const blockId = targetBlockOf(connection.targetHandle);
      actions.connect(from, { groupId: connection.target, ...(blockId ? { blockId } : {}) });
    },
    [actions],
  );

  // Dropped anywhere on a group (not only on its small input dot): connect to that group.
  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid || !state.fromHandle || state.fromHandle.type !== 'source' || !state.fromNode) return;
      const point = 'changedTouches' in event ? event.changedTouches[0] : event;
      if (!point) return;
      const groupId = document.elementFromPoint(point.clientX, point.clientY)?.closest<HTMLElement>('[data-group-id]')
        ?.dataset.groupId;
      if (!groupId || groupId === state.fromNode.id) return;
      const from = sourceOf(state.fromNode.id, state.fromHandle.id ?? null);
      if (from) actions.connect(from, { groupId });
    },
    [actions],
  );

  return { onEdgesChange, onConnect, onConnectEnd };
}
