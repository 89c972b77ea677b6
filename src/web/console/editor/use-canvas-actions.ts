import { useMemo } from 'react';
import type { BlockTypeInfo } from './block-types';
import type { CanvasActions, DropPayload } from './canvas-actions';
import type { Editing } from './editing';
import { instantiate } from './new-block';
import { blockToNewGroup, findBlock, locateBlock, placeBlock } from './operations/blocks';
import { connect } from './operations/edges';
import { addGroup, moveNodes, renameGroup } from './operations/groups';
import { startAt } from './placement';
import type { EditorSelection } from './use-editor-selection';
import type { ViewPlacement } from './use-view-placement';

/** The canvas's finished gestures as changes of the draft and of the selection. */
export function useCanvasActions(
  { latest, change }: Editing,
  typeMap: Map<string, BlockTypeInfo>,
  selection: EditorSelection,
  { spotForGroup }: Pick<ViewPlacement, 'spotForGroup'>,
): CanvasActions {
  const { select, setBlockId, setGroupIds, setEdgeIds, setPanel } = selection;
  return useMemo<CanvasActions>(
    () => ({
      selectBlock: (blockId) => {
        setBlockId(blockId);
        if (blockId) {
          const where = locateBlock(latest.current, blockId);
          setGroupIds(where ? [where.group.id] : []);
          setEdgeIds([]);
          setPanel('block');
        }
      },
      selectGroups: (groupIds) => setGroupIds(groupIds),
      selectEdges: (edgeIds) => setEdgeIds(edgeIds),
      moveNodes: (moves) => change(moveNodes(latest.current, moves)),
      connect: (from, to) => change(connect(latest.current, from, to)),
      renameGroup: (groupId, title) => change(renameGroup(latest.current, groupId, title)),
      dropBlock: (payload: DropPayload, target) => {
        const current = latest.current;
        if ('blockId' in payload) {
          const block = findBlock(current, payload.blockId);
          if (!block) return;
          if ('groupId' in target) change(placeBlock(current, block, target.groupId, target.index));
          // Dropped where a group already is: the nearest free space instead, so no group hides another.
          else change(blockToNewGroup(current, payload.blockId, spotForGroup([block], target.at)).draft);
          return;
        }
        const info = typeMap.get(payload.blockType);
        if (!info) return;
        const block = instantiate(info);
        if ('groupId' in target) change(placeBlock(current, block, target.groupId, target.index));
        else {
          const made = addGroup(current, spotForGroup([block], target.at), [block]);
          change(startAt(made.draft, made.groupId));
        }
        select({ block: block.id });
      },
    }),
    [latest, change, typeMap, select, setBlockId, setGroupIds, setEdgeIds, setPanel, spotForGroup],
  );
}
