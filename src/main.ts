import { parseArgs } from 'node:util';
import { isClusterWorker, workerLog } from './cli/cluster-role';
import { limitHeapGrowth } from './cli/heap-growth';
import { describeStartupError } from './cli/startup-error';
import { UsageError } from './cli/usage';
import {
  IMPORT_USAGE,
  INVOICES_USAGE,
  MCP_USAGE,
  TOKENS_USAGE,
  USERS_USAGE,
  WORKSPACES_USAGE,
} from './cli/usage-texts';
import { isDebug, loadConfig, type Config } from './config';
import { AppError } from './errors';

// Each command loads its own modules when it runs: a cluster's primary, which
// only forks and watches its workers, never loads the server, the GraphQL
// schema or Prisma (~210 MB resident otherwise).

const USAGE = `Usage:
parley serve [--workers N]    migrate, then serve HTTP on PARLEY_PORT (default 3000) with N processes (PARLEY_WORKERS, default 1)
parley migrate               apply pending database migrations
${TOKENS_USAGE}
${USERS_USAGE}
${INVOICES_USAGE}
${WORKSPACES_USAGE}
${MCP_USAGE}
${IMPORT_USAGE}
parley help                  this list

PARLEY_DEBUG=1 adds stack traces to error messages.`;

/** `--workers N`, else PARLEY_WORKERS (default 1). */
function workersWanted(args: string[], config: Config): number {
  const { values } = parseArgs({ args, options: { workers: { type: 'string' } }, strict: true });
  if (values.workers === undefined) return config.server.workers;
  const raw = values.workers;
  const workers = Number(raw);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new UsageError(`--workers must be a whole number from 1 to 64 (got ${raw})`);
  return workers;
}

async function serve(args: string[]): Promise<void> {
  const config = loadConfig();
  limitHeapGrowth(config.server.heapGrowthPercent);
  if (!isClusterWorker()) {
    const workers = workersWanted(args, config);
    if (workers > 1) return (await import('./cli/cluster')).serveCluster(config, workers);
  }
  const { startServer } = await import('./cli/serve');
  const server = await startServer(config, isClusterWorker() ? workerLog : console.log);
  const stop = () => {
    // A second signal while draining stops at once.
    process.once('SIGINT', () => process.exit(1));
    process.once('SIGTERM', () => process.exit(1));
    server.shutdown(config.server.shutdownMs).then(
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
      return serve(args);
    case 'prepare-storage':
      // Internal: a cluster's primary runs the start-up preparation in this child process (see cli/cluster.ts).
      return (await import('./cli/serve')).prepareStorageOnce(loadConfig());
    case 'migrate':
      return (await import('./cli/with-database')).withDatabase(async () => console.log('Database is up to date.'));
    case 'tokens':
      return (await import('./cli/tokens')).tokensCommand(args);
    case 'invoices':
      return (await import('./cli/invoices')).invoicesCommand(args);
    case 'users':
      return (await import('./cli/users')).usersCommand(args);
    case 'workspaces':
      return (await import('./cli/workspaces')).workspacesCommand(args);
    case 'mcp':
      return (await import('./cli/mcp')).mcpCommand(loadConfig());
    case 'import':
      return (await import('./cli/import')).importCommand(args);
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
