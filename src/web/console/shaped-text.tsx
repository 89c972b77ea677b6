import { useState } from 'react';
import { shapeProblem, type ShapeRule } from '../../engine/shapes/values';

// A field held to a shape (a colour, a CSS length, a web address, a bounded
// number), checked with the server's own rule and words as it is typed: the
// text shows as typed, but reaches what is saved only with its shape (or
// empty), so the last good value stays saved while the field says why.

const NUMERIC = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/** What a valid text is stored as: nothing when empty, a number for a number field given digits, else the text. */
function stored(rule: ShapeRule, text: string): string | number | undefined {
  if (text === '') return undefined;
  if ((rule.shape === 'number' || rule.shape === 'integer') && NUMERIC.test(text)) return Number(text);
  return text;
}

export interface ShapedText {
  /** The text to show: as typed while it lacks its shape, else the saved value. */
  value: string;
  /** Why the text is not saved, once the author has left the field (then as they type). */
  problem: string | undefined;
  onChange(text: string): void;
  onBlur(): void;
}

export function useShapedText(
  rule: ShapeRule,
  saved: string,
  commit: (next: string | number | undefined) => void,
): ShapedText {
  // The text typed while it lacks its shape; null when the field shows the saved value.
  const [typed, setTyped] = useState<{ text: string; over: string } | null>(null);
  const [left, setLeft] = useState(false);
  // A change from elsewhere (the colour picker, a reload) replaces what was typed.
  const pending = typed !== null && typed.over === saved ? typed.text : null;
  const problem = pending === null ? undefined : shapeProblem(rule, pending.trim());
  return {
    value: pending ?? saved,
    problem: left ? problem : undefined,
    onChange(text) {
      const trimmed = text.trim();
      if (shapeProblem(rule, trimmed) === undefined) {
        setTyped(null);
        commit(stored(rule, trimmed));
      } else setTyped({ text, over: saved });
    },
    onBlur: () => setLeft(true),
  };
}

/** The field's error, under it, read with the field (aria-describedby) and announced as it appears. */
export function FieldError({ id, problem }: { id: string; problem: string | undefined }) {
  return (
    <small id={id} className="field-error" aria-live="polite">
      {problem ? `${problem}. Not saved.` : ''}
    </small>
  );
}

/** The input props that tie a field to its error. */
export function invalidProps(id: string, problem: string | undefined, describedBy?: string) {
  return {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': [describedBy, id].filter(Boolean).join(' '),
  } as const;
}
