import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { cookieValues, signIn } from '../helpers/console-session';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers/test-server';
import { setPassword } from '../../src/services/sign-in/password-change';

// What a signed-in builder goes through when a page of another port of the
// console's host planted its own parley_session with a longer Path: the
// console does not work in the planter's account, it asks to sign in again,
// and once signed in no planted cookie is left.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
let plantedSecret: string;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const planter = await createUserWithToken(server.db, 'planter@example.com');
  await setPassword(server.db, planter.userId, 'planter-password-1');
  const { session } = await signIn(server.url, 'planter@example.com', 'planter-password-1');
  plantedSecret = cookieValues(session.setCookies).parley_session!;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const sessionCookies = async (context: BrowserContext) =>
  (await context.cookies()).filter((cookie) => cookie.name === 'parley_session');

async function signInAgain(page: Page): Promise<void> {
  await page.getByLabel('E-mail').fill(server.adminEmail);
  await page.getByLabel('Password').fill(server.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Bots' }).waitFor();
}

for (const path of ['/graphql', '/app']) {
  test(`a cookie planted with Path=${path}: the console asks to sign in again, then works as its user with no planted cookie left`, async () => {
    const { context, page } = await signInToConsole(browser, server.url, {
      email: server.adminEmail,
      password: server.adminPassword,
    });
    await context.addCookies([
      { name: 'parley_session', value: plantedSecret, domain: new URL(server.url).hostname, path },
    ]);
    expect(await sessionCookies(context)).toHaveLength(2);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Parley' }).waitFor();
    await screenshot(page, `planted-cookie-sign-in${path.replace('/', '-')}`);
    expect(await sessionCookies(context)).toEqual([]);
    await signInAgain(page);
    expect(await page.locator('.who').innerText()).toBe(server.adminEmail);
    await page.reload();
    await page.getByRole('heading', { name: 'Bots' }).waitFor();
    const [only, ...others] = await sessionCookies(context);
    expect(others).toEqual([]);
    expect(only!.path).toBe('/');
    expect(only!.value).not.toBe(plantedSecret);
    await context.close();
  });
}
