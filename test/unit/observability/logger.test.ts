import { loadConfig } from '../../../src/config';
import { createLogger, formatLogLine, logOutput } from '../../../src/observability/logger';

// In a terminal the logs are short text lines, warnings and errors only by
// default, so that the one-time admin password printed at start-up stays on
// screen; anywhere else they are JSON at `info`, for a collector.

describe('logOutput: the level and format in force', () => {
  const settingsOf = (env: Record<string, string>) => loadConfig(env, () => undefined).log;

  test.each([
    [{}, true, { level: 'warn', format: 'text' }],
    [{}, false, { level: 'info', format: 'json' }],
    [{ PARLEY_LOG_LEVEL: 'info' }, true, { level: 'info', format: 'text' }],
    [{ PARLEY_LOG_FORMAT: 'json' }, true, { level: 'warn', format: 'json' }],
    [{ PARLEY_LOG_FORMAT: 'text' }, false, { level: 'info', format: 'text' }],
    [{ PARLEY_LOG_LEVEL: 'debug', PARLEY_LOG_FORMAT: 'json' }, true, { level: 'debug', format: 'json' }],
    [{ LOG_LEVEL: 'error' }, false, { level: 'error', format: 'json' }],
  ])('%j, terminal %s → %j', (env, terminal, expected) => {
    expect(logOutput(settingsOf(env), terminal)).toEqual(expected);
  });

  test('an unknown format is refused by the configuration', () => {
    expect(() => loadConfig({ PARLEY_LOG_FORMAT: 'pretty' })).toThrow(
      'PARLEY_LOG_FORMAT must be one of text, json, got "pretty"',
    );
  });
});

describe('formatLogLine', () => {
  const time = '2026-11-27T14:03:09.123Z';
  const clock = new Date(time).toTimeString().slice(0, 8);
  const line = (entry: Record<string, unknown>) => formatLogLine(JSON.stringify({ service: 'parley', time, ...entry }));

  test('a request is one short line: method, route template, status, duration', () => {
    expect(
      line({
        level: 'info',
        msg: 'request',
        requestId: 'r-1',
        method: 'GET',
        route: '/v1/bots/:id',
        status: 200,
        durationMs: 12.4,
      }),
    ).toBe(`${clock} GET /v1/bots/:id 200 12ms\n`);
  });

  test("a failed request names its level and the error's code", () => {
    expect(
      line({
        level: 'error',
        msg: 'request failed',
        method: 'POST',
        route: '/graphql',
        status: 500,
        durationMs: 3,
        code: 'INTERNAL',
      }),
    ).toBe(`${clock} ERROR POST /graphql 500 3ms INTERNAL\n`);
  });

  test('another line is its message and its fields; an error adds its stack', () => {
    expect(line({ level: 'warn', msg: 'shutdown grace period over', inFlight: 2, reason: 'two words' })).toBe(
      `${clock} WARN shutdown grace period over inFlight=2 reason="two words"\n`,
    );
    expect(
      line({
        level: 'error',
        msg: 'session sweep failed',
        err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at sweep' },
      }),
    ).toBe(`${clock} ERROR session sweep failed\n  Error: boom\n      at sweep\n`);
  });

  test('a line that is not a JSON object passes as it is', () => {
    expect(formatLogLine('plain words\n')).toBe('plain words\n');
  });

  test('the logger writes text lines when asked, JSON otherwise', () => {
    const written: string[] = [];
    const destination = { write: (text: string) => void written.push(text) };
    createLogger({ level: 'info', format: 'text' }, destination).info(
      { method: 'GET', route: '/health', status: 200, durationMs: 1 },
      'request',
    );
    expect(written[0]).toMatch(/^\d\d:\d\d:\d\d GET \/health 200 1ms\n$/);
    createLogger({}, destination).info({ method: 'GET', route: '/health', status: 200, durationMs: 1 }, 'request');
    expect(JSON.parse(written[1]!)).toMatchObject({ level: 'info', msg: 'request', route: '/health', status: 200 });
  });
});
