import { chatPortOf, loadConfig } from '../config';
import { CONFIG_SCHEMA } from '../config/schema';
import { sourceOf } from '../config/setting';
import { DatabaseSetupError, errorCode, firstLine } from '../db/setup-error';

/**
 * One line for an error that stopped a command, saying what to do where we
 * know it. The stack trace is for developers: printed only with PARLEY_DEBUG=1.
 */
export function describeStartupError(error: unknown, env: NodeJS.ProcessEnv = process.env): string {
  if (error instanceof DatabaseSetupError) return error.message;
  const code = errorCode(error);
  const syscall = (error as { syscall?: unknown } | null)?.syscall;
  if (syscall === 'listen') {
    // Read again, quietly: the failed command did read it (its server was about to listen).
    const { server } = loadConfig(env, () => undefined);
    const port = (error as { port?: unknown }).port ?? server.port;
    // The chat pages listen on a port of their own (the console's + 1 unless PARLEY_CHAT_PORT says otherwise).
    const setting =
      String(port) !== String(server.port) && String(port) === String(chatPortOf(server))
        ? 'PARLEY_CHAT_PORT'
        : sourceOf(CONFIG_SCHEMA.server.port, env);
    if (code === 'EADDRINUSE')
      return `Port ${String(port)} is already in use: stop the other process or set ${setting} to a free port.`;
    if (code === 'EACCES')
      return `Not allowed to listen on port ${String(port)}: choose a port above 1023 with ${setting}.`;
    return `Cannot listen on port ${String(port)}: ${firstLine(error)}`;
  }
  return firstLine(error);
}
