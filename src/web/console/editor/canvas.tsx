import {
  Background,
  Controls,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type FinalConnectionState,
  type Node,
  type NodeChange,
  type NodeProps,
  type XYPosition,
} from '@xyflow/react';
import { memo, useCallback, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { Draft, DraftGroup, DraftItem, EdgeSource, Point } from './draft';
import { blockSummary, type BlockTypeInfo } from './block-types';

// The editable canvas: groups are nodes (dragged by their title bar), blocks
// are rows inside them (dragged between groups, or out onto the canvas to
// make a group), connections are drawn from a block's, an item's or the
// start's handle to a group or a block. Every gesture ends in one change of
// the draft (an undo step); positions in flight stay local to the canvas.

/** What the canvas hands back: each a finished gesture. */
export interface CanvasActions {
  selectBlock(blockId: string | null): void;
  selectGroups(groupIds: string[]): void;
  selectEdges(edgeIds: string[]): void;
  moveNodes(moves: Map<string, Point>): void;
  connect(from: EdgeSource, to: { groupId: string; blockId?: string }): void;
  renameGroup(groupId: string, title: string): void;
  /** A block row or a palette entry dropped into a group at an index, or onto the canvas (`at`). */
  dropBlock(payload: DropPayload, target: { groupId: string; index: number } | { at: Point }): void;
}

export type DropPayload = { blockId: string } | { blockType: string };

const BLOCK_MIME = 'application/x-parley-block';
const TYPE_MIME = 'application/x-parley-block-type';

export function dragPayload(event: DragEvent): DropPayload | undefined {
  const blockId = event.dataTransfer.getData(BLOCK_MIME);
  if (blockId) return { blockId };
  const blockType = event.dataTransfer.getData(TYPE_MIME);
  return blockType ? { blockType } : undefined;
}

/** Palette entries start a drag with this. */
export function startTypeDrag(event: DragEvent, type: string): void {
  event.dataTransfer.setData(TYPE_MIME, type);
  event.dataTransfer.effectAllowed = 'copy';
}

const accepts = (event: DragEvent) =>
  event.dataTransfer.types.includes(BLOCK_MIME) || event.dataTransfer.types.includes(TYPE_MIME);

interface GroupData extends Record<string, unknown> {
  group: DraftGroup;
  variableNames: Map<string, string>;
  types: Map<string, BlockTypeInfo>;
  selectedBlockId: string | null;
  highlighted?: string | null;
  flagged: Map<string, 'error' | 'warning'>;
  actions: CanvasActions;
}

/** What an item reads as on the canvas: a button's words, a picture's title, a condition's comparisons. */
function itemLabel(item: DraftItem, index: number, variableNames: Map<string, string>): string {
  if (typeof item.content === 'string' && item.content) return item.content;
  if (typeof item.title === 'string' && item.title) return item.title;
  const content = item.content as { comparisons?: unknown; logicalOperator?: unknown } | undefined;
  if (content && Array.isArray(content.comparisons)) {
    const parts = content.comparisons.map(
      (comparison: { variableId?: unknown; comparisonOperator?: unknown; value?: unknown }) =>
        [
          typeof comparison.variableId === 'string' ? (variableNames.get(comparison.variableId) ?? '?') : '?',
          comparison.comparisonOperator ?? 'Equal to',
          comparison.value ?? '',
        ]
          .join(' ')
          .trim(),
    );
    return parts.length
      ? `If ${parts.join(content.logicalOperator === 'OR' ? ' or ' : ' and ')}`
      : `Condition ${index + 1}`;
  }
  return `Item ${index + 1}`;
}

/** The index a drop at `clientY` takes among the rows of `list`. */
function dropIndex(list: HTMLElement, clientY: number): number {
  const rows = [...list.querySelectorAll<HTMLElement>(':scope > li')];
  const index = rows.findIndex((row) => {
    const box = row.getBoundingClientRect();
    return clientY < box.top + box.height / 2;
  });
  return index < 0 ? rows.length : index;
}

const GroupNode = memo(function GroupNode({ data, selected }: NodeProps<Node<GroupData>>) {
  const { group, actions, types } = data;
  const [renaming, setRenaming] = useState(false);
  const [over, setOver] = useState<number | null>(null);
  const last = group.blocks.length - 1;
  return (
    <div
      className={`flow-group editable${selected ? ' selected' : ''}`}
      role="group"
      aria-label={group.title}
      data-group-id={group.id}
    >
      <Handle type="target" position={Position.Left} id="in" />
      <div className="group-title">
        {renaming ? (
          <input
            className="nodrag"
            aria-label="Group title"
            autoFocus
            defaultValue={group.title}
            onBlur={(event) => {
              setRenaming(false);
              if (event.target.value.trim()) actions.renameGroup(group.id, event.target.value.trim());
            }}
            onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key === 'Enter') event.currentTarget.blur();
              if (event.key === 'Escape') setRenaming(false);
            }}
          />
        ) : (
          <strong onDoubleClick={() => setRenaming(true)} title="Double-click to rename">
            {group.title}
          </strong>
        )}
      </div>
      <ol
        className="nodrag"
        onDragOver={(event) => {
          if (!accepts(event)) return;
          event.preventDefault();
          event.stopPropagation();
          setOver(dropIndex(event.currentTarget, event.clientY));
        }}
        onDragLeave={() => setOver(null)}
        onDrop={(event) => {
          const payload = dragPayload(event);
          setOver(null);
          if (!payload) return;
          event.preventDefault();
          event.stopPropagation();
          actions.dropBlock(payload, { groupId: group.id, index: dropIndex(event.currentTarget, event.clientY) });
        }}
      >
        {group.blocks.map((block, index) => {
          const info = types.get(block.type);
          const flag = data.flagged.get(block.id);
          const classes = [
            block.id === data.selectedBlockId ? 'selected' : '',
            block.id === data.highlighted ? 'running' : '',
            over === index ? 'drop-before' : '',
            flag ? `has-${flag}` : '',
          ].filter(Boolean);
          return (
            <li key={block.id} className={classes.join(' ') || undefined}>
              <Handle type="target" position={Position.Left} id={`block:${block.id}`} className="block-target" />
              <button
                type="button"
                className="flow-block"
                draggable
                data-block-id={block.id}
                aria-pressed={block.id === data.selectedBlockId}
                onDragStart={(event) => {
                  event.dataTransfer.setData(BLOCK_MIME, block.id);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onClick={() => actions.selectBlock(block.id)}
              >
                <span className="block-kind">{info?.label ?? block.type}</span>
                <span className="block-summary">{blockSummary(block)}</span>
              </button>
              {block.items?.map((item, itemIndex) =>
                Array.isArray(item.paths) ? (
                  // A card: each of its paths (buttons) leads somewhere of its own.
                  <div key={item.id} className="flow-item">
                    {itemLabel(item, itemIndex, data.variableNames)}
                    {(item.paths as { id?: unknown; text?: unknown }[]).map((path, pathIndex) =>
                      typeof path.id === 'string' ? (
                        <div key={path.id} className="flow-item flow-path">
                          {typeof path.text === 'string' && path.text ? path.text : `Path ${pathIndex + 1}`}
                          <Handle
                            type="source"
                            position={Position.Right}
                            id={`path:${block.id}:${item.id}:${path.id}`}
                          />
                        </div>
                      ) : null,
                    )}
                  </div>
                ) : (
                  <div key={item.id} className="flow-item">
                    {itemLabel(item, itemIndex, data.variableNames)}
                    <Handle type="source" position={Position.Right} id={`item:${block.id}:${item.id}`} />
                  </div>
                ),
              )}
              {(index === last || (block.items && block.type === 'Condition')) && (
                <Handle type="source" position={Position.Right} id={`block:${block.id}`} className="block-source" />
              )}
            </li>
          );
        })}
        {over === group.blocks.length && <li className="drop-end" aria-hidden="true" />}
      </ol>
    </div>
  );
});

