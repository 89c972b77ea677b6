import type { DragEvent } from 'react';
import type { DropPayload } from './canvas-actions';

// What a drag carries: a block row (moved) or a palette entry (a new block of its type).

const BLOCK_MIME = 'application/x-parley-block';
const TYPE_MIME = 'application/x-parley-block-type';

export function dragPayload(event: DragEvent): DropPayload | undefined {
  const blockId = event.dataTransfer.getData(BLOCK_MIME);
  if (blockId) return { blockId };
  const blockType = event.dataTransfer.getData(TYPE_MIME);
  return blockType ? { blockType } : undefined;
}

/** Palette entries start a drag with this. */
export function startTypeDrag(event: DragEvent, type: string): void {
  event.dataTransfer.setData(TYPE_MIME, type);
  event.dataTransfer.effectAllowed = 'copy';
}

/** Block rows start a drag with this. */
export function startBlockDrag(event: DragEvent, blockId: string): void {
  event.dataTransfer.setData(BLOCK_MIME, blockId);
  event.dataTransfer.effectAllowed = 'move';
}

/** Whether a drag carries something the canvas takes. */
export const acceptsDrag = (event: DragEvent) =>
  event.dataTransfer.types.includes(BLOCK_MIME) || event.dataTransfer.types.includes(TYPE_MIME);
