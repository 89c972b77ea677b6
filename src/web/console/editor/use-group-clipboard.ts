import { useCallback } from 'react';
import type { Point } from './draft';
import type { Editing } from './editing';
import { copyGroups, duplicateGroups, pasteGroups, removeGroups, type Clipboard } from './operations';
import type { SelectionChange } from './use-editor-selection';
import { STORED_KEYS } from '../stored-data';

/** Copy, cut, paste and duplicate of the selected groups. */
export function useGroupClipboard(
  { latest, change }: Editing,
  selectedGroupIds: string[],
  select: (what: SelectionChange) => void,
  viewportCentre: () => Point,
) {
  const copy = useCallback(
    (cut: boolean) => {
      const groups = selectedGroupIds.length > 0 ? selectedGroupIds : [];
      if (groups.length === 0) return;
      const clipboard = copyGroups(latest.current, groups);
      const text = JSON.stringify(clipboard);
      // localStorage carries it to another bot's editor in this browser;
      // the system clipboard where the page may write it.
      localStorage.setItem(STORED_KEYS.editorClipboard, text);
      void navigator.clipboard?.writeText(text).catch(() => undefined);
      if (cut) {
        change(removeGroups(latest.current, groups));
        select({});
      }
    },
    [latest, selectedGroupIds, change, select],
  );

  const paste = useCallback(() => {
    const text = localStorage.getItem(STORED_KEYS.editorClipboard);
    if (!text) return;
    try {
      const clipboard = JSON.parse(text) as Clipboard;
      if (clipboard.kind !== 'parley-groups') return;
      const pasted = pasteGroups(latest.current, clipboard, viewportCentre());
      change(pasted.draft);
      select({ groups: pasted.groupIds });
    } catch {
      // Not ours: nothing to paste.
    }
  }, [latest, change, viewportCentre, select]);

  const duplicate = useCallback(() => {
    const made = duplicateGroups(latest.current, selectedGroupIds);
    if (made.groupIds.length > 0) {
      change(made.draft);
      select({ groups: made.groupIds });
    }
  }, [latest, selectedGroupIds, change, select]);

  return { copy, paste, duplicate };
}
