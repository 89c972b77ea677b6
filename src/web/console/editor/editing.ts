import type { Draft } from './draft';

/** How the editor's commands reach the draft. */
export interface Editing {
  /** The draft as of the last change, ahead of the render: one gesture may change it twice. */
  latest: { current: Draft };
  /** The draft's next state, one undo step (steps with the same `coalesce` key make one). */
  change(next: Draft, coalesce?: string): void;
}
