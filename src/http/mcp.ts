import type { Middleware } from 'koa';
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
    if (/json/i.test(ctx.get('content-type'))) assertJsonDepth(body.toString('utf8'));
    const { serverFor, Transport } = await load();
    const server = serverFor(info);
    const transport = new Transport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      await answerWith(ctx, await transport.handleRequest(fetchRequestOf(ctx, body)));
    } finally {
      await server.close();
    }
  };
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
