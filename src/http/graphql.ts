import { Readable, Transform } from 'node:stream';
import type { GraphQLSchema } from 'graphql';
import { createYoga } from 'graphql-yoga';
import type { Context, Middleware } from 'koa';
import {
  requestInfo,
  type Authentication,
  type GraphQLContext,
  type HttpExchange,
  type RequestInfo,
} from '../graphql/context';
import { maskError } from '../graphql/errors';
import { STATUS_BY_CODE } from '../errors';
import { answeredByRefusal } from '../rest/router';
import { graphqlLimitPlugins, type GraphQLLimits } from './graphql-limits';
import { requestErrorsAreBadRequests } from './graphql-request-errors';
import { fetchRequestOf } from './fetch-request';
import { readRawBody, unsupportedMediaType } from './middleware/body';
import { assertJsonDepth } from './middleware/json-depth';
import {
  clearEverySessionCookie,
  clearSessionCookies,
  mayUseSession,
  sessionCookieOf,
  setSessionCookie,
} from './console-session';

export interface GraphQLEndpointOptions {
  schema: GraphQLSchema;
  createContext(request: RequestInfo, http: HttpExchange): Promise<GraphQLContext>;
  /** Who the request's credentials are: asked before its body is read, the context reuses the answer. */
  authenticate(request: RequestInfo): Promise<Authentication>;
  bodyLimit: number;
  /** The limit for requests that valid credentials did not authenticate (they may not send bot definitions of bodyLimit's size). */
  anonymousBodyLimit: number;
  /** PARLEY_PUBLIC_URL: an https address makes the session cookie Secure behind a TLS-terminating proxy. */
  publicUrl?: string;
  /** The console origin for a request with this Host: the only origin whose requests may use the session cookie. */
  consoleOrigin(host: string): string | undefined;
  graphiql: boolean;
  limits: GraphQLLimits;
  /** PARLEY_LIVE_HEARTBEAT_SECONDS, in ms: how often a subscription's event stream says it is alive. */
  heartbeatMs?: number;
}

/**
 * /graphql through graphql-yoga. The body is read here first so the same size
 * limit and error object apply as on REST; yoga then gets a fetch Request.
 */
export function graphqlEndpoint(options: GraphQLEndpointOptions): Middleware {
  const yoga = createYoga<
    { koa?: { state: Record<string, unknown>; info: RequestInfo; http: HttpExchange } },
    GraphQLContext
  >({
    schema: options.schema,
    graphqlEndpoint: '/graphql',
    graphiql: options.graphiql,
    // GraphiQL's page and scripts come from the npm package, not a CDN: it works offline and behind locked-down egress.
    // Loaded on the first page view: the inlined bundle costs ~50 MB of memory that API-only servers never need.
    renderGraphiQL: async (graphiqlOptions) =>
      (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(graphiqlOptions),
    landingPage: false,
    logging: false,
    batching: false,
    // Before the mask (yoga adds it after these): the mask must see client errors as GraphQL's own.
    plugins: [...graphqlLimitPlugins(options.limits), requestErrorsAreBadRequests(options.limits.introspection)],
    maskedErrors: { maskError },
    // Browsers never send cookies cross-origin to /graphql: a bearer token is how other sites' dashboards call it.
    cors: (request) => ({ origin: request.headers.get('origin') ?? '*', credentials: false }),
    context: async ({ koa }) => {
      const context = await options.createContext(koa!.info, koa!.http);
      // GraphQL answers an unknown token with 200 and an error: the rate limit still learns of it.
      if (context.authFailure === 'invalid' && koa) koa.state.authFailed = true;
      return context;
    },
  });
  return async (ctx) => {
    const hasBody = ctx.method !== 'GET' && ctx.method !== 'HEAD';
    const info: RequestInfo = {
      ...requestInfo((name) => ctx.get(name)),
      session: sessionOf(ctx, options),
      // Spent by startPreviewChat itself when nobody is authenticated, whatever the body's type (rate limits on).
      spendAnonymousPreview: ctx.state.spendAnonymousPreview as RequestInfo['spendAnonymousPreview'],
      clientAddress: ctx.state.clientAddress as string | undefined,
      answerRefusal: (error) => {
        ctx.status = STATUS_BY_CODE[error.code];
        ctx.body = { code: error.code, message: error.message, issues: error.issues };
        ctx.state.refused = true;
      },
      spendRevision: ctx.state.spendRevision as RequestInfo['spendRevision'],
    };
    // Anonymous unless valid credentials authenticated it: an Authorization header of any other kind changes nothing.
    info.authentication = await options.authenticate(info);
    const anonymous = !info.authentication.viewer;
    const body = hasBody
      ? await readRawBody(ctx.req, anonymous ? options.anonymousBodyLimit : options.bodyLimit)
      : undefined;
    if (body && /json/i.test(ctx.get('content-type'))) assertJsonDepth(body.toString('utf8'));
    const response = await yoga.fetch(fetchRequestOf(ctx, body), {
      koa: { state: ctx.state as Record<string, unknown>, info, http: exchange(ctx, options.publicUrl) },
    });
    // A rate limit or a live stream's cap refused the operation while it ran: its answer (429) stands.
    // Yoga's stream of the refused subscription is cancelled: unread, it would keep its keep-alive timer.
    if (answeredByRefusal(ctx)) return void (await response.body?.cancel().catch(() => undefined));
    // yoga answers a body it cannot read (a form's text/plain, say) with an empty 415: give the error object instead.
    if (response.status === 415) throw unsupportedMediaType(ctx);
    ctx.status = response.status;
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') ctx.set(name, value);
    });
    if (response.body && isStream(response.headers.get('content-type'))) {
      // Written as it comes. Koa destroys the body stream when the client goes away, which cancels
      // yoga's stream and so returns the subscription's iterator (its listener is released).
      ctx.set('X-Accel-Buffering', 'no');
      const body = nodeReadable(response.body);
      ctx.body =
        options.heartbeatMs && isEventStream(response.headers.get('content-type'))
          ? withHeartbeat(body, options.heartbeatMs)
          : body;
      return;
    }
    ctx.body = Buffer.from(await response.arrayBuffer());
  };
}

