// One Chromium for the whole browser project: each test file connects to it
// (launchBrowser in test/helpers/browser.ts) and gets its own connection and
// contexts, instead of starting and stopping a browser of its own.
import fs from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import { BROWSER_ENDPOINT_ENV, CHROMIUM, CHROMIUM_ARGS } from '../helpers/browser';

const SERVER = Symbol.for('parley.test.browserServer');
type WithServer = typeof globalThis & { [SERVER]?: BrowserServer };

export default async function globalSetup(): Promise<void> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `The browser tests need Chromium, and ${CHROMIUM} does not exist: \`apt-get install chromium-headless-shell\` (Debian), or PARLEY_CHROMIUM=<path to a Chromium>.`,
    );
  const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  (globalThis as WithServer)[SERVER] = server;
  // Read by the workers, which are spawned after this with the parent's environment.
  process.env[BROWSER_ENDPOINT_ENV] = server.wsEndpoint();
}

export async function stopSharedBrowser(): Promise<void> {
  const holder = globalThis as WithServer;
  const server = holder[SERVER];
  delete holder[SERVER];
  delete process.env[BROWSER_ENDPOINT_ENV];
  await server?.close();
}
