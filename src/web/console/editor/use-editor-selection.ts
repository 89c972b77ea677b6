import { useCallback, useState } from 'react';

/** What the side panel shows: the selected block's form (or the guide), the variables, or a test chat. */
export type Panel = 'block' | 'variables' | 'test';

/** A whole new selection: what it leaves out is unselected. */
export interface SelectionChange {
  block?: string | null;
  groups?: string[];
  edges?: string[];
}

/** The editor's selection (a block, groups, edges) and the side panel, which a selected block opens. */
export function useEditorSelection() {
  const [blockId, setBlockId] = useState<string | null>(null);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [edgeIds, setEdgeIds] = useState<string[]>([]);
  const [panel, setPanel] = useState<Panel>('block');
  const select = useCallback((what: SelectionChange) => {
    setBlockId(what.block ?? null);
    setGroupIds(what.groups ?? []);
    setEdgeIds(what.edges ?? []);
    if (what.block) setPanel('block');
  }, []);
  return { blockId, groupIds, edgeIds, panel, setBlockId, setGroupIds, setEdgeIds, setPanel, select };
}

export type EditorSelection = ReturnType<typeof useEditorSelection>;
