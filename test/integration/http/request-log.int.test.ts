import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { request } from '../../helpers/http';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../helpers/test-database';
import { TEST_ENCRYPTION_KEY } from '../../helpers/test-server';

// The request log of a real `parley serve` subprocess: JSON lines on stdout.

jest.setTimeout(60_000);

const root = path.resolve(__dirname, '../../..');
const mainJs = path.join(root, 'dist/src/main.js');
const ADMIN_TOKEN = `log-admin-${Date.now()}-secret`;

interface Serving {
  url: string;
  child: ChildProcess;
  stdout: () => string;
}

async function serve(databaseUrl: string, extra: Record<string, string>): Promise<Serving> {
  const { PARLEY_ADMIN_TOKEN: _t, PORT: _p, PARLEY_LOG_LEVEL: _l, ...env } = process.env;
  const child = spawn(process.execPath, [mainJs, 'serve'], {
    cwd: root,
    env: {
      ...env,
      PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      PARLEY_ADMIN_TOKEN: ADMIN_TOKEN,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 20);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`serve exited with ${code}:\n${stdout}`));
    });
  });
  return { url, child, stdout: () => stdout };
}

function stop(serving: Serving): Promise<void> {
  return new Promise((resolve) => {
    if (serving.child.exitCode !== null) return resolve();
    serving.child.once('exit', () => resolve());
    serving.child.kill('SIGTERM');
  });
}

/** The JSON lines of the output (start-up lines are plain text for people). */
function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function settle(serving: Serving, count: number): Promise<Record<string, unknown>[]> {
  for (
    let i = 0;
    i < 100 &&
    jsonLines(serving.stdout()).filter((l) => l.msg === 'request' || l.msg === 'request failed').length < count;
    i++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return jsonLines(serving.stdout()).filter((l) => l.msg === 'request' || l.msg === 'request failed');
}

describe('request log', () => {
  let database: ThrowawayDatabase;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  test('one JSON line per request with id, method, route, status, duration and error code; no token, no body', async () => {
    const serving = await serve(database.url, { PARLEY_LOG_LEVEL: 'info' });
    try {
      const list = await request(serving.url, 'GET', '/v1/workspaces', {
        token: ADMIN_TOKEN,
        headers: { 'x-request-id': 'trace-123' },
      });
      expect(list.status).toBe(200);
      const bad = await request(serving.url, 'POST', '/v1/workspaces', {
        token: ADMIN_TOKEN,
        json: { name: '', icon: 'secret-body-value' },
      });
      expect(bad.status).toBe(400);
      const lines = await settle(serving, 2);
      expect(lines.map(({ time: _time, durationMs: _d, ...rest }) => rest)).toEqual([
        {
          level: 'info',
          service: 'parley',
          requestId: 'trace-123',
          method: 'GET',
          route: '/v1/workspaces',
          status: 200,
          msg: 'request',
        },
        {
          level: 'info',
          service: 'parley',
          requestId: bad.headers.get('x-request-id'),
          method: 'POST',
          route: '/v1/workspaces',
          status: 400,
          code: 'BAD_REQUEST',
          msg: 'request',
        },
      ]);
      for (const line of lines) {
        expect(typeof line.durationMs).toBe('number');
        expect(new Date(line.time as string).toISOString()).toBe(line.time);
      }
      expect(serving.stdout()).not.toContain(ADMIN_TOKEN);
      expect(serving.stdout()).not.toContain('secret-body-value');
    } finally {
      await stop(serving);
    }
  });

  test('PARLEY_LOG_LEVEL=warn leaves successful requests out', async () => {
    const serving = await serve(database.url, { PARLEY_LOG_LEVEL: 'warn' });
    try {
      expect((await request(serving.url, 'GET', '/health')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(jsonLines(serving.stdout())).toEqual([]);
    } finally {
      await stop(serving);
    }
  });
});
