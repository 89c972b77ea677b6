import type { Draft, Point } from './draft';
import { connect } from './operations';

// Where new groups go, and what the first one is for.

/** The first place at or below `at` where a new group overlaps none (groups are about 260 × 160). */
export function freeSpot(draft: Draft, at: Point): Point {
  const spot = { ...at };
  const taken = () =>
    draft.groups.some(
      (group) =>
        Math.abs(group.graphCoordinates.x - spot.x) < 280 &&
        Math.abs(group.graphCoordinates.y - spot.y) < 40 + 44 * group.blocks.length,
    );
  for (let tries = 0; tries < 50 && taken(); tries += 1) spot.y += 80;
  return spot;
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
