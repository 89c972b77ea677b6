import { invoicesCommand, INVOICES_USAGE } from './cli/invoices';
import { startServer } from './cli/serve';
import { describeStartupError, isDebug } from './cli/startup-error';
import { tokensCommand, TOKENS_USAGE } from './cli/tokens';
import { UsageError } from './cli/usage';
import { withDatabase } from './cli/with-database';
import { workspacesCommand, WORKSPACES_USAGE } from './cli/workspaces';
import { loadConfig } from './config';
import { AppError } from './services/errors';

const USAGE = `Usage:
parley serve                 migrate, then serve HTTP on PORT (default 3000)
parley migrate               apply pending database migrations
${TOKENS_USAGE}
${INVOICES_USAGE}
${WORKSPACES_USAGE}
parley help                  this list

PARLEY_DEBUG=1 adds stack traces to error messages.`;

async function serve(): Promise<void> {
  const config = loadConfig();
  const server = await startServer(config);
  const stop = () => {
    // A second signal while draining stops at once.
    process.once('SIGINT', () => process.exit(1));
    process.once('SIGTERM', () => process.exit(1));
    server.shutdown(config.shutdownMs ?? 10_000).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`parley: shutdown failed: ${describeStartupError(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function run(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  switch (command) {
    case 'serve':
      return serve();
    case 'migrate':
      return withDatabase(async () => console.log('Database is up to date.'));
    case 'tokens':
      return tokensCommand(args);
    case 'invoices':
      return invoicesCommand(args);
    case 'workspaces':
      return workspacesCommand(args);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return;
    default:
      throw new UsageError(USAGE);
  }
}

/** node:util parseArgs rejects unknown options and missing values with ERR_PARSE_ARGS_* errors: bad flags too. */
function isParseArgsError(error: unknown): error is Error {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

run(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || isParseArgsError(error)) {
    console.error(error.message);
    process.exit(2);
  }
  if (error instanceof AppError) {
    const details = error.issues.map((issue) => `  ${issue.path?.join('.') ?? ''}: ${issue.message}`).join('\n');
    console.error(`${error.message}${details ? '\n' + details : ''}`);
    process.exit(1);
  }
  console.error(`parley: ${describeStartupError(error)}`);
  if (isDebug()) console.error(error);
  process.exit(1);
});
