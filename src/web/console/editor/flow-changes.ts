import type { EdgeChange, NodeChange, XYPosition } from '@xyflow/react';
import type { Point } from './draft';

// React Flow reports a gesture as a batch of changes; the canvas turns each
// batch into what to draw now (positions in flight, measured sizes) and what
// to hand the editor (finished moves, the new selection).

export interface Size {
  width: number;
  height: number;
}

export interface NodeState {
  /** Positions of nodes being dragged, by node id. */
  dragging: ReadonlyMap<string, XYPosition>;
  /** Sizes React Flow measured, by node id. */
  measured: ReadonlyMap<string, Size>;
  selectedGroupIds: readonly string[];
}

export interface NodeChangesRead {
  /** The nodes still in flight after the batch. */
  moving: Map<string, XYPosition>;
  /** Drags released in the batch, by group id or event id (the `event:` prefix dropped). */
  finished: Map<string, Point>;
  /** The selected groups, when the batch changed them (events are never selected). */
  selection?: string[];
  /** Every measured size, when the batch measured any. */
  sizes?: Map<string, Size>;
}

export function readNodeChanges(changes: readonly NodeChange[], state: NodeState): NodeChangesRead {
  const moving = new Map(state.dragging);
  const finished = new Map<string, Point>();
  let selection: string[] | undefined;
  let sizes: Map<string, Size> | undefined;
  for (const change of changes) {
    if (change.type === 'dimensions' && change.dimensions) {
      sizes ??= new Map(state.measured);
      sizes.set(change.id, change.dimensions);
    }
    if (change.type === 'position' && change.dragging && change.position) moving.set(change.id, change.position);
    else if (change.type === 'position' && change.dragging === false) {
      const at = change.position ?? moving.get(change.id);
      if (at) finished.set(change.id.replace(/^event:/, ''), at);
      moving.delete(change.id);
    }
    if (change.type === 'select') {
      selection ??= [...state.selectedGroupIds];
      if (change.selected && !selection.includes(change.id) && !change.id.startsWith('event:'))
        selection.push(change.id);
      if (!change.selected) selection = selection.filter((id) => id !== change.id);
    }
  }
  return { moving, finished, ...(selection ? { selection } : {}), ...(sizes ? { sizes } : {}) };
}

/** The selected edges after a batch, when it changed them. */
export function readEdgeSelection(changes: readonly EdgeChange[], selectedEdgeIds: readonly string[]) {
  let selection: string[] | undefined;
  for (const change of changes) {
    if (change.type !== 'select') continue;
    selection ??= [...selectedEdgeIds];
    if (change.selected && !selection.includes(change.id)) selection.push(change.id);
    if (!change.selected) selection = selection.filter((id) => id !== change.id);
  }
  return selection;
}
