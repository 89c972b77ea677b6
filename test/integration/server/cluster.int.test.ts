import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { request } from '../../helpers/http';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../helpers/test-database';
import { TEST_ENCRYPTION_KEY } from '../../helpers/test-server';

// `parley serve --workers 2` as a real process tree: one primary, two server
// processes sharing the port; a killed worker is replaced; SIGTERM stops all.

jest.setTimeout(60_000);

const root = path.resolve(__dirname, '../../..');
const mainJs = path.join(root, 'dist/src/main.js');
const ADMIN_TOKEN = `cluster-admin-${Date.now()}`;

function env(databaseUrl: string): NodeJS.ProcessEnv {
  const { PARLEY_ADMIN_TOKEN: _t, PORT: _p, PARLEY_LOG_LEVEL: _l, PARLEY_WORKERS: _w, ...rest } = process.env;
  return {
    ...rest,
    PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    DATABASE_URL: databaseUrl,
    PORT: '0',
    PARLEY_ADMIN_TOKEN: ADMIN_TOKEN,
    PARLEY_LOG_LEVEL: 'silent',
  };
}

function children(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function until(check: () => boolean, what: string, output: () => string): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 100) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}:\n${output()}`);
}

describe('parley serve --workers', () => {
  let database: ThrowawayDatabase;
  beforeAll(async () => {
    database = await createThrowawayDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  test('two workers serve one port; a killed one is replaced; SIGTERM stops them all with exit 0', async () => {
    const child: ChildProcess = spawn(process.execPath, [mainJs, 'serve', '--workers', '2'], {
      cwd: root,
      env: env(database.url),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await until(
        () => /listening on http:\/\/\S+ \(\w+, 2 workers\)/.test(output),
        'the listening line',
        () => output,
      );
      const url = /listening on (http:\/\/\S+)/.exec(output)![1]!;
      // The database was prepared once, by the primary.
      expect(output.match(/Created admin user/g)).toHaveLength(1);
      const workers = children(child.pid!);
      expect(workers).toHaveLength(2);
      for (let index = 0; index < 6; index += 1)
        expect((await request(url, 'GET', '/v1/workspaces', { token: ADMIN_TOKEN })).status).toBe(200);

      process.kill(workers[0]!, 'SIGKILL');
      await until(
        () => output.includes(`Worker ${workers[0]} exited (SIGKILL); starting another`),
        'the replacement',
        () => output,
      );
      await until(
        () => children(child.pid!).length === 2 && !children(child.pid!).includes(workers[0]!),
        'two workers again',
        () => output,
      );
      await until(
        () => (output.match(/, 2 workers\)/g) ?? []).length === 2,
        'the replacement to listen',
        () => output,
      );
      expect((await request(url, 'GET', '/health')).body).toEqual({ status: 'ok' });

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('SIGTERM: stopping 2 workers');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  test('a wrong worker count is a usage error', () => {
    let status = 0;
    let stderr = '';
    try {
      execFileSync(process.execPath, [mainJs, 'serve', '--workers', '0'], {
        cwd: root,
        env: env(database.url),
        stdio: 'pipe',
      });
    } catch (error) {
      status = (error as { status: number }).status;
      stderr = String((error as { stderr: Buffer }).stderr);
    }
    expect(status).toBe(2);
    expect(stderr.trim()).toBe('--workers must be a whole number from 1 to 64 (got 0)');
  });
});
