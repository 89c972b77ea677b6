/**
 * A database problem an operator can fix (bad DATABASE_URL, server unreachable,
 * database missing, migration failing). The message is one line that says what
 * is wrong and what to do; the CLI prints it without a stack trace.
 */
export class DatabaseSetupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseSetupError';
  }
}

/** The driver's error code (`ECONNREFUSED`, PostgreSQL SQLSTATE such as `3D000`), when there is one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The first line of an error's message: driver messages can span lines. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? '';
}
