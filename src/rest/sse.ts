import type { Context } from 'koa';
import { respondWithStream, type EventStream } from './event-body';

/** Comment lines sent this often keep proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/** Writes events as server-sent events (`data: <json>` blocks). */
export function respondWithEvents(ctx: Context, events: EventStream): void {
  respondWithStream(ctx, events, {
    contentType: 'text/event-stream; charset=utf-8',
    preamble: ': stream open\n\n',
    keepAlive: { everyMs: KEEP_ALIVE_MS, text: ': keep-alive\n\n' },
    write: (event) => `data: ${JSON.stringify(event)}\n\n`,
    onFailure: (error) => {
      console.error('[parley] event stream failed:', error);
      return undefined;
    },
  });
}
