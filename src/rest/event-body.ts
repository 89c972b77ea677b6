import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Context } from 'koa';

/** A stream route's events: iterable, and `return()` ends the subscription behind them (the client went away). */
export type EventStream = AsyncIterableIterator<unknown> & { return(): Promise<IteratorResult<unknown>> };

/**
 * Answers a stream route: writes each event as the format wants until the
 * events end or the client goes away (then the events' generator is closed,
 * which ends the subscription behind it). A failure of the events is handed
 * to `onFailure`, which may write a last part.
 */
export function respondWithStream(
  ctx: Context,
  events: EventStream,
  format: {
    contentType: string;
    /** Written first (a comment line opening an event stream). */
    preamble?: string;
    /** Written this often while the stream is quiet (proxies close idle connections). */
    keepAlive?: { everyMs: number; text: string };
    write(event: unknown): string | undefined;
    onFailure(error: unknown): string | undefined;
  },
): void {
  const stream = new PassThrough();
  ctx.status = 200;
  ctx.set('Content-Type', format.contentType);
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('Connection', 'keep-alive');
  // Proxies such as nginx buffer responses unless told not to.
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = stream;
  if (format.preamble) stream.write(format.preamble);
  const keepAlive = format.keepAlive
    ? setInterval(() => stream.write(format.keepAlive!.text), format.keepAlive.everyMs)
    : undefined;
  keepAlive?.unref();
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepAlive);
    void events.return(undefined);
    stream.end();
  };
  ctx.req.on('close', close);
  void (async () => {
    try {
      for await (const event of events) {
        if (closed) break;
        const text = format.write(event);
        // Backpressure: a source that never yields to the event loop (SQLite reads are synchronous under
        // their promises) would otherwise buffer the whole answer before the first byte leaves.
        if (text !== undefined && !stream.write(text)) await once(stream, 'drain');
      }
    } catch (error) {
      const text = closed ? undefined : format.onFailure(error);
      if (text !== undefined) stream.write(text);
    } finally {
      close();
    }
  })();
}
