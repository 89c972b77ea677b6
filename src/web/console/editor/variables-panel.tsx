import { useState } from 'react';
import type { Draft } from './draft';
import { variableUsages } from './operations';

/** The bot's variables: rename (blocks follow: they refer by id), keep out of results, delete (seeing where it is used). */
export function VariablesPanel({
  draft,
  onRename,
  onToggleSaved,
  onRemove,
  onAdd,
  readOnly,
}: {
  draft: Draft;
  onRename(variableId: string, name: string): void;
  onToggleSaved(variableId: string, saved: boolean): void;
  onRemove(variableId: string): void;
  onAdd(name: string): void;
  readOnly?: boolean;
}) {
  const [name, setName] = useState('');
  return (
    <aside className="block-panel variables-panel" aria-label="Variables">
      <h2>Variables</h2>
      {draft.variables.length === 0 && (
        <p className="hint">No variable yet. Inputs and Set variable blocks fill them.</p>
      )}
      <ul>
        {draft.variables.map((variable) => {
          const uses = variableUsages(draft, variable.id);
          return (
            <li key={variable.id}>
              <input
                aria-label={`Name of ${variable.name}`}
                value={variable.name}
                disabled={readOnly}
                onChange={(event) => onRename(variable.id, event.target.value)}
              />
              <label className="check">
                <input
                  type="checkbox"
                  disabled={readOnly}
                  checked={!variable.isSessionVariable}
                  onChange={(event) => onToggleSaved(variable.id, event.target.checked)}
                />
                Saved in results
              </label>
              <small className="hint">
                {uses.length === 0 ? 'Not used' : `Used by ${uses.length} block${uses.length > 1 ? 's' : ''}`}
              </small>
              {!readOnly && (
                <button
                  type="button"
                  className="danger"
                  onClick={() => {
                    const where = uses
                      .map(
                        (use) =>
                          `${use.block.type} (${draft.groups.find((group) => group.id === use.groupId)?.title ?? ''})`,
                      )
                      .join(', ');
                    if (uses.length === 0 || confirm(`“${variable.name}” is used by: ${where}. Delete it anyway?`))
                      onRemove(variable.id);
                  }}
                >
                  Delete
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {!readOnly && (
        <form
          className="row tight"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) onAdd(name);
            setName('');
          }}
        >
          <input
            aria-label="New variable name"
            placeholder="New variable"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit">Add</button>
        </form>
      )}
    </aside>
  );
}
