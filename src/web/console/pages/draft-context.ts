import { createContext, useContext } from 'react';
import type { Json } from './draft-path';

// The fields of a DraftForm read and write the object it edits through this context.

export interface Draft {
  value: Json;
  get(path: readonly string[]): unknown;
  set(path: readonly string[], next: unknown): void;
  editable: boolean;
}

export const DraftContext = createContext<Draft | null>(null);

export function useDraftContext(): Draft {
  const draft = useContext(DraftContext);
  if (!draft) throw new Error('a draft field outside a DraftForm');
  return draft;
}
