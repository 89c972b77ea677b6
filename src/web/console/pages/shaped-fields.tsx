import { useId, useRef } from 'react';
import { shapeProblem, type ShapeRule } from '../../../engine/shapes/values';
import { FieldError, invalidProps, useShapedText } from '../shaped-text';
import { useDraftContext, useRefusal } from './draft-context';
import { textOf } from './draft-path';

// Fields of a DraftForm held to a shape (a CSS length, a web address, a
// bounded number): what lacks it is shown, explained and not saved.

export function ShapedTextField({
  label,
  path,
  rule,
  placeholder,
  hint,
  wide,
}: {
  label: string;
  path: readonly string[];
  rule: ShapeRule;
  placeholder?: string;
  hint?: string;
  wide?: boolean;
}) {
  const draft = useDraftContext();
  const id = useId();
  const saved = textOf(draft.get(path));
  const text = useShapedText(rule, saved, (next) => draft.set(path, next));
  const input = useRef<HTMLInputElement>(null);
  useRefusal(path.join('.'), label, text.value === saved ? undefined : shapeProblem(rule, text.value.trim()), input);
  return (
    <div className={`field${wide ? ' wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="text"
        spellCheck={false}
        value={text.value}
        placeholder={placeholder}
        {...invalidProps(`${id}-error`, text.problem, hint ? `${id}-hint` : undefined)}
        onChange={(event) => text.onChange(event.target.value)}
        onBlur={text.onBlur}
      />
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      <FieldError id={`${id}-error`} problem={text.problem} />
    </div>
  );
}

/** A number between bounds; the unset state shows the runtime's default. */
export function BoundedNumberField({
  label,
  path,
  fallback,
  minimum,
  maximum,
  step,
  unit,
}: {
  label: string;
  path: readonly string[];
  fallback: number;
  minimum?: number;
  maximum?: number;
  step?: number;
  unit?: string;
}) {
  const draft = useDraftContext();
  const id = useId();
  const value = draft.get(path);
  const rule = { shape: 'number', minimum, maximum } as const;
  const saved = typeof value === 'number' ? String(value) : '';
  const text = useShapedText(rule, saved, (next) => draft.set(path, next));
  const input = useRef<HTMLInputElement>(null);
  useRefusal(
    path.join('.'),
    unit ? `${label} (${unit})` : label,
    text.value === saved ? undefined : shapeProblem(rule, text.value.trim()),
    input,
  );
  return (
    <div className="field">
      <label htmlFor={id}>{unit ? `${label} (${unit})` : label}</label>
      <input
        ref={input}
        id={id}
        type="number"
        inputMode="decimal"
        value={text.value}
        placeholder={String(fallback)}
        min={minimum}
        max={maximum}
        step={step}
        {...invalidProps(`${id}-error`, text.problem)}
        onChange={(event) => text.onChange(event.target.value)}
        onBlur={text.onBlur}
      />
      <FieldError id={`${id}-error`} problem={text.problem} />
    </div>
  );
}
