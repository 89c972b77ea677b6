import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import {
  CHROMIUM_ARGS,
  CHROMIUM_ENV,
  chromiumExecutable,
  findChromium,
  launchBrowser,
  SYSTEM_CHROMIUMS,
} from '../helpers/browser';

// Which Chromium the browser tests run (test/helpers/browser.ts): the one
// PARLEY_CHROMIUM names, else the system's, else, on a machine with neither,
// the build the @sparticuz/chromium npm package ships, so that `npm test`
// runs its browser tests with nothing but Node.

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-chromium-lookup-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, mode: number): string {
  const target = path.join(dir, name);
  fs.writeFileSync(target, '#!/bin/sh\n', { mode });
  return target;
}

const nowhere = () => [path.join(dir, 'no-such-chromium')];

test('the headless shell is looked for before the full browser', () => {
  expect(SYSTEM_CHROMIUMS).toEqual(['/usr/bin/chromium-headless-shell', '/usr/bin/chromium']);
});

test('the first system Chromium that is an executable file is taken', () => {
  const notExecutable = file('not-executable', 0o644);
  const folder = path.join(dir, 'a-folder');
  fs.mkdirSync(folder);
  const executable = file('executable', 0o755);
  const later = file('later', 0o755);
  expect(findChromium({ env: {}, systemPaths: [notExecutable, folder, executable, later] })).toEqual({
    kind: 'system',
    path: executable,
  });
});

test('PARLEY_CHROMIUM wins over a system Chromium; empty, it counts as unset', async () => {
  const system = file('system', 0o755);
  const named = file('named', 0o755);
  expect(findChromium({ env: { PARLEY_CHROMIUM: named }, systemPaths: [system] })).toEqual({
    kind: 'named',
    path: named,
  });
  expect(await chromiumExecutable(findChromium({ env: { PARLEY_CHROMIUM: named }, systemPaths: [system] }))).toBe(
    named,
  );
  expect(findChromium({ env: { PARLEY_CHROMIUM: '' }, systemPaths: [system] })).toEqual({
    kind: 'system',
    path: system,
  });
});

test('a PARLEY_CHROMIUM that is not an executable file is refused by name, not replaced by another', async () => {
  const missing = path.join(dir, 'missing-chromium');
  const source = findChromium({ env: { PARLEY_CHROMIUM: missing }, systemPaths: [file('other', 0o755)] });
  await expect(chromiumExecutable(source)).rejects.toThrow(
    `PARLEY_CHROMIUM is ${missing}, which is not an executable file.`,
  );
});

(process.platform === 'linux' && process.arch === 'x64' ? test : test.skip)(
  "without a system Chromium, the npm package's build is inflated once and runs, offline",
  async () => {
    const source = findChromium({ env: {}, systemPaths: nowhere() });
    expect(source).toMatchObject({ kind: 'npm' });
    const executable = await chromiumExecutable(source);
    const { version } = JSON.parse(
      fs.readFileSync(path.join(path.dirname(require.resolve('@sparticuz/chromium')), '../package.json'), 'utf8'),
    ) as { version: string };
    // The package's major version is its Chromium's.
    expect(executable).toBe(path.resolve(__dirname, `../../node_modules/.cache/parley/chromium-${version}/chromium`));
    const { stdout } = await promisify(execFile)(executable, ['--version']);
    expect(stdout).toMatch(new RegExp(`^Chromium ${version.split('.')[0]}\\.`));
    // Driven by playwright-core as the browser tests drive it: a page runs, in English whatever the machine's
    // locale, and the language it reports is one Intl accepts (uPlot's number formats take it).
    const browser = await chromium.launch({
      executablePath: executable,
      headless: true,
      args: CHROMIUM_ARGS,
      env: CHROMIUM_ENV,
    });
    try {
      const page = await browser.newPage();
      await page.setContent('<p>1234.5</p>');
      expect(
        await page.evaluate(() => [navigator.language, new Intl.NumberFormat(navigator.language).format(1234.5)]),
      ).toEqual(['en-US', '1,234.5']);
    } finally {
      await browser.close();
    }
    // Inflated once: a second lookup finds the same file and leaves it alone.
    const inflated = fs.statSync(executable).mtimeMs;
    expect(await chromiumExecutable(findChromium({ env: {}, systemPaths: nowhere() }))).toBe(executable);
    expect(fs.statSync(executable).mtimeMs).toBe(inflated);
    // Nothing half-written left beside it (Chromium itself adds an empty locales/ folder when it runs).
    expect(fs.readdirSync(path.dirname(executable)).filter((name) => name.includes('.partial'))).toEqual([]);
  },
);

test('elsewhere than Linux x64, with no Chromium found, the message says what to install', async () => {
  const source = findChromium({ env: {}, systemPaths: nowhere(), platform: 'linux-arm64' });
  expect(source.kind).toBe('none');
  await expect(chromiumExecutable(source)).rejects.toThrow(
    `The browser tests need Chromium. No Chromium at ${nowhere()[0]}, and @sparticuz/chromium ships a build for Linux x64 only (this is linux-arm64): ` +
      '`apt-get install chromium-headless-shell` (Debian), or PARLEY_CHROMIUM=<path to a Chromium>.',
  );
});

test('a Chromium that cannot be found fails the browser files with the reason, not the whole run', async () => {
  // jest stops every project, the unit tests included, when a globalSetup throws.
  const { default: globalSetup, stopSharedBrowser } = await import('../setup/browser-global');
  const missing = path.join(dir, 'missing-chromium');
  const reason = `PARLEY_CHROMIUM is ${missing}, which is not an executable file.`;
  const saved = process.env.PARLEY_CHROMIUM;
  process.env.PARLEY_CHROMIUM = missing;
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    await expect(globalSetup()).resolves.toBeUndefined();
    expect(stderr.mock.calls).toEqual([[`\n${reason}\n`]]);
    await expect(launchBrowser()).rejects.toThrow(reason);
  } finally {
    stderr.mockRestore();
    if (saved === undefined) delete process.env.PARLEY_CHROMIUM;
    else process.env.PARLEY_CHROMIUM = saved;
    await stopSharedBrowser();
  }
});
