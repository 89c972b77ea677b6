import type { Context } from 'koa';
import { respondWithStream, type EventStream } from './event-body';

/** Comment lines sent this often keep proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/** An event's `seq`, written as its id so that a client reconnects from it (`Last-Event-ID`). */
function idLine(event: unknown): string {
  const seq = (event as { seq?: unknown } | null)?.seq;
  return typeof seq === 'number' ? `id: ${seq}\n` : '';
}

/** Writes events as server-sent events (`data: <json>` blocks; `withIds`: an `id:` line for events with a `seq`). */
export function respondWithEvents(ctx: Context, events: EventStream, options: { withIds?: boolean } = {}): void {
  respondWithStream(ctx, events, {
    contentType: 'text/event-stream; charset=utf-8',
    preamble: ': stream open\n\n',
    keepAlive: { everyMs: KEEP_ALIVE_MS, text: ': keep-alive\n\n' },
    write: (event) => `${options.withIds ? idLine(event) : ''}data: ${JSON.stringify(event)}\n\n`,
    onFailure: (error) => {
      console.error('[parley] event stream failed:', error);
      return undefined;
    },
  });
}
