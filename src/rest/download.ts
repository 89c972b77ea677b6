import type { Context } from 'koa';
import { respondWithStream, type EventStream } from './event-body';

const TYPES = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' } as const;

/**
 * Writes an export route's events (`{line}`) as a file download, each line
 * as it comes. A failure after the first bytes cannot change the status: the
 * download ends short and the failure is logged.
 */
export function respondWithDownload(ctx: Context, events: EventStream, format: keyof typeof TYPES): void {
  ctx.set('Content-Disposition', `attachment; filename="results.${format}"`);
  respondWithStream(ctx, events, {
    contentType: TYPES[format],
    write: (event) => {
      const line = (event as { line?: unknown }).line;
      return typeof line === 'string' ? line : undefined;
    },
    onFailure: (error) => {
      console.error('[parley] export failed:', error);
      return undefined;
    },
  });
}
