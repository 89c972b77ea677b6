import type { TypedDocumentString } from './generated';

// The console's only way to the server: the public GraphQL API at /graphql,
// authenticated by the httpOnly session cookie plus the CSRF header. The token
// comes in the /app page itself (a meta tag) and in the sign-in answer: never
// from a cookie, which every page of the host (the chat pages' port too) could read.

export interface Issue {
  message: string;
  path?: (string | number)[];
}

/** The documented error object, as GraphQL carries it (message, extensions.code, extensions.issues). */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly issues: Issue[] = [],
  ) {
    super(message);
  }
}

interface GraphQLErrorJson {
  message: string;
  extensions?: { code?: string; issues?: Issue[] };
}

const signedOutListeners = new Set<() => void>();

/** Called when the server says the session is gone (signed out elsewhere, expired). */
export function onSignedOut(listener: () => void): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

const csrfMeta = () => document.querySelector<HTMLMetaElement>('meta[name="parley-csrf"]');

/** A sign-in's answer carries the new session's token; the page keeps it where a reload would put it. */
export function setCsrfToken(token: string): void {
  let meta = csrfMeta();
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'parley-csrf';
    document.head.append(meta);
  }
  meta.content = token;
}

/** The chat origin (public pages, the preview frame), as the /app page names it; this origin when absent. */
export function chatOrigin(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="parley-chat-origin"]')?.content || location.origin;
}

function headers(accept: string): Record<string, string> {
  return { 'content-type': 'application/json', accept, 'x-parley-csrf': csrfMeta()?.content ?? '' };
}

function toError(error: GraphQLErrorJson): ApiError {
  const apiError = new ApiError(
    error.extensions?.code ?? 'INTERNAL_SERVER_ERROR',
    error.message,
    error.extensions?.issues ?? [],
  );
  if (apiError.code === 'UNAUTHORIZED') for (const listener of signedOutListeners) listener();
  return apiError;
}

/** The documented error object a refusal before GraphQL answers with (a rate limit, a body too large…). */
interface ErrorObjectJson {
  code?: string;
  message?: string;
  issues?: Issue[];
}

/**
 * An answer that is no GraphQL result: the error object it carries, else its
 * status. A 429's generic words are made exact with its Retry-After.
 */
function refusalOf(response: Response, body: ErrorObjectJson | null): ApiError {
  if (!body || typeof body.message !== 'string')
    return new ApiError('INTERNAL_SERVER_ERROR', `The server answered ${response.status}`);
  const retryAfter = Number(response.headers.get('retry-after'));
  const message =
    response.status === 429 && body.message === 'Too many requests, retry later' && retryAfter > 0
      ? `Too many requests from this address: try again in ${retryAfter} ${retryAfter === 1 ? 'second' : 'seconds'}`
      : body.message;
  return new ApiError(body.code ?? 'INTERNAL_SERVER_ERROR', message, body.issues ?? []);
}

export interface RequestOptions {
  /** Let the request outlive the page (sent from pagehide: the browser would otherwise cancel it). */
  keepalive?: boolean;
}

export async function request<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
  variables?: Variables,
  options: RequestOptions = {},
): Promise<Result> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: options.keepalive ?? false,
      headers: headers('application/graphql-response+json, application/json'),
      body: JSON.stringify({ query: document.toString(), variables: variables ?? {} }),
    });
  } catch {
    throw new ApiError('NETWORK', 'The server cannot be reached');
  }
  const body = (await response.json().catch(() => null)) as
    ({ data?: Result; errors?: GraphQLErrorJson[] } & ErrorObjectJson) | null;
  if (body?.errors?.length) throw toError(body.errors[0]!);
  // Refused before GraphQL ran (a rate limit): the documented error object, not a result to read fields of.
  if (!body || body.data === undefined || body.data === null) throw refusalOf(response, body);
  return body.data;
}

/** A stream silent for this many of its heartbeat periods is taken for dead (one late beat is not enough). */
const HEARTBEAT_SILENCE = 2.5;

export interface Subscription {
  close(): void;
}

/**
 * A GraphQL subscription over server-sent events (fetch, so the CSRF header
 * goes along; EventSource cannot send headers). `open` once the server has
 * subscribed (it answered the stream), `complete` when it ends the stream.
 */
export function subscribe<Result, Variables>(
  document: TypedDocumentString<Result, Variables>,
  variables: Variables,
  handlers: { next(data: Result): void; open?(): void; error?(error: ApiError): void; complete?(): void },
): Subscription {
  const controller = new AbortController();
  // The server says how often it writes a heartbeat (`: heartbeat <ms>`): a
  // longer silence means the connection died without closing (a peer or a
  // network gone), and it is given up as lost so that the caller opens it again.
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let silenceMs: number | undefined;
  const heard = () => {
    if (silenceMs === undefined) return;
    clearTimeout(quiet);
    quiet = setTimeout(() => {
      controller.abort();
      handlers.error?.(new ApiError('NETWORK', 'The live connection went quiet'));
    }, silenceMs);
  };
  const run = async () => {
    const response = await fetch('/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers: headers('text/event-stream'),
      body: JSON.stringify({ query: document.toString(), variables }),
      signal: controller.signal,
    });
    if (!response.ok || !response.body)
      throw refusalOf(response, (await response.json().catch(() => null)) as ErrorObjectJson | null);
    handlers.open?.();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const beat = /^: heartbeat (\d+)$/m.exec(event);
        if (beat) silenceMs = HEARTBEAT_SILENCE * Number(beat[1]);
        if (/^event: complete$/m.test(event)) {
          clearTimeout(quiet);
          handlers.complete?.();
          return;
        }
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (!data) continue;
        const payload = JSON.parse(data) as { data?: Result; errors?: GraphQLErrorJson[] };
        if (payload.errors?.length) handlers.error?.(toError(payload.errors[0]!));
        else if (payload.data) handlers.next(payload.data);
      }
      heard();
    }
    clearTimeout(quiet);
    handlers.complete?.();
  };
  run().catch((error: unknown) => {
    clearTimeout(quiet);
    if (controller.signal.aborted) return;
    handlers.error?.(error instanceof ApiError ? error : new ApiError('NETWORK', 'The live connection was lost'));
  });
  return {
    close: () => {
      clearTimeout(quiet);
      controller.abort();
    },
  };
}
