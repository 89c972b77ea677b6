import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { chatPortOf, type Config } from '../config';
import { unauthorized } from '../errors';
import { authenticateRequest, createContext } from '../graphql/context';
import { toPublicError } from '../graphql/errors';
import { schema } from '../graphql/schema';
import { operationRunner } from '../mcp/execute';
import { GuardedTransport } from '../mcp/guarded-transport';
import { compileAssistantOperations } from '../mcp/operations';
import { createAssistantServer, parleyVersion } from '../mcp/server';
import { createLogger } from '../observability/logger';
import { buildServerDeps } from './server-deps';
import { prepareStorage } from './serve';
import { UsageError } from './usage';

/** Why a session ends when its token stops being valid (revoked, or its user deleted): the assistant shows it. */
export const TOKEN_GONE =
  'This API token was revoked or no longer exists: set PARLEY_TOKEN to a valid token and restart parley mcp';

/**
 * `parley mcp`: the assistants' server for a desktop assistant that starts it
 * as a child process. Standard output is the protocol's: every log line and
 * message goes to standard error. It opens the configured database as the
 * server does (run it with the same settings) and acts as the token's user:
 * the same roles and workspaces as that token on the API, checked at every
 * request as the API checks it.
 */
export async function mcpCommand(config: Config): Promise<void> {
  const token = process.env.PARLEY_TOKEN?.trim();
  if (!token)
    throw new UsageError(
      'parley mcp needs an API token in PARLEY_TOKEN (make one in the console under API tokens, or with parley tokens create)',
    );
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const logger = createLogger(config.log, { write: (line: string) => process.stderr.write(line) });
  const { database, secrets } = await prepareStorage(config, log);
  const built = await buildServerDeps(config, { database, secrets, logger });
  const close = async () => {
    await built.live.close();
    await built.code.close();
    await database.close();
  };
  const request = {
    authorization: `Bearer ${token}`,
    // Links (share pages, export downloads) name where the server answers: its configured origins, else this host's ports.
    consoleBaseUrl: config.server.publicUrl ?? `http://localhost:${config.server.port}`,
    chatBaseUrl: config.server.chatUrl ?? `http://localhost:${chatPortOf(config.server)}`,
  };
  const authentication = await authenticateRequest(database.db, request);
  if (!authentication.viewer) {
    await close();
    throw new UsageError('PARLEY_TOKEN is not a valid API token (unknown or revoked)');
  }
  // Each operation authenticates the token again (as each HTTP request does), and reads memberships afresh.
  const run = operationRunner(schema, compileAssistantOperations(schema), () => createContext(built.deps, request));
  const server = createAssistantServer(run, parleyVersion());
  // The assistant ends the session by closing our standard input; a token gone ends it too.
  let closing = false;
  const stop = (exitCode?: number) => {
    if (closing) return;
    closing = true;
    const end = exitCode === undefined ? undefined : () => process.exit(exitCode);
    void server.close().then(close, close).finally(end);
  };
  const transport = new GuardedTransport(new StdioServerTransport(), {
    stillValid: async () => (await authenticateRequest(database.db, request)).viewer !== null,
    // -32000, what the SDK's own transports answer a refused request with; the session closes after it.
    refusal: {
      code: ErrorCode.ConnectionClosed,
      message: TOKEN_GONE,
      data: toPublicError(unauthorized(TOKEN_GONE)).body,
    },
    onGone: () => {
      log(TOKEN_GONE);
      stop(1);
    },
    onCheckFailed: (error) => log(`parley mcp: could not check the API token: ${String(error)}`),
  });
  transport.onclose = () => stop();
  process.stdin.once('end', () => stop());
  process.once('SIGINT', () => stop());
  process.once('SIGTERM', () => stop());
  await server.connect(transport);
  log(`Parley MCP server ready on stdio (${database.provider})`);
}
