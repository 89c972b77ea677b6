import { chatPortOf } from '../config';
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
    const port = (error as { port?: unknown }).port ?? env.PORT ?? 3000;
    // The chat pages listen on a port of their own (PORT + 1 unless PARLEY_CHAT_PORT says otherwise).
    const chatPort = chatPortOf({
      port: Number(env.PORT ?? 3000),
      chatPort: env.PARLEY_CHAT_PORT ? Number(env.PARLEY_CHAT_PORT) : undefined,
    });
    const setting =
      String(port) !== String(env.PORT ?? 3000) && String(port) === String(chatPort) ? 'PARLEY_CHAT_PORT' : 'PORT';
    if (code === 'EADDRINUSE')
      return `Port ${String(port)} is already in use: stop the other process or set ${setting} to a free port.`;
    if (code === 'EACCES')
      return `Not allowed to listen on port ${String(port)}: choose a port above 1023 with ${setting}.`;
    return `Cannot listen on port ${String(port)}: ${firstLine(error)}`;
  }
  return firstLine(error);
}

export function isDebug(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PARLEY_DEBUG === '1' || env.PARLEY_DEBUG === 'true';
}
