import { useCallback } from 'react';
import type { DraftGroup, Point } from './draft';
import type { Editing } from './editing';
import { copyGroups, duplicateGroups, pasteGroups, type Clipboard } from './operations/clipboard';
import { removeGroups } from './operations/groups';
import type { SelectionChange } from './use-editor-selection';
import type { Added } from './use-view-placement';
import { STORED_KEYS } from '../stored-data';

/** Copy, cut, paste and duplicate of the selected groups. */
export function useGroupClipboard(
  { latest, change }: Editing,
  selectedGroupIds: string[],
  select: (what: SelectionChange) => void,
  placement: { spotForCopies(groups: readonly DraftGroup[]): Point; reveal(added: Added): void },
) {
  const { spotForCopies, reveal } = placement;
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
      const pasted = pasteGroups(latest.current, clipboard, spotForCopies(clipboard.groups));
      change(pasted.draft);
      select({ groups: pasted.groupIds });
      if (pasted.groupIds[0]) reveal({ groupId: pasted.groupIds[0] });
    } catch {
      // Not ours: nothing to paste.
    }
  }, [latest, change, spotForCopies, select, reveal]);

  const duplicate = useCallback(() => {
    const made = duplicateGroups(latest.current, selectedGroupIds, (copied) => spotForCopies(copied.groups));
    if (made.groupIds.length > 0) {
      change(made.draft);
      select({ groups: made.groupIds });
      reveal({ groupId: made.groupIds[0]! });
    }
  }, [latest, selectedGroupIds, change, select, spotForCopies, reveal]);

  return { copy, paste, duplicate };
}
