import { useReactFlow } from '@xyflow/react';
import { useCallback } from 'react';
import type { Draft, DraftGroup, Point } from './draft';
import { boundingBox, estimatedSize, freeSpot, GAP, groupBoxes, type Size } from './placement';

/** What was just added, to bring into view. */
export type Added = { groupId: string } | { blockId: string };

/** Room the view keeps around what it brings into view. */
const MARGIN = 24;

/** Where in the view new groups go (always in free space), and bringing what was added into view. */
export function useViewPlacement(latest: { current: Draft }) {
  const flow = useReactFlow();

  const measuredSize = useCallback(
    (groupId: string): Size | undefined => {
      const measured = flow.getNode(groupId)?.measured;
      return measured?.width && measured.height ? { width: measured.width, height: measured.height } : undefined;
    },
    [flow],
  );

  const viewportCentre = useCallback((): Point => {
    // The first group goes beside the start, where the eye already is.
    const start = latest.current.events.find((event) => event.type === 'start');
    if (latest.current.groups.length === 0 && start)
      return { x: start.graphCoordinates.x + 220, y: start.graphCoordinates.y - 20 };
    const canvas = document.querySelector('.editor-canvas')?.getBoundingClientRect();
    if (!canvas) return { x: 0, y: 0 };
    const centre = flow.screenToFlowPosition({ x: canvas.left + canvas.width / 2, y: canvas.top + canvas.height / 3 });
    return { x: centre.x - 130, y: centre.y };
  }, [flow, latest]);

  /** Free space for a new group of `blocks` nearest `near` (the view's centre unless given). */
  const spotForGroup = useCallback(
    (blocks: DraftGroup['blocks'] = [], near?: Point): Point =>
      freeSpot(groupBoxes(latest.current, measuredSize), estimatedSize({ blocks }), near ?? viewportCentre()),
    [latest, measuredSize, viewportCentre],
  );

  /**
   * Free space for copies of `groups` (taken as one box, so they keep their
   * layout): beside the originals when this bot has them, else the view's centre.
   */
  const spotForCopies = useCallback(
    (groups: readonly DraftGroup[]): Point => {
      const boxes = groups.map((group) => ({
        ...group.graphCoordinates,
        ...(measuredSize(group.id) ?? estimatedSize(group)),
      }));
      const whole = boundingBox(boxes);
      const here = new Set(latest.current.groups.map((group) => group.id));
      const near = groups.some((group) => here.has(group.id))
        ? { x: whole.x + whole.width + GAP, y: whole.y }
        : viewportCentre();
      return freeSpot(groupBoxes(latest.current, measuredSize), { width: whole.width, height: whole.height }, near);
    },
    [latest, measuredSize, viewportCentre],
  );

  /**
   * Pans (at the same zoom) so what was just added is in view, once the
   * canvas has drawn it; the view stays put when it already is.
   */
  const reveal = useCallback(
    (added: Added) => {
      let tries = 0;
      const attempt = () => {
        const canvas = document.querySelector<HTMLElement>('.editor-canvas');
        const selector =
          'groupId' in added
            ? `.react-flow__node[data-id="${CSS.escape(added.groupId)}"]`
            : `[data-block-id="${CSS.escape(added.blockId)}"]`;
        const element = canvas?.querySelector<HTMLElement>(selector);
        if (!canvas || !element) {
          if ((tries += 1) < 10) setTimeout(attempt, 50);
          return;
        }
        const view = canvas.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        const shift = (start: number, size: number, viewStart: number, viewSize: number) => {
          if (start >= viewStart + MARGIN && start + size <= viewStart + viewSize - MARGIN) return 0;
          // Too big to fit: its start (a group's title) goes in view; else it is centred.
          return size > viewSize - 2 * MARGIN
            ? viewStart + MARGIN - start
            : viewStart + viewSize / 2 - (start + size / 2);
        };
        const dx = shift(box.left, box.width, view.left, view.width);
        const dy = shift(box.top, box.height, view.top, view.height);
        if (dx === 0 && dy === 0) return;
        const { x, y, zoom } = flow.getViewport();
        void flow.setViewport({ x: x + dx, y: y + dy, zoom }, { duration: 200 });
      };
      setTimeout(attempt, 50);
    },
    [flow],
  );

  return { viewportCentre, spotForGroup, spotForCopies, reveal };
}

export type ViewPlacement = ReturnType<typeof useViewPlacement>;
