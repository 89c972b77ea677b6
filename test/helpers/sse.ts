// A server-sent events client over fetch for the tests: it records every
// message as it arrives (comments too, which tell that the stream is open),
// so a test can wait for the next one or check that none came.

export interface SseMessage {
  /** `event:` field (absent: the default "message"). */
  event?: string;
  /** The `data:` lines, joined. */
  data: string;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Everything received so far, as text. */
  readonly text: string;
  readonly messages: SseMessage[];
  /** Resolves once the stream sent its first bytes (the server has subscribed by then). */
  opened: Promise<void>;
  /** Why the stream broke, when the server cut it instead of ending it. */
  readonly failure: unknown;
  /** Resolves when the server ended the stream. */
  ended: Promise<void>;
  /** The `count`-th message (1-based) once it came, or an error after `timeoutMs`. */
  message(count: number, timeoutMs?: number): Promise<SseMessage>;
  /** The client goes away (the connection is aborted). */
  close(): void;
}

function parseBlock(block: string): SseMessage | undefined {
  const data: string[] = [];
  let event: string | undefined;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (event === undefined && data.length === 0) return undefined;
  return { ...(event !== undefined ? { event } : {}), data: data.join('\n') };
}

export async function openSse(url: string, init: RequestInit = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, {
    ...init,
    signal: abort.signal,
    headers: { accept: 'text/event-stream', ...(init.headers as Record<string, string>) },
  });
  const messages: SseMessage[] = [];
  let text = '';
  let pending = '';
  let wake: (() => void) | undefined;
  let failure: unknown;
  let markOpened!: () => void;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const piece = decoder.decode(chunk, { stream: true });
        text += piece;
        pending += piece;
        markOpened();
        let end: number;
        while ((end = pending.indexOf('\n\n')) >= 0) {
          const message = parseBlock(pending.slice(0, end));
          pending = pending.slice(end + 2);
          if (message) messages.push(message);
        }
        wake?.();
      }
    } catch (error) {
      // A connection cut by the server (rather than by close()) shows in `failure`.
      if (!abort.signal.aborted) failure = error;
    } finally {
      markOpened();
      wake?.();
    }
  })();
  let done = false;
  void ended.finally(() => (done = true));
  return {
    status: response.status,
    headers: response.headers,
    get text() {
      return text;
    },
    get failure() {
      return failure;
    },
    messages,
    opened,
    ended,
    async message(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (done)
          throw new Error(`stream ended after ${messages.length} messages, wanted ${count}: ${JSON.stringify(text)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no message ${count} after ${timeoutMs} ms: ${JSON.stringify(text)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      return messages[count - 1]!;
    },
    close: () => abort.abort(),
  };
}
