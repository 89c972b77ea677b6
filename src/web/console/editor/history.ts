import { useCallback, useReducer } from 'react';

// Undo and redo over whole drafts: operations return new drafts sharing what
// did not change, so a step costs only what it changed. Steps typed in quick
// succession into one field (`coalesce` with the same key) make one step.

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The key of the last change, when it may absorb the next one with the same key. */
  lastKey?: string;
}

/**
 * Someone else's save reached the editor: the present keeps this person's
 * unsaved changes on top of it, and every undo and redo step takes it in, so
 * undoing takes back only this person's own changes.
 */
export interface Rebase<T> {
  present(present: T): T;
  step(step: T): T;
}

type Action<T> =
  | { kind: 'change'; next: T; coalesce?: string }
  | { kind: 'undo' }
  | { kind: 'redo' }
  | { kind: 'reset'; present: T }
  | { kind: 'rebase'; rebase: Rebase<T> };

/** How many steps back undo can go. */
const LIMIT = 200;

export function historyReducer<T>(state: History<T>, action: Action<T>): History<T> {
  switch (action.kind) {
    case 'change':
      if (action.next === state.present) return state;
      if (action.coalesce && action.coalesce === state.lastKey) return { ...state, present: action.next };
      return {
        past: [...state.past.slice(-LIMIT + 1), state.present],
        present: action.next,
        future: [],
        lastKey: action.coalesce,
      };
    case 'undo':
      if (state.past.length === 0) return state;
      return {
        past: state.past.slice(0, -1),
        present: state.past[state.past.length - 1]!,
        future: [state.present, ...state.future],
      };
    case 'redo':
      if (state.future.length === 0) return state;
      return { past: [...state.past, state.present], present: state.future[0]!, future: state.future.slice(1) };
    case 'reset':
      return { past: [], present: action.present, future: [] };
    case 'rebase':
      return {
        past: state.past.map(action.rebase.step),
        present: action.rebase.present(state.present),
        future: state.future.map(action.rebase.step),
        // Typing on in the same field still makes one step.
        lastKey: state.lastKey,
      };
  }
}

export function useHistory<T>(initial: T) {
  const [state, dispatch] = useReducer(historyReducer<T>, { past: [], present: initial, future: [] });
  const change = useCallback((next: T, coalesce?: string) => dispatch({ kind: 'change', next, coalesce }), []);
  const undo = useCallback(() => dispatch({ kind: 'undo' }), []);
  const redo = useCallback(() => dispatch({ kind: 'redo' }), []);
  const reset = useCallback((present: T) => dispatch({ kind: 'reset', present }), []);
  const rebase = useCallback((rebase: Rebase<T>) => dispatch({ kind: 'rebase', rebase }), []);
  return {
    present: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    change,
    undo,
    redo,
    reset,
    rebase,
  };
}
