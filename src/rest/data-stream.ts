import type { Context } from 'koa';
import { respondWithStream, type EventStream } from './event-body';

// The AI SDK "data stream" format the Typebot web embeds read from their
// stream endpoint (one part per line: `0:<JSON text>` for text, `3:<JSON
// string>` for an error). Only the alias speaks it; Parley's own route
// answers server-sent events.

const errorPart = (message: unknown) => `3:${JSON.stringify(JSON.stringify({ description: message }))}\n`;

/** Writes a stream route's events (`{text}` parts, or `{error}` last) as data-stream lines. */
export function respondWithDataStream(ctx: Context, events: EventStream): void {
  respondWithStream(ctx, events, {
    contentType: 'text/plain; charset=utf-8',
    write: (event) => {
      const part = event as { text?: unknown; error?: { message?: unknown } };
      if (typeof part.text === 'string') return `0:${JSON.stringify(part.text)}\n`;
      return part.error ? errorPart(part.error.message) : undefined;
    },
    onFailure: (error) => errorPart(error instanceof Error ? error.message : String(error)),
  });
}
