// One Chromium for the whole browser project: each test file connects to it
// (launchBrowser in test/helpers/browser.ts) and gets its own connection and
// contexts, instead of starting and stopping a browser of its own.
import fs from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import {
  BROWSER_ENDPOINT_ENV,
  BROWSER_FAILURE_ENV,
  CHROMIUM_ARGS,
  CHROMIUM_ENV,
  chromiumExecutable,
  findChromium,
} from '../helpers/browser';

const SERVER = Symbol.for('parley.test.browserServer');
type WithServer = typeof globalThis & { [SERVER]?: BrowserServer };

export default async function globalSetup(): Promise<void> {
  // A Chromium that cannot be found or started fails the browser files (launchBrowser throws this), not the
  // whole run: jest stops every project when a globalSetup throws, the unit tests included.
  try {
    const source = findChromium();
    const inflating = source.kind === 'npm' && !fs.existsSync(source.path);
    const started = Date.now();
    const executablePath = await chromiumExecutable(source);
    if (inflating)
      process.stderr.write(
        `\nNo system Chromium: inflated the @sparticuz/chromium build to ${executablePath} in ${Date.now() - started} ms (once).\n`,
      );
    const server = await chromium.launchServer({
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      env: CHROMIUM_ENV,
    });
    (globalThis as WithServer)[SERVER] = server;
    // Read by the workers, which are spawned after this with the parent's environment.
    process.env[BROWSER_ENDPOINT_ENV] = server.wsEndpoint();
  } catch (error) {
    process.env[BROWSER_FAILURE_ENV] = error instanceof Error ? error.message : String(error);
    process.stderr.write(`\n${process.env[BROWSER_FAILURE_ENV]}\n`);
  }
}

export async function stopSharedBrowser(): Promise<void> {
  const holder = globalThis as WithServer;
  const server = holder[SERVER];
  delete holder[SERVER];
  delete process.env[BROWSER_ENDPOINT_ENV];
  delete process.env[BROWSER_FAILURE_ENV];
  await server?.close();
}
