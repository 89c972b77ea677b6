import { useCallback, useMemo } from 'react';
import type { BlockTypeInfo } from './block-types';
import type { PanelActions } from './block-panel';
import type { EdgeSource } from './draft';
import type { Editing } from './editing';
import { instantiate } from './new-block';
import { locateBlock, placeBlock, removeBlocks, updateBlock } from './operations/blocks';
import { connect, removeEdges } from './operations/edges';
import { addGroup, removeGroups } from './operations/groups';
import { addVariable } from './operations/variables';
import { startAt } from './placement';
import type { EditorSelection } from './use-editor-selection';
import type { ViewPlacement } from './use-view-placement';

/**
 * The editor's commands from the palette, the side panel and the toolbar:
 * each one change of the draft (one undo step) and the selection it leaves.
 */
export function useDraftCommands(
  { latest, change }: Editing,
  typeMap: Map<string, BlockTypeInfo>,
  readOnly: boolean,
  selection: EditorSelection,
  { spotForGroup, reveal }: ViewPlacement,
) {
  const { blockId: selectedBlockId, groupIds: selectedGroupIds, edgeIds: selectedEdgeIds } = selection;
  const { select, setBlockId } = selection;

  const addBlockOfType = useCallback(
    (type: string) => {
      const info = typeMap.get(type);
      if (!info || readOnly) return;
      const current = latest.current;
      const block = instantiate(info);
      const selected = selectedBlockId ? locateBlock(current, selectedBlockId) : undefined;
      const groupId = selected?.group.id ?? (selectedGroupIds.length === 1 ? selectedGroupIds[0] : undefined);
      const group = current.groups.find((each) => each.id === groupId);
      if (group) {
        change(placeBlock(current, block, group.id, selected ? selected.index + 1 : group.blocks.length));
        reveal({ blockId: block.id });
      } else {
        const made = addGroup(current, spotForGroup([block]), [block]);
        change(startAt(made.draft, made.groupId));
        reveal({ groupId: made.groupId });
      }
      select({ block: block.id, groups: groupId ? [groupId] : [] });
    },
    [latest, typeMap, readOnly, selectedBlockId, selectedGroupIds, change, spotForGroup, select, reveal],
  );

  const newGroupFrom = useCallback(
    (from: EdgeSource) => {
      const current = latest.current;
      const origin =
        'eventId' in from
          ? current.events.find((event) => event.id === from.eventId)?.graphCoordinates
          : locateBlock(current, from.blockId)?.group.graphCoordinates;
      const made = addGroup(current, spotForGroup([], origin ? { x: origin.x + 360, y: origin.y } : undefined));
      change(connect(made.draft, from, { groupId: made.groupId }));
      // The palette now adds to the new group.
      select({ groups: [made.groupId] });
      reveal({ groupId: made.groupId });
    },
    [latest, change, spotForGroup, select, reveal],
  );

  const panelActions = useMemo<PanelActions>(
    () => ({
      updateBlock: (blockId, update, coalesce) => change(updateBlock(latest.current, blockId, update), coalesce),
      removeBlock: (blockId) => {
        change(removeBlocks(latest.current, [blockId]));
        setBlockId(null);
      },
      connect: (from, groupId) => {
        const current = latest.current;
        if (groupId) change(connect(current, from, { groupId }));
        else {
          const leaving = current.edges
            .filter((edge) => JSON.stringify(edge.from) === JSON.stringify(from))
            .map((edge) => edge.id);
          change(removeEdges(current, leaving));
        }
      },
      newGroupFrom,
      createVariable: (name) => {
        const made = addVariable(latest.current, name);
        change(made.draft);
        latest.current = made.draft;
        return made.variableId;
      },
    }),
    [latest, change, newGroupFrom, setBlockId],
  );

  const deleteSelection = useCallback(() => {
    let current = latest.current;
    if (selectedEdgeIds.length > 0) current = removeEdges(current, selectedEdgeIds);
    if (selectedGroupIds.length > 0 && !selectedBlockId) current = removeGroups(current, selectedGroupIds);
    else if (selectedBlockId) current = removeBlocks(current, [selectedBlockId]);
    if (current !== latest.current) {
      change(current);
      select({});
    }
  }, [latest, selectedEdgeIds, selectedGroupIds, selectedBlockId, change, select]);

  return { addBlockOfType, newGroupFrom, panelActions, deleteSelection };
}
