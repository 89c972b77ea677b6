import { useReactFlow } from '@xyflow/react';
import { useCallback } from 'react';
import type { Draft, Point } from './draft';

/** Where in the view new groups go, and bringing one into view. */
export function useViewPlacement(latest: { current: Draft }) {
  const flow = useReactFlow();
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

  /** Brings a new group into view (once React Flow has measured it). */
  const reveal = useCallback(
    (groupId: string) =>
      setTimeout(() => {
        const node = flow.getNode(groupId);
        if (!node) return;
        const { x, y, zoom } = flow.getViewport();
        const box = document.querySelector('.editor-canvas')?.getBoundingClientRect();
        const width = node.measured?.width ?? 260;
        const height = node.measured?.height ?? 120;
        const left = node.position.x * zoom + x;
        const top = node.position.y * zoom + y;
        const visible =
          box && left >= 0 && top >= 0 && left + width * zoom <= box.width && top + height * zoom <= box.height;
        if (!visible)
          void flow.setCenter(node.position.x + width / 2, node.position.y + height / 2, {
            zoom: Math.max(zoom, 0.6),
            duration: 200,
          });
      }, 60),
    [flow],
  );
  return { viewportCentre, reveal };
}

export type ViewPlacement = ReturnType<typeof useViewPlacement>;
