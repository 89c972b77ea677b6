import { useId } from 'react';
import { FieldError, invalidProps, useShapedText } from '../../shaped-text';

const URL_SHAPE = { shape: 'url' } as const;

/**
 * The address of an image, video, audio clip or embedded page: written to the
 * block only as a web address (or with a {{variable}}), so a half-typed one
 * never reaches the saved flow; the field says why until it is one.
 */
export function MediaAddress({
  label,
  visibleLabel = true,
  value,
  onChange,
}: {
  label: string;
  /** False: the label is the input's accessible name only (a row of a list, named by its place). */
  visibleLabel?: boolean;
  value: string;
  onChange(url: string | undefined): void;
}) {
  const id = useId();
  const text = useShapedText(URL_SHAPE, value, (next) => onChange(typeof next === 'string' ? next : undefined));
  return (
    <div className="field">
      {visibleLabel && <label htmlFor={id}>{label}</label>}
      <input
        id={id}
        aria-label={visibleLabel ? undefined : label}
        placeholder="https://…"
        value={text.value}
        spellCheck={false}
        {...invalidProps(`${id}-error`, text.problem)}
        onChange={(event) => text.onChange(event.target.value)}
        onBlur={text.onBlur}
      />
      <FieldError id={`${id}-error`} problem={text.problem} />
    </div>
  );
}
