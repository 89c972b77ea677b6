import fs from 'node:fs';
import path from 'node:path';
import type { Config } from 'jest';

// jest.config.js runs some integration tests on SQLite only, by file or
// folder name: a renamed or removed file must not leave a stale entry behind,
// and a folder entry must still hold tests.

const root = path.join(__dirname, '../..');
const config = jest.requireActual<Config>('../../jest.config.js');

function integrationTests(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return integrationTests(relative);
    return entry.name.endsWith('.int.test.ts') ? [`/${relative}`] : [];
  });
}

test('each integration test left out of the PostgreSQL run is an existing file, run on SQLite', () => {
  // The projects as jest.config.js writes them: objects with a display name and their ignore patterns.
  const projects = (config.projects ?? []) as { displayName?: string; testPathIgnorePatterns?: string[] }[];
  const postgresql = projects.find((project) => project.displayName === 'postgresql');
  const sqlite = projects.find((project) => project.displayName === 'sqlite');
  const files = integrationTests('test/integration');
  const leftOut = (postgresql?.testPathIgnorePatterns ?? []).filter((pattern) => pattern !== '/node_modules/');
  expect(leftOut.length).toBeGreaterThan(0);
  for (const pattern of leftOut) {
    const matched = files.filter((file) => new RegExp(pattern).test(file)).length;
    if (pattern.endsWith('/')) expect([pattern, matched > 0]).toEqual([pattern, true]);
    else expect([pattern, matched]).toEqual([pattern, 1]);
  }
  expect(sqlite?.testPathIgnorePatterns ?? []).toEqual([]);
});
