import type { Context, Middleware } from 'koa';
import { noViewerError, requestInfo, type Authentication, type RequestInfo } from '../graphql/context';
import { answerWith, fetchRequestOf } from './fetch-request';
import { readRawBody } from './middleware/body';
import { assertJsonDepth } from './middleware/json-depth';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export interface McpEndpointOptions {
  authenticate(request: RequestInfo): Promise<Authentication>;
  /**
   * Loads what makes an assistant server for a request's caller. Called once,
   * with the first request: the MCP SDK and the tools are about a fifth of a
   * server's start, which most servers would pay for nothing.
   */
  loadServerFactory(): Promise<(request: RequestInfo) => McpServer>;
  bodyLimit: number;
  /** PARLEY_MCP_CONCURRENCY: requests one token may have in progress at once (in this process). */
  concurrencyPerToken: number;
}

/** PARLEY_MCP_CONCURRENCY's default. */
export const DEFAULT_MCP_CONCURRENCY = 4;

/**
 * What a JSON-RPC batch (an array of messages) is answered: MCP's current
 * protocol has no batches, and one request carrying a hundred tool calls
 * would count once against the builder rate limit.
 */
export const NO_BATCHES =
  'Batches are not accepted: send one JSON-RPC message per request (MCP since 2025-06-18 has no batches)';

/** A JSON-RPC error answer, as MCP clients read a refusal of the transport. */
function jsonRpcRefusal(ctx: Context, status: number, code: number, message: string): void {
  ctx.status = status;
  ctx.body = { jsonrpc: '2.0', id: null, error: { code, message } };
}

/**
 * POST /mcp: MCP's Streamable HTTP transport, stateless (no session to keep:
 * any process of a cluster answers any request) and answering JSON rather than
 * a stream (every tool answers once). Without sessions there is no stream to
 * resume (GET) nor session to end (DELETE): those are 405, as the spec allows. The bearer token is checked before the
 * body is read; without a valid one the answer is the API's 401.
 */
export function mcpEndpoint(options: McpEndpointOptions): Middleware {
  let loaded: Promise<Loaded> | undefined;
  const load = () => (loaded ??= loadAssistant(options));
  // Requests in progress per token: tool calls run GraphQL operations and previews, each holding work until it ends.
  const inProgress = new Map<string, number>();
  return async (ctx) => {
    const info: RequestInfo = requestInfo((name) => ctx.get(name));
    info.authentication = await options.authenticate(info);
    if (!info.authentication.viewer) {
      // The rate limit's budget of failed tokens learns of it (a missing header is no failed token).
      if (info.authentication.failure === 'invalid') ctx.state.authFailed = true;
      ctx.set('WWW-Authenticate', 'Bearer realm="parley"');
      throw noViewerError({ authFailure: info.authentication.failure });
    }
    const body = await readRawBody(ctx.req, options.bodyLimit);
    const text = body.toString('utf8');
    if (/json/i.test(ctx.get('content-type'))) assertJsonDepth(text);
    if (text.trimStart().startsWith('[')) return jsonRpcRefusal(ctx, 400, -32600, NO_BATCHES);
    const viewer = info.authentication.viewer;
    const key = viewer.tokenId ?? `session:${viewer.sessionId}`;
    const running = inProgress.get(key) ?? 0;
    if (running >= options.concurrencyPerToken) {
      ctx.set('Retry-After', '1');
      ctx.status = 429;
      ctx.body = {
        code: 'TOO_MANY_REQUESTS',
        message:
          `This token already has ${running} requests in progress, the most it may have at once ` +
          '(PARLEY_MCP_CONCURRENCY): send the next when one has answered',
        issues: [],
      };
      return;
    }
    inProgress.set(key, running + 1);
    try {
      await answer(ctx, info, body, await load());
    } finally {
      const left = (inProgress.get(key) ?? 1) - 1;
      if (left > 0) inProgress.set(key, left);
      else inProgress.delete(key);
    }
  };
}

/** One message through a server made for the caller, closed once it has answered. */
async function answer(ctx: Context, info: RequestInfo, body: Buffer, { serverFor, Transport }: Loaded): Promise<void> {
  const server = serverFor(info);
  const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    await answerWith(ctx, await transport.handleRequest(fetchRequestOf(ctx, body)));
  } finally {
    await server.close();
  }
}

interface Loaded {
  serverFor(request: RequestInfo): McpServer;
  Transport: typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js').WebStandardStreamableHTTPServerTransport;
}

async function loadAssistant(options: McpEndpointOptions): Promise<Loaded> {
  const [serverFor, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
    options.loadServerFactory(),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);
  return { serverFor, Transport: WebStandardStreamableHTTPServerTransport };
}
