import { useId } from 'react';
import { useDraftContext } from './draft-context';
import { textOf } from './draft-path';
import { pickerValue } from './color-picker-value';

/**
 * A colour: the picker and the value as text (any CSS colour; the picker
 * knows only hex). Empty means the runtime's default, shown as the placeholder.
 */
export function ColorField({
  label,
  group,
  path,
  fallback,
}: {
  label: string;
  group?: string;
  path: readonly string[];
  fallback: string;
}) {
  const draft = useDraftContext();
  const id = useId();
  const value = textOf(draft.get(path));
  return (
    <div className="field color-field">
      <label htmlFor={id}>
        {/* Several sections have a "Background": the field's name says whose. */}
        {group && <span className="visually-hidden">{group}: </span>}
        {label}
      </label>
      <div className="color-inputs">
        <input
          type="color"
          aria-label={`${group ? `${group}: ` : ''}${label}, colour picker`}
          value={pickerValue(value || fallback)}
          onChange={(event) => draft.set(path, event.target.value)}
        />
        <input
          id={id}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={value}
          placeholder={fallback}
          onChange={(event) =>
            draft.set(path, event.target.value.trim() === '' ? undefined : event.target.value.trim())
          }
        />
      </div>
    </div>
  );
}
