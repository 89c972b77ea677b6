import { useId, useRef } from 'react';
import { FieldError, invalidProps, useShapedText } from '../shaped-text';
import { useDraftContext, useRefusal } from './draft-context';
import { shapeProblem } from '../../../engine/shapes/values';
import { textOf } from './draft-path';
import { pickerValue } from './color-picker-value';

const COLOR = { shape: 'color' } as const;

/**
 * A colour: the picker and the value as text (any CSS colour or a
 * {{variable}}; the picker knows only hex). Empty means the runtime's default,
 * shown as the placeholder. Text that is not a colour stays in the field with
 * the reason under it and is not saved: the last colour stays.
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
  const saved = textOf(draft.get(path));
  const text = useShapedText(COLOR, saved, (next) => draft.set(path, next));
  const input = useRef<HTMLInputElement>(null);
  useRefusal(
    path.join('.'),
    group ? `${group}: ${label}` : label,
    text.value === saved ? undefined : shapeProblem(COLOR, text.value.trim()),
    input,
  );
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
          value={pickerValue(saved || fallback)}
          onChange={(event) => draft.set(path, event.target.value)}
        />
        <input
          ref={input}
          id={id}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={text.value}
          placeholder={fallback}
          {...invalidProps(`${id}-error`, text.problem)}
          onChange={(event) => text.onChange(event.target.value)}
          onBlur={text.onBlur}
        />
      </div>
      <FieldError id={`${id}-error`} problem={text.problem} />
    </div>
  );
}