function StartNode() {
  return (
    <div className="flow-event" role="group" aria-label="Start">
      Start
      <Handle type="source" position={Position.Right} id="out" />
    </div>
  );
}

const NODE_TYPES = { botGroup: GroupNode, botEvent: StartNode };

/** A handle id back to the edge source it stands for. */
function sourceOf(node: string, handle: string | null): EdgeSource | undefined {
  if (node.startsWith('event:')) return { eventId: node.slice('event:'.length) };
  if (handle?.startsWith('path:')) {
    const [, blockId, itemId, pathId] = handle.split(':');
    return { blockId: blockId!, itemId: itemId!, pathId: pathId! };
  }
  if (handle?.startsWith('item:')) {
    const [, blockId, itemId] = handle.split(':');
    return { blockId: blockId!, itemId: itemId! };
  }
  if (handle?.startsWith('block:')) return { blockId: handle.slice('block:'.length) };
  return undefined;
}

function handleOf(source: EdgeSource): { node?: string; handle: string } {
  if ('eventId' in source) return { node: `event:${source.eventId}`, handle: 'out' };
  if (source.pathId) return { handle: `path:${source.blockId}:${source.itemId}:${source.pathId}` };
  return { handle: source.itemId ? `item:${source.blockId}:${source.itemId}` : `block:${source.blockId}` };
}

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
}) {
  const flow = useReactFlow();
  // Positions of nodes being dragged: drawn at once, committed on release.
  const [dragging, setDragging] = useState<Map<string, XYPosition>>(new Map());
  // Sizes React Flow measured: a controlled flow hands them back on each node, or it keeps them hidden.
  const [measured, setMeasured] = useState<Map<string, { width: number; height: number }>>(new Map());
  const variableNames = useMemo(
    () => new Map(draft.variables.map((variable) => [variable.id, variable.name] as const)),
    [draft.variables],
  );
  const groupOfBlock = useMemo(
    () => new Map(draft.groups.flatMap((group) => group.blocks.map((block) => [block.id, group.id] as const))),
    [draft.groups],
  );

  // One data object per group, kept while nothing it holds changes: a drag redraws only the moving group.
  const dataCache = useRef(new Map<string, GroupData>());
  const nodes = useMemo<Node[]>(() => {
    const selectedGroups = new Set(selectedGroupIds);
    const previous = dataCache.current;
    const next = new Map<string, GroupData>();
    const dataOf = (group: DraftGroup): GroupData => {
      const cached = previous.get(group.id);
      const fresh =
        cached &&
        cached.group === group &&
        cached.types === types &&
        cached.variableNames === variableNames &&
        cached.selectedBlockId === selectedBlockId &&
        cached.highlighted === highlighted &&
        cached.flagged === flagged &&
        cached.actions === actions
          ? cached
          : { group, types, variableNames, selectedBlockId, highlighted, flagged, actions };
      next.set(group.id, fresh);
      return fresh;
    };
    const result: Node[] = [
      ...draft.events.map((event) => ({
        id: `event:${event.id}`,
        type: 'botEvent',
        position: dragging.get(`event:${event.id}`) ?? event.graphCoordinates,
        measured: measured.get(`event:${event.id}`),
        data: {},
        deletable: false,
      })),
      ...draft.groups.map((group) => ({
        id: group.id,
        type: 'botGroup',
        position: dragging.get(group.id) ?? group.graphCoordinates,
        measured: measured.get(group.id),
        dragHandle: '.group-title',
        selected: selectedGroups.has(group.id),
        data: dataOf(group),
      })),
    ];
    dataCache.current = next;
    return result;
  }, [
    draft.groups,
    draft.events,
    dragging,
    measured,
    selectedGroupIds,
    types,
    variableNames,
    selectedBlockId,
    highlighted,
    flagged,
    actions,
  ]);

  const edges = useMemo<Edge[]>(() => {
    const selected = new Set(selectedEdgeIds);
    return draft.edges.flatMap((edge) => {
      const { node, handle } = handleOf(edge.from);
      const sourceNode = node ?? ('blockId' in edge.from ? groupOfBlock.get(edge.from.blockId) : undefined);
      if (!sourceNode) return [];
      return [
        {
          id: edge.id,
          source: sourceNode,
          sourceHandle: handle,
          target: edge.to.groupId,
          targetHandle: edge.to.blockId ? `block:${edge.to.blockId}` : 'in',
          selected: selected.has(edge.id),
          ariaLabel: 'Connection',
        },
      ];
    });
  }, [draft.edges, groupOfBlock, selectedEdgeIds]);

  const onNodesChange = useCallback(
    (changes: NodeChange[]) => {
      const moving = new Map(dragging);
      const finished = new Map<string, Point>();
      let selection: string[] | undefined;
      let sizes: Map<string, { width: number; height: number }> | undefined;
      for (const change of changes) {
        if (change.type === 'dimensions' && change.dimensions) {
          sizes ??= new Map(measured);
          sizes.set(change.id, change.dimensions);
        }
        if (change.type === 'position' && change.dragging && change.position) moving.set(change.id, change.position);
        else if (change.type === 'position' && change.dragging === false) {
          const at = change.position ?? moving.get(change.id);
          if (at) finished.set(change.id.replace(/^event:/, ''), at);
          moving.delete(change.id);
        }
        if (change.type === 'select') {
          selection ??= [...selectedGroupIds];
          if (change.selected && !selection.includes(change.id) && !change.id.startsWith('event:'))
            selection.push(change.id);
          if (!change.selected) selection = selection.filter((id) => id !== change.id);
        }
      }
      if (sizes) setMeasured(sizes);
      if (moving.size > 0 || dragging.size > 0) setDragging(moving);
      if (finished.size > 0) actions.moveNodes(finished);
      if (selection) actions.selectGroups(selection);
    },
    [dragging, measured, actions, selectedGroupIds],
  );

  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      let selection: string[] | undefined;
      for (const change of changes) {
        if (change.type !== 'select') continue;
        selection ??= [...selectedEdgeIds];
        if (change.selected && !selection.includes(change.id)) selection.push(change.id);
        if (!change.selected) selection = selection.filter((id) => id !== change.id);
      }
      if (selection) actions.selectEdges(selection);
    },
    [actions, selectedEdgeIds],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const from = sourceOf(connection.source, connection.sourceHandle ?? null);
      if (!from || !connection.target || connection.target.startsWith('event:')) return;
      const blockId = connection.targetHandle?.startsWith('block:')
        ? connection.targetHandle.slice('block:'.length)
        : undefined;
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

  return (
    <div
      className="flow-canvas editor-canvas"
      aria-label="Flow: arrow keys pan, + and − zoom, 0 fits the whole flow"
      tabIndex={0}
      onKeyDown={(event) => {
        // Keys act on the view only when the canvas itself has focus (a focused group moves with the arrows).
        if (event.target !== event.currentTarget) return;
        const step = 80;
        const { x, y, zoom } = flow.getViewport();
        const pan: Record<string, [number, number]> = {
          ArrowLeft: [step, 0],
          ArrowRight: [-step, 0],
          ArrowUp: [0, step],
          ArrowDown: [0, -step],
        };
        if (pan[event.key]) {
          event.preventDefault();
          void flow.setViewport({ x: x + pan[event.key]![0], y: y + pan[event.key]![1], zoom }, { duration: 100 });
        } else if (event.key === '+' || event.key === '=') void flow.zoomIn({ duration: 100 });
        else if (event.key === '-') void flow.zoomOut({ duration: 100 });
        else if (event.key === '0') void flow.fitView({ duration: 200, maxZoom: 1 });
      }}
      onDragOver={(event) => {
        if (accepts(event)) event.preventDefault();
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
