import { useId, type ReactNode } from 'react';
import { choiceProblem, type Choice } from '../../../../engine/shapes/choices';

// A field taking one of a list of values, offered in words. A value the block
// holds that is not one of them (an import's, an API client's) stays shown as
// chosen, marked invalid with the server's words, until another is picked.

/** The words under a field that holds a value it does not take (read with it: aria-describedby). */
export function ValueError({ id, problem }: { id: string; problem: string | undefined }) {
  return (
    <small id={id} className="field-error" aria-live="polite">
      {problem ?? ''}
    </small>
  );
}

export function ChoiceField({
  label,
  choices,
  value,
  byDefault,
  unknown,
  hint,
  onChange,
}: {
  label: string;
  choices: readonly Choice[];
  value: unknown;
  /** The value an absent one reads as (shown chosen); none: "— choose —". */
  byDefault?: string;
  /** What the block does with a value it does not know (the schema's `x-parley-unknown`). */
  unknown?: string;
  hint: ReactNode;
  onChange(value: string | undefined): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const current = typeof value === 'string' && value !== '' ? value : undefined;
  const problem = choiceProblem(choices, value, unknown);
  const shown = current ?? byDefault ?? '';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={problem ? '\u0000invalid' : shown}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      >
        {byDefault === undefined && <option value="">— choose —</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.title}
          </option>
        ))}
        {problem && (
          <option value={'\u0000invalid'} disabled>
            {typeof value === 'string' ? `“${value}”` : JSON.stringify(value)} (not allowed)
          </option>
        )}
      </select>
      {hint}
      <ValueError id={errorId} problem={problem} />
    </div>
  );
}
