import { useId, type ReactNode } from 'react';
import type { ShapeRule } from '../../../../engine/shapes/values';
import { FieldError, invalidProps, useShapedText } from '../../shaped-text';

// Fields typed in: text (a line, or a box for code and long text), numbers,
// switches, and fields held to a shape (a colour, a length, an address, a
// bounded number), checked as they are typed with the server's words: text
// without its shape is not written to the block, which keeps its last good value.

interface Base {
  label: string;
  hint: ReactNode;
  placeholder?: string;
  value: unknown;
  onChange(value: unknown): void;
}

export function ShapedField({ rule, label, hint, placeholder, value, onChange }: Base & { rule: ShapeRule }) {
  const id = useId();
  const text = useShapedText(
    rule,
    typeof value === 'string' || typeof value === 'number' ? String(value) : '',
    onChange,
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        placeholder={placeholder}
        value={text.value}
        spellCheck={false}
        inputMode={rule.shape === 'number' || rule.shape === 'integer' ? 'decimal' : undefined}
        {...invalidProps(`${id}-error`, text.problem)}
        onChange={(event) => text.onChange(event.target.value)}
        onBlur={text.onBlur}
      />
      {hint}
      <FieldError id={`${id}-error`} problem={text.problem} />
    </div>
  );
}

/** The IANA time zones the browser knows (none where it cannot say). */
const timeZones = (): string[] =>
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export function TextField({
  label,
  hint,
  placeholder,
  value,
  onChange,
  multiline,
  code,
  suggestTimeZones,
}: Base & { multiline?: boolean; code?: boolean; suggestTimeZones?: boolean }) {
  const id = useId();
  const shown = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline || code ? (
        <textarea
          id={id}
          className={code ? 'code' : undefined}
          rows={code ? 8 : 3}
          spellCheck={!code}
          placeholder={placeholder}
          value={shown}
          onChange={(event) => onChange(event.target.value || undefined)}
        />
      ) : (
        <input
          id={id}
          placeholder={placeholder}
          value={shown}
          list={suggestTimeZones ? `${id}-zones` : undefined}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
      )}
      {suggestTimeZones && (
        <datalist id={`${id}-zones`}>
          {timeZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      )}
      {hint}
    </div>
  );
}

export function NumberField({ label, hint, placeholder, value, onChange }: Base) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        placeholder={placeholder}
        value={typeof value === 'number' ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      />
      {hint}
    </div>
  );
}

export function CheckField({ label, hint, value, onChange, byDefault }: Base & { byDefault: boolean }) {
  return (
    <div className="field check">
      <label>
        <input
          type="checkbox"
          checked={value === true || (value === undefined && byDefault)}
          onChange={(event) => onChange(event.target.checked)}
        />
        {label}
      </label>
      {hint}
    </div>
  );
}

/**
 * A list of texts (the values of an extracted variable), one per line. Empty
 * lines are kept while typing, so a new line can be started.
 */
export function LinesField({ label, hint, value, onChange }: Base) {
  const id = useId();
  const lines = Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : [];
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        value={lines.join('\n')}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value.split('\n'))}
      />
      <small className="hint">One per line.</small>
      {hint}
    </div>
  );
}
