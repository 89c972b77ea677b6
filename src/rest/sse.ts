import { PassThrough } from 'node:stream';
import type { Context } from 'koa';

/** Comment lines sent this often keep proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

/**
 * Writes events as server-sent events (`data: <json>` blocks) until they end
 * or the client goes away (then the events' generator is closed, which ends
 * the subscription behind it).
 */
export function respondWithEvents(ctx: Context, events: AsyncGenerator<unknown>): void {
  const stream = new PassThrough();
  ctx.status = 200;
  ctx.set('Content-Type', 'text/event-stream; charset=utf-8');
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('Connection', 'keep-alive');
  // Proxies such as nginx buffer responses unless told not to.
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = stream;
  stream.write(': stream open\n\n');
  const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
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
        stream.write(`data: ${JSON.stringify(event)}\n\n`);
      }
    } catch (error) {
      console.error('[parley] event stream failed:', error);
    } finally {
      close();
    }
  })();
}
