import { execFile } from 'node:child_process';
import path from 'node:path';
import { TEST_ENCRYPTION_KEY } from './test-server';

// `parley import typebot` as a real subprocess (dist/src/main.js, built by
// `npm run build`) into a test server's database.

export const ROOT = path.resolve(__dirname, '../..');
export const MAIN_JS = path.join(ROOT, 'dist/src/main.js');

export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/** The environment of the command: the server's database and key, nothing of the caller's Typebot settings. */
export function importEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const {
    PARLEY_ADMIN_TOKEN: _token,
    PORT: _port,
    TYPEBOT_ENCRYPTION_SECRET: _s,
    TYPEBOT_DATABASE_URL: _d,
    ...env
  } = process.env;
  return { ...env, DATABASE_URL: databaseUrl, PARLEY_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY };
}

export function runImport(databaseUrl: string, args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [MAIN_JS, 'import', 'typebot', ...args],
      { cwd: ROOT, env: importEnv(databaseUrl), encoding: 'utf8', timeout: 100_000 },
      (error, stdout, stderr) => {
        const code = error ? (error as { code?: unknown }).code : 0;
        if (error && typeof code !== 'number') return reject(error);
        resolve({ status: code as number, stdout, stderr });
      },
    );
  });
}

/** The summary's line for a kind, spaces squeezed: "Bots 2 imported, 1 skipped". */
export function summaryLine(stdout: string, label: string): string {
  const line = stdout.split('\n').find((text) => text.startsWith(`  ${label} `));
  return line?.replace(/\s+/g, ' ').trim() ?? `(no ${label} line in:\n${stdout})`;
}
