import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The order jest hands files to its workers (test/setup/test-order.cjs): with
// two workers, never two browser files at once by the plan, every file once;
// and each project's timings cached under that project.

interface FakeTest {
  path: string;
  duration?: number;
  context: {
    config: {
      id: string;
      cache: boolean;
      cacheDirectory: string;
      haste: object;
      rootDir: string;
      displayName: { name: string };
    };
    hasteFS: { getSize(file: string): number };
  };
}
interface Order {
  sort(tests: FakeTest[]): FakeTest[];
  cacheResults(tests: FakeTest[], results: { testResults: object[] }): void;
  time(test: FakeTest): number | undefined;
  expectedMs(test: FakeTest): number;
}
const TestOrder =
  jest.requireActual<new (options: { globalConfig: { maxWorkers: number } }) => Order>('../setup/test-order.cjs');

function project(name: string, cacheDirectory: string, sizes: Record<string, number>): FakeTest['context'] {
  return {
    config: { id: `id-${name}`, cache: true, cacheDirectory, haste: {}, rootDir: '/repo', displayName: { name } },
    hasteFS: { getSize: (file) => sizes[file] ?? 0 },
  };
}

let cacheDirectory: string;
beforeEach(() => (cacheDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-order-'))));
afterEach(() => fs.rmSync(cacheDirectory, { recursive: true, force: true }));

// The browser files' share of a run is below one worker's (as in this suite): they never need both.
test('with two workers the plan never runs two browser files at once, and runs every file once', () => {
  const sizes: Record<string, number> = {};
  const files = [
    ...Array.from({ length: 6 }, (_, i) => `/repo/test/browser/b${i}.browser.test.ts`),
    ...Array.from({ length: 60 }, (_, i) => `/repo/test/integration/i${i}.int.test.ts`),
    ...Array.from({ length: 10 }, (_, i) => `/repo/test/unit/u${i}.test.ts`),
  ];
  files.forEach((file, i) => (sizes[file] = 2000 + ((i * 7919) % 9000)));
  const context = project('mixed', cacheDirectory, sizes);
  const order = new TestOrder({ globalConfig: { maxWorkers: 2 } });
  const planned = order.sort(files.map((file) => ({ path: file, context })));
  expect(planned.map((test) => test.path).sort()).toEqual([...files].sort());

  // Jest's dispatch: the next file goes to the worker that frees first.
  const workers = [0, 0];
  const browserRuns: [number, number][] = [];
  for (const test of planned) {
    const worker = workers[0]! <= workers[1]! ? 0 : 1;
    const start = workers[worker]!;
    workers[worker] = start + order.expectedMs(test);
    if (test.path.endsWith('.browser.test.ts')) browserRuns.push([start, workers[worker]!]);
  }
  expect(browserRuns).toHaveLength(6);
  const overlapping = browserRuns.filter(([start], i) =>
    browserRuns.some(([s, end], j) => j !== i && s < start && start < end),
  );
  expect(overlapping).toEqual([]);
  // The first file handed out is a browser file: Chromium's lane starts at once.
  expect(planned[0]!.path).toMatch(/\.browser\.test\.ts$/);
});

test('one worker: jest order, longest first', () => {
  const sizes = {
    '/repo/test/a.int.test.ts': 100,
    '/repo/test/b.browser.test.ts': 50,
    '/repo/test/c.int.test.ts': 9000,
  };
  const context = project('one', cacheDirectory, sizes);
  const order = new TestOrder({ globalConfig: { maxWorkers: 1 } });
  const planned = order.sort(Object.keys(sizes).map((file) => ({ path: file, context })));
  expect(planned.map((test) => path.basename(test.path))).toEqual([
    'c.int.test.ts',
    'a.int.test.ts',
    'b.browser.test.ts',
  ]);
});

test('a file run by two projects keeps each project its own time', () => {
  const file = '/repo/test/integration/same.int.test.ts';
  const sqlite = project('sqlite', cacheDirectory, {});
  const postgresql = project('postgresql', cacheDirectory, {});
  const tests = [
    { path: file, context: sqlite },
    { path: file, context: postgresql },
  ];
  const result = (name: string, runtime: number) => ({
    testFilePath: file,
    displayName: { name },
    numFailingTests: 0,
    skipped: false,
    perfStats: { runtime, start: 0, end: runtime },
  });
  new TestOrder({ globalConfig: { maxWorkers: 2 } }).cacheResults(tests, {
    testResults: [result('sqlite', 1200), result('postgresql', 3400)],
  });
  const reread = new TestOrder({ globalConfig: { maxWorkers: 2 } });
  expect(tests.map((test) => reread.time(test))).toEqual([1200, 3400]);
});
