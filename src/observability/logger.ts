import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The process logger: JSON lines on stdout (one object per line, `level` as
 * a label, `time` in ISO 8601), for a log collector to parse. Callers log
 * chosen fields only — never headers, tokens, credentials or bodies.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${level}")`);
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'parley' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  // Synchronous writes to stdout: the last lines (shutdown, a fatal error) are not lost when the process exits.
  return pino(options, destination ?? pino.destination({ dest: 1, sync: true }));
}

/** A logger that writes nothing (apps built without one, e.g. in tests). */
export const silentLogger: Logger = pino({ level: 'silent' });
