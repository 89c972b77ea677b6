import type { EdgeSource, Point } from './draft';

/** What the canvas hands back: each a finished gesture. */
export interface CanvasActions {
  selectBlock(blockId: string | null): void;
  selectGroups(groupIds: string[]): void;
  selectEdges(edgeIds: string[]): void;
  moveNodes(moves: Map<string, Point>): void;
  connect(from: EdgeSource, to: { groupId: string; blockId?: string }): void;
  renameGroup(groupId: string, title: string): void;
  /** A block row or a palette entry dropped into a group at an index, or onto the canvas (`at`). */
  dropBlock(payload: DropPayload, target: { groupId: string; index: number } | { at: Point }): void;
}

export type DropPayload = { blockId: string } | { blockType: string };
