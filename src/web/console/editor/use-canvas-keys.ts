import { useReactFlow } from '@xyflow/react';
import type { KeyboardEvent } from 'react';

const STEP = 80;

const PAN = new Map<string, [number, number]>([
  ['ArrowLeft', [STEP, 0]],
  ['ArrowRight', [-STEP, 0]],
  ['ArrowUp', [0, STEP]],
  ['ArrowDown', [0, -STEP]],
]);

/** The canvas's keys: arrows pan, + and − zoom, 0 fits the whole flow. */
export function useCanvasKeys() {
  const flow = useReactFlow();
  return (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys act on the view only when the canvas itself has focus (a focused group moves with the arrows).
    if (event.target !== event.currentTarget) return;
    const { x, y, zoom } = flow.getViewport();
    const pan = PAN.get(event.key);
    if (pan) {
      event.preventDefault();
      void flow.setViewport({ x: x + pan[0], y: y + pan[1], zoom }, { duration: 100 });
    } else if (event.key === '+' || event.key === '=') void flow.zoomIn({ duration: 100 });
    else if (event.key === '-') void flow.zoomOut({ duration: 100 });
    else if (event.key === '0') void flow.fitView({ duration: 200, maxZoom: 1 });
  };
}
