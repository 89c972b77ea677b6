import { useEffect } from 'react';

export interface ShortcutCommands {
  undo(): void;
  redo(): void;
  deleteSelection(): void;
  copy(cut: boolean): void;
  paste(): void;
  duplicate(): void;
}

const typingInField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The editor's keys, page-wide while it is editable: undo and redo (left to a
 * field being typed in), delete, copy, cut, paste and duplicate.
 */
export function useEditorShortcuts(
  enabled: boolean,
  { undo, redo, deleteSelection, copy, paste, duplicate }: ShortcutCommands,
) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      const mod = event.metaKey || event.ctrlKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z' && !typingInField(event.target)) {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
        return;
      }
      if (mod && key === 'y' && !typingInField(event.target)) {
        event.preventDefault();
        redo();
        return;
      }
      if (typingInField(event.target)) return;
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        deleteSelection();
      } else if (mod && key === 'c') copy(false);
      else if (mod && key === 'x') copy(true);
      else if (mod && key === 'v') paste();
      else if (mod && key === 'd') {
        event.preventDefault();
        duplicate();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, undo, redo, deleteSelection, copy, paste, duplicate]);
}
