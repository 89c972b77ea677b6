import type { ReactNode } from 'react';
import { newId, type Json } from '../draft';
import { isObject } from '../../json';
import { singular } from './schema-read';

// A list of rows (a request's headers and query parameters, where answers are
// saved, an AI block's messages): each row its own fields, removable, and a
// button to add one. Rows get an `id`, as the reference's editor gives them.

export function ObjectListField({
  label,
  rowName,
  newRow,
  hint,
  value,
  onChange,
  renderRow,
}: {
  label: string;
  /** One row's name (`x-parley-row`); else the label made singular. */
  rowName?: string;
  /** What a new row holds besides its id (`x-parley-new-row`). */
  newRow?: Json;
  hint: ReactNode;
  value: unknown;
  onChange(value: unknown): void;
  /** The row's fields (the form's own object fields: this module does not import them). */
  renderRow(row: Json, onChange: (row: Json) => void): ReactNode;
}) {
  const rows: unknown[] = Array.isArray(value) ? value : [];
  const one = rowName ?? singular(label);
  const words = one.charAt(0).toLowerCase() + one.slice(1);
  const replace = (index: number, row: unknown) => onChange(rows.map((each, i) => (i === index ? row : each)));
  return (
    <fieldset className="nested list-field">
      <legend>{label}</legend>
      {hint}
      {rows.map((row, index) =>
        isObject(row) ? (
          <fieldset key={typeof row.id === 'string' ? row.id : index} className="nested list-row">
            <legend>
              {one} {index + 1}
            </legend>
            {renderRow(row, (next) => replace(index, next))}
            <button
              type="button"
              className="ghost"
              onClick={() => {
                const rest = rows.filter((_, i) => i !== index);
                onChange(rest.length > 0 ? rest : undefined);
              }}
            >
              Remove {words} {index + 1}
            </button>
          </fieldset>
        ) : null,
      )}
      <button type="button" onClick={() => onChange([...rows, { id: newId(), ...newRow }])}>
        Add {words}
      </button>
    </fieldset>
  );
}
