import { EditorsBadge } from '../presence';
import type { SaveStatus } from './use-draft-sync';
import type { Panel } from './use-editor-selection';

const STATUS_WORDS: Record<SaveStatus, string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  retrying: 'Not saved yet: retrying…',
  error: 'Not saved',
};

/** The editor's toolbar: editing commands (not for guests), the side panel's choices, who else edits, the save. */
export function EditorToolbar({
  botId,
  readOnly,
  canUndo,
  canRedo,
  canDelete,
  panel,
  variableCount,
  saveStatus,
  onAddGroup,
  onUndo,
  onRedo,
  onDelete,
  onPanel,
  onTest,
}: {
  botId: string;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  canDelete: boolean;
  panel: Panel;
  variableCount: number;
  saveStatus: SaveStatus;
  onAddGroup(): void;
  onUndo(): void;
  onRedo(): void;
  onDelete(): void;
  onPanel(panel: Panel): void;
  onTest(): void;
}) {
  return (
    <div className="editor-toolbar row" role="toolbar" aria-label="Editor">
      {!readOnly && (
        <>
          <button type="button" onClick={onAddGroup}>
            Add group
          </button>
          <button type="button" className="secondary" disabled={!canUndo} onClick={onUndo} title="Undo (Ctrl+Z)">
            Undo
          </button>
          <button type="button" className="secondary" disabled={!canRedo} onClick={onRedo} title="Redo (Shift+Ctrl+Z)">
            Redo
          </button>
          <button type="button" className="secondary" disabled={!canDelete} onClick={onDelete} title="Delete (Del)">
            Delete
          </button>
        </>
      )}
      <button
        type="button"
        className="secondary"
        aria-pressed={panel === 'variables'}
        onClick={() => onPanel(panel === 'variables' ? 'block' : 'variables')}
      >
        Variables ({variableCount})
      </button>
      <button
        type="button"
        className="secondary"
        aria-pressed={panel === 'test'}
        onClick={() => {
          onTest();
          onPanel(panel === 'test' ? 'block' : 'test');
        }}
      >
        Test
      </button>
      <EditorsBadge botId={botId} />
      {!readOnly && (
        <span className={`save-status ${saveStatus}`} role="status">
          {STATUS_WORDS[saveStatus]}
        </span>
      )}
    </div>
  );
}
