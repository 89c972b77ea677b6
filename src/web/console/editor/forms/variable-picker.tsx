import { useId, useState } from 'react';
import type { DraftVariable } from '../draft';

const NEW = '__new__';

/** Chooses a variable of the bot, or creates one inline ("New variable…"). */
export function VariablePicker({
  label,
  value,
  variables,
  onChange,
  onCreate,
}: {
  label: string;
  value: string | undefined;
  variables: DraftVariable[];
  onChange(variableId: string | undefined): void;
  onCreate(name: string): string;
}) {
  const id = useId();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const create = () => {
    if (!name.trim()) return;
    onChange(onCreate(name.trim()));
    setNaming(false);
    setName('');
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {naming ? (
        <div className="row tight">
          <input
            id={id}
            autoFocus
            placeholder="Variable name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                create();
              }
              if (event.key === 'Escape') setNaming(false);
            }}
          />
          <button type="button" onClick={create}>
            Create
          </button>
        </div>
      ) : (
        <select
          id={id}
          value={value ?? ''}
          onChange={(event) => {
            if (event.target.value === NEW) setNaming(true);
            else onChange(event.target.value || undefined);
          }}
        >
          <option value="">— none —</option>
          {variables.map((variable) => (
            <option key={variable.id} value={variable.id}>
              {variable.name}
            </option>
          ))}
          <option value={NEW}>New variable…</option>
        </select>
      )}
    </div>
  );
}
