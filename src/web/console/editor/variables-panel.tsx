import { useEffect, useState } from 'react';
import type { BlockTypeInfo } from './block-types';
import type { Draft, DraftVariable } from './draft';
import { variableUsages } from './operations/variables';
import { variableNameError } from './rename-variable';

/**
 * A variable's name, renamed once confirmed (Enter or leaving the field;
 * Escape puts it back): the rename rewrites every `{{mention}}` of the flow,
 * which must happen once, as one undo step, not for each half-typed name.
 */
function NameField({
  draft,
  variable,
  readOnly,
  onRename,
}: {
  draft: Draft;
  variable: DraftVariable;
  readOnly?: boolean;
  onRename(variableId: string, name: string): void;
}) {
  const [value, setValue] = useState(variable.name);
  // Undo, redo or a rename elsewhere: the field shows the name the draft has.
  useEffect(() => setValue(variable.name), [variable.name]);
  const error = value === variable.name ? undefined : variableNameError(draft, variable.id, value);
  const errorId = `variable-name-error-${variable.id}`;
  const commit = () => {
    if (value === variable.name) return;
    if (error) return setValue(variable.name);
    // Spaces around a name are not kept: the field shows what the rename stores.
    setValue(value.trim());
    onRename(variable.id, value.trim());
  };
  return (
    <>
      <input
        aria-label={`Name of ${variable.name}`}
        value={value}
        disabled={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            // A refused name stays in the field with its message, to be corrected.
            if (!error) commit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            setValue(variable.name);
          }
        }}
        // Leaving with a refused name puts the current one back.
        onBlur={commit}
      />
      {error && (
        <small id={errorId} role="alert" className="field-error">
          {error}
        </small>
      )}
    </>
  );
}

/** The bot's variables: rename (mentions in text follow), keep out of results, delete (seeing where it is used). */
export function VariablesPanel({
  draft,
  onRename,
  onToggleSaved,
  onRemove,
  onAdd,
  readOnly,
  types,
}: {
  draft: Draft;
  /** The block types' display names, for where a variable is used. */
  types: readonly BlockTypeInfo[];
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
              <NameField draft={draft} variable={variable} readOnly={readOnly} onRename={onRename} />
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
                          `${types.find((info) => info.type === use.block.type)?.label ?? use.block.type} (${draft.groups.find((group) => group.id === use.groupId)?.title ?? ''})`,
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
