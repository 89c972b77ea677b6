import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['text', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** The log settings as configured; unset ones depend on where the lines go. */
export interface LogSettings {
  level?: string;
  format?: LogFormat;
}

/**
 * The level and format in force. A person reading a terminal gets short text
 * lines and, by default, warnings and errors only: at `info` the console's
 * polling alone writes a request line every few seconds, and pushes the
 * one-time admin password (printed at start-up, outside the logger) off the
 * screen within minutes. Anything else (a file, a pipe, a log collector) gets
 * JSON at `info`.
 */
export function logOutput(settings: LogSettings, terminal: boolean): { level: string; format: LogFormat } {
  return {
    level: settings.level ?? (terminal ? 'warn' : 'info'),
    format: settings.format ?? (terminal ? 'text' : 'json'),
  };
}

const LEVEL_LABEL: Readonly<Record<string, string>> = {
  fatal: 'FATAL',
  error: 'ERROR',
  warn: 'WARN',
  debug: 'DEBUG',
  trace: 'TRACE',
};
/** Fields every line has, or that the text line shows in its own place. */
const SHOWN_APART = new Set(['level', 'time', 'service', 'msg', 'err', 'pid', 'hostname']);
const REQUEST_FIELDS = new Set(['requestId', 'method', 'route', 'status', 'durationMs', 'code']);

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

function clockOf(time: unknown): string {
  const date = typeof time === 'string' || typeof time === 'number' ? new Date(time) : new Date(Number.NaN);
  return Number.isNaN(date.getTime()) ? '--:--:--' : date.toTimeString().slice(0, 8);
}

/**
 * One JSON log line as a short line for a person: the local time, the level
 * when above `info`, then `GET /v1/bots/:id 200 12ms` for a request, or the
 * message followed by its fields as `key=value`; an error's stack on the
 * lines below. A line that is not a JSON object is passed on as it is.
 */
export function formatLogLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return json.endsWith('\n') ? json : `${json}\n`;
    entry = parsed as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const parts = [clockOf(entry.time)];
  const label = typeof entry.level === 'string' ? LEVEL_LABEL[entry.level] : undefined;
  if (label) parts.push(label);
  const isRequest = typeof entry.method === 'string' && typeof entry.route === 'string' && 'status' in entry;
  if (isRequest) {
    parts.push(String(entry.method), String(entry.route), String(entry.status));
    if (typeof entry.durationMs === 'number') parts.push(`${Math.round(entry.durationMs)}ms`);
    if (typeof entry.code === 'string') parts.push(entry.code);
  } else if (typeof entry.msg === 'string') {
    parts.push(entry.msg);
  }
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN_APART.has(key) || (isRequest && REQUEST_FIELDS.has(key)) || value === undefined) continue;
    parts.push(`${key}=${fieldText(value)}`);
  }
  const err = entry.err as { message?: unknown; stack?: unknown } | undefined;
  let line = parts.join(' ');
  if (err && typeof err === 'object') {
    if (typeof err.stack === 'string') line += `\n  ${err.stack.split('\n').join('\n  ')}`;
    else if (typeof err.message === 'string') line += `: ${err.message}`;
  }
  return `${line}\n`;
}

/**
 * The process logger. JSON lines (one object per line, `level` as a label,
 * `time` in ISO 8601) for a log collector to parse, or short text lines for a
 * terminal (see logOutput). Callers log chosen fields only — never headers,
 * tokens, credentials or bodies.
 */
export function createLogger(settings: LogSettings, destination?: pino.DestinationStream): Logger {
  // A destination given by the caller (tests, a collector) is not a terminal.
  const { level, format } = logOutput(settings, !destination && process.stdout.isTTY === true);
  if (!(LOG_LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${level}")`);
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'parley' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  // Synchronous writes to stdout: the last lines (shutdown, a fatal error) are not lost when the process exits.
  const out = destination ?? pino.destination({ dest: 1, sync: true });
  // Formatted in the process rather than by a transport (a worker thread, and pino-pretty a further dependency):
  // a terminal's few lines cost nothing to parse again.
  return pino(options, format === 'text' ? { write: (line: string) => out.write(formatLogLine(line)) } : out);
}

/** A logger that writes nothing (apps built without one, e.g. in tests). */
export const silentLogger: Logger = pino({ level: 'silent' });
