import { Background, Controls, MiniMap, ReactFlow, useReactFlow } from '@xyflow/react';
import { useMemo } from 'react';
import type { BlockTypeInfo } from './block-types';
import type { CanvasActions } from './canvas-actions';
import { acceptsDrag, dragPayload } from './drag-data';
import type { Draft } from './draft';
import { GroupNode } from './group-node';
import type { SelectionMarks } from './selection-presence';
import { StartNode } from './start-node';
import { useCanvasKeys } from './use-canvas-keys';
import { useEdgeHandlers } from './use-edge-handlers';
import { useFlowEdges, useFlowNodes } from './use-flow-elements';
import { useNodeChanges } from './use-node-changes';

// The editable canvas: groups are nodes (dragged by their title bar), blocks
// are rows inside them (dragged between groups, or out onto the canvas to
// make a group), connections are drawn from a block's, an item's or the
// start's handle to a group or a block. Every gesture ends in one change of
// the draft (an undo step); positions in flight stay local to the canvas.

const NODE_TYPES = { botGroup: GroupNode, botEvent: StartNode };

export function EditorCanvas({
  draft,
  types,
  selectedBlockId,
  selectedGroupIds,
  selectedEdgeIds,
  highlighted,
  flagged,
  actions,
  readOnly,
  presence,
}: {
  draft: Draft;
  types: Map<string, BlockTypeInfo>;
  selectedBlockId: string | null;
  selectedGroupIds: string[];
  selectedEdgeIds: string[];
  highlighted?: string | null;
  flagged: Map<string, 'error' | 'warning'>;
  actions: CanvasActions;
  readOnly?: boolean;
  /** What the other editors of the bot have selected: drawn as their initials. */
  presence?: SelectionMarks;
}) {
  const flow = useReactFlow();
  const onKeyDown = useCanvasKeys();
  const { dragging, measured, onNodesChange } = useNodeChanges(actions, selectedGroupIds);
  const { onEdgesChange, onConnect, onConnectEnd } = useEdgeHandlers(actions, selectedEdgeIds);
  const variableNames = useMemo(
    () => new Map(draft.variables.map((variable) => [variable.id, variable.name] as const)),
    [draft.variables],
  );
  const nodes = useFlowNodes(draft, {
    types,
    variableNames,
    selectedBlockId,
    selectedGroupIds,
    highlighted,
    flagged,
    actions,
    dragging,
    measured,
    presence,
  });
  const edges = useFlowEdges(draft, selectedEdgeIds);

  return (
    <div
      className="flow-canvas editor-canvas"
      aria-label="Flow: arrow keys pan, + and − zoom, 0 fits the whole flow"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onDragOver={(event) => {
        if (acceptsDrag(event)) event.preventDefault();
      }}
      onDrop={(event) => {
        const payload = dragPayload(event);
        if (!payload) return;
        event.preventDefault();
        actions.dropBlock(payload, { at: flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }) });
      }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        onNodesChange={readOnly ? undefined : onNodesChange}
        onEdgesChange={readOnly ? undefined : onEdgesChange}
        onConnect={readOnly ? undefined : onConnect}
        onConnectEnd={readOnly ? undefined : onConnectEnd}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        elementsSelectable={!readOnly}
        // Deleting is the editor's keyboard shortcut (one undo step for the whole selection).
        deleteKeyCode={null}
        multiSelectionKeyCode={['Shift', 'Meta', 'Control']}
        selectionKeyCode="Shift"
        onPaneClick={() => {
          actions.selectBlock(null);
          actions.selectGroups([]);
          actions.selectEdges([]);
        }}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        minZoom={0.1}
        maxZoom={2}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
        {draft.groups.length > 20 && <MiniMap pannable zoomable ariaLabel="Overview" />}
      </ReactFlow>
    </div>
  );
}
