import type { Browser, Page } from 'playwright-core';
import { launchBrowser, signInToConsole } from './browser';
import { startTestServer, type TestServer, type TestServerOptions } from './test-server';

// What the flow editor's browser tests share: one server and one browser per
// file, the admin signed in at a given size, and the waits the editor needs
// (it saves by itself after a short pause).

/** Starts a server and connects to the browser for the file; `current()` is valid inside tests. */
export function editorSuite(options: TestServerOptions = {}): { current(): { server: TestServer; browser: Browser } } {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    current: () => {
      if (!server || !browser) throw new Error('editorSuite() is used before its beforeAll ran');
      return { server, browser };
    },
  };
}

/** The admin signed in to the console at `viewport`, with reduced motion (no animated pans to wait for). */
export const signedInAdmin = (browser: Browser, server: TestServer, viewport: { width: number; height: number }) =>
  signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { viewport, reducedMotion: 'reduce' },
  );

export const palette = (page: Page) => page.getByRole('navigation', { name: 'Blocks' });

/** Resolves once the editor says every change is saved. */
export const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

/** Waits until `read` answers `expected` (compared as JSON), failing with the last answer. */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 5000): Promise<void> {
  let last: T | undefined;
  for (
    const started = Date.now();
    Date.now() - started < timeoutMs;
    await new Promise((resolve) => setTimeout(resolve, 100))
  ) {
    last = await read();
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
  }
  expect(last).toEqual(expected);
}
