import type { Edge, Node, XYPosition } from '@xyflow/react';
import { useMemo, useRef } from 'react';
import type { BlockTypeInfo } from './block-types';
import type { CanvasActions } from './canvas-actions';
import type { Draft, DraftGroup } from './draft';
import type { Size } from './flow-changes';
import type { GroupData } from './group-node';
import { handleOf, targetHandleOf } from './handles';
import { presenceIn, type SelectionMarks } from './selection-presence';

/** What the group nodes show besides their group. */
export interface NodeView {
  types: Map<string, BlockTypeInfo>;
  variableNames: Map<string, string>;
  selectedBlockId: string | null;
  selectedGroupIds: string[];
  highlighted?: string | null;
  flagged: Map<string, 'error' | 'warning'>;
  actions: CanvasActions;
  dragging: ReadonlyMap<string, XYPosition>;
  measured: ReadonlyMap<string, Size>;
  /** What the other editors have selected. */
  presence?: SelectionMarks;
}

/** React Flow's nodes for the draft: the events, then the groups. */
export function useFlowNodes(draft: Draft, view: NodeView): Node[] {
  const {
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
  } = view;
  // One data object per group, kept while nothing it holds changes: a drag redraws only the moving group.
  const dataCache = useRef(new Map<string, GroupData>());
  return useMemo<Node[]>(() => {
    const selectedGroups = new Set(selectedGroupIds);
    const previous = dataCache.current;
    const next = new Map<string, GroupData>();
    const dataOf = (group: DraftGroup): GroupData => {
      const cached = previous.get(group.id);
      const here = presenceIn(group, presence);
      const fresh =
        cached &&
        cached.presence?.key === here?.key &&
        cached.group === group &&
        cached.types === types &&
        cached.variableNames === variableNames &&
        cached.selectedBlockId === selectedBlockId &&
        cached.highlighted === highlighted &&
        cached.flagged === flagged &&
        cached.actions === actions
          ? cached
          : { group, types, variableNames, selectedBlockId, highlighted, flagged, actions, presence: here };
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
    presence,
  ]);
}

/** React Flow's edges for the draft's, drawn from the handles their sources stand for. */
export function useFlowEdges(draft: Draft, selectedEdgeIds: string[]): Edge[] {
  const groupOfBlock = useMemo(
    () => new Map(draft.groups.flatMap((group) => group.blocks.map((block) => [block.id, group.id] as const))),
    [draft.groups],
  );
  return useMemo<Edge[]>(() => {
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
          targetHandle: targetHandleOf(edge.to.blockId),
          selected: selected.has(edge.id),
          ariaLabel: 'Connection',
        },
      ];
    });
  }, [draft.edges, groupOfBlock, selectedEdgeIds]);
}
