import { useId, type ReactNode } from 'react';
import { useDraftContext } from './draft-context';
import { textOf } from './draft-path';

// The fields of a DraftForm, each bound to a path of the edited object.

/** A label above its field, with an optional hint under it (outside the label: the field's name stays short). */
function Field({
  id,
  label,
  hint,
  hintId,
  wide,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  hintId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field${wide ? ' wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export function TextField({
  label,
  path,
  placeholder,
  type = 'text',
  hint,
  wide,
}: {
  label: string;
  path: readonly string[];
  placeholder?: string;
  type?: 'text' | 'url';
  hint?: string;
  wide?: boolean;
}) {
  const draft = useDraftContext();
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} hintId={`${id}-hint`} wide={wide}>
      <input
        id={id}
        type={type}
        value={textOf(draft.get(path))}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => draft.set(path, event.target.value === '' ? undefined : event.target.value)}
      />
    </Field>
  );
}

export function NumberField({
  label,
  path,
  fallback,
  min,
  max,
  step,
  unit,
}: {
  label: string;
  path: readonly string[];
  fallback: number;
  min?: number;
  max?: number;
  /** 'any': any value between min and max (the arrows still step by 1). */
  step?: number | 'any';
  unit?: string;
}) {
  const draft = useDraftContext();
  const value = draft.get(path);
  return (
    <label>
      {unit ? `${label} (${unit})` : label}
      <input
        type="number"
        inputMode="decimal"
        value={typeof value === 'number' ? value : ''}
        placeholder={String(fallback)}
        min={min}
        max={max}
        step={step}
        onChange={(event) =>
          draft.set(
            path,
            event.target.value === '' || Number.isNaN(event.target.valueAsNumber)
              ? undefined
              : event.target.valueAsNumber,
          )
        }
      />
    </label>
  );
}

/** A switch whose unset state shows the runtime's default. */
export function CheckField({
  label,
  path,
  fallback,
  hint,
}: {
  label: string;
  path: readonly string[];
  fallback: boolean;
  hint?: string;
}) {
  const draft = useDraftContext();
  const value = draft.get(path);
  const hintId = useId();
  return (
    <div className="check-field wide">
      <label className="check">
        <input
          type="checkbox"
          checked={typeof value === 'boolean' ? value : fallback}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => draft.set(path, event.target.checked)}
        />
        {label}
      </label>
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export function SelectField<T extends string>({
  label,
  path,
  options,
  fallback,
}: {
  label: string;
  path: readonly string[];
  options: readonly { value: T; label: string }[];
  fallback: T;
}) {
  const draft = useDraftContext();
  const value = draft.get(path);
  const current = options.some((option) => option.value === value) ? (value as T) : fallback;
  return (
    <label>
      {label}
      <select value={current} onChange={(event) => draft.set(path, event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A text area (code: custom CSS, head code), removed from the draft when emptied. */
export function TextAreaField({
  label,
  path,
  placeholder,
  hint,
  rows = 6,
}: {
  label: string;
  path: readonly string[];
  placeholder?: string;
  hint?: string;
  rows?: number;
}) {
  const draft = useDraftContext();
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} hintId={`${id}-hint`} wide>
      <textarea
        id={id}
        rows={rows}
        spellCheck={false}
        className="code"
        value={textOf(draft.get(path))}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => draft.set(path, event.target.value === '' ? undefined : event.target.value)}
      />
    </Field>
  );
}
