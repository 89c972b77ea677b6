import {
  Background,
  Controls,
  Handle,
  Position,
  ReactFlow,
  useStore,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react';
import { useEffect, useMemo } from 'react';
import { BlockIcon } from '../editor/block-icon';
import type { Flow, FlowBlock, FlowGroup } from './model';

/** Per input block: how many results reached it and how many answered (the rest dropped off there). */
export type BlockStats = Map<string, { reached: number; answered: number }>;

type GroupData = { group: FlowGroup; stats?: BlockStats; onSelect(block: FlowBlock): void; selectedId?: string };
type EventData = { label: string };

function GroupNode({ data }: NodeProps<Node<GroupData>>) {
  return (
    <div className="flow-group" role="group" aria-label={data.group.title}>
      <Handle type="target" position={Position.Left} id="in" />
      <strong>{data.group.title}</strong>
      <ol>
        {data.group.blocks.map((block) => {
          const stats = data.stats?.get(block.id);
          const dropped = stats ? stats.reached - stats.answered : 0;
          return (
            <li key={block.id} className={block.id === data.selectedId ? 'selected' : undefined}>
              <button
                type="button"
                className="flow-block nodrag"
                onClick={() => data.onSelect(block)}
                aria-pressed={block.id === data.selectedId}
              >
                <BlockIcon type={block.type} />
                <span>{block.label}</span>
              </button>
              {stats && (
                <span className="drop-off" data-block-id={block.id}>
                  {`${stats.reached} reached · ${dropped} left (${stats.reached ? Math.round((dropped / stats.reached) * 100) : 0}%)`}
                </span>
              )}
              {block.items.map((item) => (
                <div key={item.id} className="flow-item">
                  {item.label}
                  <Handle type="source" position={Position.Right} id={item.id} />
                </div>
              ))}
              {block.items.length === 0 && <Handle type="source" position={Position.Right} id={block.id} />}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function EventNode({ data }: NodeProps<Node<EventData>>) {
  return (
    <div className="flow-event">
      {data.label}
      <Handle type="source" position={Position.Right} id="out" />
    </div>
  );
}

/**
 * Publishes the zoom as the CSS variable --flow-zoom on the canvas: the
 * analytics labels divide their font size by it, so they keep a readable size
 * on screen when a whole flow is fitted at a small zoom (0.4 for a typical bot).
 */
function ZoomVariable() {
  const zoom = useStore((state) => state.transform[2]);
  const canvas = useStore((state) => state.domNode);
  useEffect(() => canvas?.style.setProperty('--flow-zoom', String(zoom)), [canvas, zoom]);
  return null;
}

const ANALYTICS_FIT = { minZoom: 0.4 };
// A small flow is not blown up past its natural size.
const READ_FIT = { maxZoom: 1 };

// Not "group": React Flow styles its own group nodes under that name.
const NODE_TYPES = { botGroup: GroupNode, botEvent: EventNode };
// React Flow lets pointer events reach a node only when something listens to node clicks: the blocks inside are buttons.
const passClicksToBlocks = () => undefined;

/** The flow as a read-only graph: groups where the builder put them, pan and zoom, a click on a block selects it. */
export function FlowView({
  flow,
  stats,
  edgeTotals,
  selectedId,
  onSelect,
}: {
  flow: Flow;
  stats?: BlockStats;
  edgeTotals?: Map<string, number>;
  selectedId?: string;
  onSelect(block: FlowBlock): void;
}) {
  const nodes = useMemo<Node[]>(
    () => [
      ...flow.events.map((event) => ({
        id: `event:${event.id}`,
        type: 'botEvent',
        position: { x: event.x, y: event.y },
        data: { label: event.type === 'start' ? 'Start' : event.type },
      })),
      ...flow.groups.map((group) => ({
        id: group.id,
        type: 'botGroup',
        position: { x: group.x, y: group.y },
        data: { group, stats, onSelect, selectedId },
      })),
    ],
    [flow, stats, onSelect, selectedId],
  );
  const edges = useMemo<Edge[]>(
    () =>
      flow.edges.map((edge) => ({
        id: edge.id,
        source: edge.source.node,
        sourceHandle: edge.source.handle,
        target: edge.target.node,
        targetHandle: 'in',
        ...(edgeTotals?.has(edge.id)
          ? // No background box: React Flow measures it once, before the zoom-dependent size applies; a white halo (CSS) does its job.
            { label: String(edgeTotals.get(edge.id)), labelShowBg: false, className: 'with-total' }
          : {}),
      })),
    [flow, edgeTotals],
  );
  return (
    <div className="flow-canvas" aria-label="Flow">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        onNodeClick={passClicksToBlocks}
        fitView
        // The labels keep their screen size as the zoom falls: below 0.4 (a phone fitting a whole flow) they would outgrow their groups, so the view starts there and the rest is a pan away.
        fitViewOptions={stats ? ANALYTICS_FIT : READ_FIT}
        minZoom={0.1}
        proOptions={{ hideAttribution: true }}
      >
        <Background />
        <Controls showInteractive={false} />
        {(stats || edgeTotals) && <ZoomVariable />}
      </ReactFlow>
    </div>
  );
}
