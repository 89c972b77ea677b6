import type { Browser, Page } from 'playwright-core';
import { createBot, group, textBubble, v6Bot } from '../helpers/chat';
import { launchBrowser, signInToConsole } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The console keeps the last workspace opened and the editor's copied groups
// in localStorage. On a shared browser the next person to sign in must not
// find them: signing out, or the server saying the session is gone, clears them.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
let botId: string;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ botId } = await createBot(
    server,
    v6Bot({ name: 'Clipboard bot', groups: [group('g1', [textBubble('b1', 'Confidential pricing')], 'Pricing')] }),
  ));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const storedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).sort());

/** Signed in, a workspace opened and a group copied in the flow editor: both are in localStorage. */
async function consoleWithStoredData() {
  const { context, page } = await signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { reducedMotion: 'reduce' },
  );
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  const pricing = page.getByRole('group', { name: 'Pricing' });
  await pricing.locator('.group-title').click();
  await page.keyboard.press('Control+c');
  expect(await storedKeys(page)).toEqual(['parley-editor-clipboard', 'parley.console.workspace']);
  expect(await page.evaluate(() => localStorage.getItem('parley-editor-clipboard'))).toContain('Confidential pricing');
  return { context, page };
}

test('signing out leaves no Parley data in localStorage', async () => {
  const { context, page } = await consoleWithStoredData();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('heading', { name: 'Sign in to Parley' }).waitFor();
  expect(await storedKeys(page)).toEqual([]);
  await context.close();
});

test('a session ended elsewhere (signed out from another browser) clears it too, at the next request', async () => {
  const { context, page } = await consoleWithStoredData();
  await server.db.consoleSession.deleteMany({});
  await page.goto(`${server.url}/app`);
  await page.getByRole('heading', { name: 'Sign in to Parley' }).waitFor();
  expect(await storedKeys(page)).toEqual([]);
  await context.close();
});
