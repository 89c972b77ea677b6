import type { Draft, DraftGroup, Point } from './draft';
import { connect } from './operations/edges';

// Where new groups go, and what the first one is for. A new group must never
// land on an existing one: overlapping groups hide each other's blocks (they
// could no longer be clicked), so every placement searches for free space
// around the spot the person expects (the view's centre, beside a source).

export interface Size {
  width: number;
  height: number;
}

export interface Box extends Point, Size {}

/** Space kept between groups, so two boxes never touch and a connection can pass between them. */
export const GAP = 40;
const STEP = 40;
/** How far (in steps) the search may go from the wished spot before giving up and stacking below everything. */
const MAX_RING = 60;

/**
 * A group's size before the canvas has measured it (a group not drawn yet, a
 * pasted one): the title bar, then one row per block and per item. Generous
 * rather than tight, since an underestimate is an overlap.
 */
export function estimatedSize(group: Pick<DraftGroup, 'blocks'>): Size {
  const rows = group.blocks.reduce((sum, block) => sum + 32 + 26 * (block.items?.length ?? 0), 0);
  // An empty group shows a drop zone about as tall as a block with an item.
  return { width: 280, height: 48 + Math.max(rows, 44) };
}

/** The boxes the draft's groups take on the canvas, measured where the canvas knows their size. */
export function groupBoxes(draft: Draft, measured: (groupId: string) => Size | undefined): Box[] {
  return draft.groups.map((group) => ({
    ...group.graphCoordinates,
    ...(measured(group.id) ?? estimatedSize(group)),
  }));
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width + GAP && b.x < a.x + a.width + GAP && a.y < b.y + b.height + GAP && b.y < a.y + a.height + GAP;

/**
 * The top-left corner nearest `near` where a box of `size` overlaps none of
 * `taken` (with a gap): rings of growing radius around it, the closest free
 * candidate of the first ring that has one.
 */
export function freeSpot(taken: readonly Box[], size: Size, near: Point): Point {
  const fits = (at: Point) =>
    !taken.some((box) => overlaps(box, { x: at.x, y: at.y, width: size.width, height: size.height }));
  const origin = { x: Math.round(near.x), y: Math.round(near.y) };
  if (fits(origin)) return origin;
  for (let ring = 1; ring <= MAX_RING; ring += 1) {
    let best: Point | undefined;
    let bestDistance = Infinity;
    for (let dx = -ring; dx <= ring; dx += 1)
      for (let dy = -ring; dy <= ring; dy += 1) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const at = { x: origin.x + dx * STEP, y: origin.y + dy * STEP };
        // Right and below read as "after" in a flow: ties go there rather than up or left.
        const distance = Math.hypot(dx, dy) + (dx < 0 ? 0.01 : 0) + (dy < 0 ? 0.01 : 0);
        if (distance < bestDistance && fits(at)) {
          best = at;
          bestDistance = distance;
        }
      }
    if (best) return best;
  }
  const bottom = Math.max(...taken.map((box) => box.y + box.height));
  return { x: origin.x, y: bottom + GAP };
}

/** The smallest box holding all of `boxes`. */
export function boundingBox(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** The first group of a bot whose start leads nowhere is where it starts. */
export function startAt(draft: Draft, groupId: string): Draft {
  const start = draft.events.find((event) => event.type === 'start');
  if (
    !start ||
    draft.groups.length !== 1 ||
    draft.edges.some((edge) => 'eventId' in edge.from && edge.from.eventId === start.id)
  )
    return draft;
  return connect(draft, { eventId: start.id }, { groupId });
}