/**
 * The session cookie, refused when the request could come from another origin
 * (src/http/console-session.ts), or when it came with several: those are
 * expired here, before anything this request sets (a new sign-in's cookie).
 */
function sessionOf(
  ctx: Context,
  options: Pick<GraphQLEndpointOptions, 'publicUrl' | 'consoleOrigin'>,
): RequestInfo['session'] {
  const cookie = sessionCookieOf(ctx, options.publicUrl);
  if (!cookie) return undefined;
  if (cookie.kind === 'several') {
    clearEverySessionCookie(ctx, options.publicUrl);
    return { kind: 'several' };
  }
  const refused = !mayUseSession(ctx, cookie.secret, options.consoleOrigin(ctx.host));
  return { kind: 'one', secret: cookie.secret, refused };
}

function exchange(ctx: Context, publicUrl: string | undefined): HttpExchange {
  return {
    setSessionCookies: (session) => setSessionCookie(ctx, publicUrl, session),
    clearSessionCookies: () => clearSessionCookies(ctx, publicUrl),
    reportAuthFailure() {
      ctx.state.signInFailed = true;
    },
    assertMayTrySignIn: async () => {
      const gate = ctx.state.assertMayTrySignIn as (() => Promise<void>) | undefined;
      await gate?.();
    },
  };
}

/** Subscriptions (and incremental delivery) answer with a stream that must not be buffered whole. */
function isStream(contentType: string | null): boolean {
  return /^(text\/event-stream|multipart\/mixed)\b/i.test(contentType ?? '');
}

function isEventStream(contentType: string | null): boolean {
  return /^text\/event-stream\b/i.test(contentType ?? '');
}

/**
 * A subscription's event stream with a comment line every `everyMs`
 * (docs/co-editing.md#the-flow-editors-side), its period in it
 * (`: heartbeat 15000`) so that a client knows how long a silence may last
 * before the connection is dead although open (a peer gone without closing
 * it): yoga's own pings are fixed and say nothing. A beat due in the middle
 * of an event (yoga writes its `event:` and `data:` lines apart) waits for
 * the event's end, where a comment cannot split it.
 */
function withHeartbeat(source: Readable, everyMs: number): Readable {
  const beat = `: heartbeat ${everyMs}\n\n`;
  // Until yoga's first chunk is read its subscription is not listening: nothing may tell the client it is open before.
  let atBoundary = false;
  let owed = true;
  const timer = setInterval(() => {
    if (atBoundary) out.push(beat);
    else owed = true;
  }, everyMs);
  timer.unref();
  const out = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      this.push(chunk);
      atBoundary = chunk.length >= 2 && chunk[chunk.length - 1] === 10 && chunk[chunk.length - 2] === 10;
      if (atBoundary && owed) {
        owed = false;
        this.push(beat);
      }
      done();
    },
  });
  // Koa destroys the body when the client goes away: the source goes too, which ends the subscription.
  out.on('close', () => {
    clearInterval(timer);
    source.destroy();
  });
  source.on('error', (error) => out.destroy(error));
  source.pipe(out);
  return out;
}

/**
 * yoga's body (a web stream; yoga's own implementation, which Readable.fromWeb
 * refuses) as a Node stream. Destroying it cancels the web stream, and
 * yoga's cancel returns the subscription's iterator.
 */
function nodeReadable(body: ReadableStream<Uint8Array>): Readable {
  const reader = body.getReader();
  return new Readable({
    read() {
      reader.read().then(
        (chunk) => this.push(chunk.done ? null : chunk.value),
        (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
      );
    },
    destroy(error, callback) {
      reader.cancel(error ?? undefined).then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}
