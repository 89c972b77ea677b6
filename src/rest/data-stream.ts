import { PassThrough } from 'node:stream';
import type { Context } from 'koa';

// The AI SDK "data stream" format the Typebot web embeds read from their
// stream endpoint (one part per line: `0:<JSON text>` for text, `3:<JSON
// string>` for an error). Only the alias speaks it; Parley's own route
// answers server-sent events.

/** Writes a stream route's events (`{text}` parts, or `{error}` last) as data-stream lines until they end or the client goes away. */
export function respondWithDataStream(ctx: Context, events: AsyncGenerator<unknown>): void {
  const stream = new PassThrough();
  ctx.status = 200;
  ctx.set('Content-Type', 'text/plain; charset=utf-8');
  ctx.set('Cache-Control', 'no-cache, no-transform');
  ctx.set('X-Accel-Buffering', 'no');
  ctx.body = stream;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    void events.return(undefined);
    stream.end();
  };
  ctx.req.on('close', close);
  void (async () => {
    try {
      for await (const event of events) {
        if (closed) break;
        const part = event as { text?: unknown; error?: { message?: unknown } };
        if (typeof part.text === 'string') stream.write(`0:${JSON.stringify(part.text)}\n`);
        else if (part.error) stream.write(`3:${JSON.stringify(JSON.stringify({ description: part.error.message }))}\n`);
      }
    } catch (error) {
      if (!closed) stream.write(`3:${JSON.stringify(JSON.stringify({ description: error instanceof Error ? error.message : String(error) }))}\n`);
    } finally {
      close();
    }
  })();
}
