import { createContext, useContext, useEffect, type RefObject } from 'react';
import type { Json } from './draft-path';

// The fields of a DraftForm read and write the object it edits through this context.

/** A field holding text it does not write to the draft (not a colour…): the save must not pass it by in silence. */
export interface Refusal {
  /** The field as its label names it ("Visitor bubbles: Background"). */
  field: string;
  problem: string;
  element: RefObject<HTMLElement | null>;
}

export interface Draft {
  value: Json;
  get(path: readonly string[]): unknown;
  set(path: readonly string[], next: unknown): void;
  /** A field says it holds text it refused (or no longer does, with undefined). */
  refuse(key: string, refusal: Refusal | undefined): void;
  editable: boolean;
}

export const DraftContext = createContext<Draft | null>(null);

export function useDraftContext(): Draft {
  const draft = useContext(DraftContext);
  if (!draft) throw new Error('a draft field outside a DraftForm');
  return draft;
}

/** Tells the form, while `problem` is set, that the field keeps text out of the draft. */
export function useRefusal(
  key: string,
  field: string,
  problem: string | undefined,
  element: RefObject<HTMLElement | null>,
): void {
  const draft = useDraftContext();
  useEffect(() => {
    draft.refuse(key, problem === undefined ? undefined : { field, problem, element });
  }, [key, field, problem]);
  useEffect(() => () => draft.refuse(key, undefined), [key]);
}
