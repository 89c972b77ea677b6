import http from 'node:http';

// A minimal server-sent events reader for the handoff bench: one GET kept
// open, each event's `data:` handed to a callback as parsed JSON.

export interface EventStream {
  /** Resolves with the status once the answer's headers arrive. */
  opened: Promise<number>;
  close(): void;
}

export function followEvents(
  url: string,
  headers: Record<string, string>,
  onEvent: (data: any) => void,
  onEnd: (error?: Error) => void,
): EventStream {
  let buffered = '';
  let settle!: (status: number) => void;
  let fail!: (error: Error) => void;
  const opened = new Promise<number>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  // Its own agent: a stream holds its socket for the whole run.
  const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
    settle(response.statusCode ?? 0);
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (data) onEvent(JSON.parse(data));
      }
    });
    response.on('end', () => onEnd());
    response.on('error', (error) => onEnd(error));
  });
  request.on('error', (error) => {
    fail(error);
    onEnd(error);
  });
  return { opened, close: () => request.destroy() };
}

/** Milliseconds on a clock every part of the bench process shares (sub-millisecond). */
export const clock = () => performance.timeOrigin + performance.now();

/** Runs `tasks` with at most `width` in flight. */
export async function pool<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}
