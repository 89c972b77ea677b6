import { subscribe, type Subscription } from './client';
import type { TypedDocumentString } from './generated';

/** After a live stream ends or drops, it is opened again this much later. */
export const RECONNECT_MS = 2_000;

export interface KeptHandlers<Result> {
  /** The stream is open; `again`: after a loss, so what may have been missed is read again. */
  open?(again: boolean): void;
  next(data: Result): void;
  /**
   * The stream was lost and is opened again after RECONNECT_MS: `ended` by the
   * server (its lifetime, PARLEY_LIVE_STREAM_MAX_MINUTES, or a restart: routine),
   * or `failed` (the network, a refusal).
   */
  lost?(how: 'ended' | 'failed'): void;
}

/**
 * A subscription held open until the returned function is called: whenever the
 * server ends it or it fails, it is opened again the same way. `resumedAtFirst`:
 * the first opening already counts as a reopening (another holder went away).
 */
export function keepSubscribed<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
  variables: Variables,
  handlers: KeptHandlers<Result>,
  { resumedAtFirst = false }: { resumedAtFirst?: boolean } = {},
): () => void {
  let closed = false;
  let live: Subscription | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const lost = (how: 'ended' | 'failed') => {
    if (closed) return;
    handlers.lost?.(how);
    clearTimeout(retry);
    retry = setTimeout(() => start(true), RECONNECT_MS);
  };
  const start = (again: boolean) => {
    live = subscribe(document, variables, {
      open: () => handlers.open?.(again),
      next: (data) => handlers.next(data),
      complete: () => lost('ended'),
      error: () => lost('failed'),
    });
  };
  start(resumedAtFirst);
  return () => {
    closed = true;
    clearTimeout(retry);
    live?.close();
  };
}
