import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { group, publishDefinition, textBubble, textInput, v6Bot } from '../helpers/chat';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Issue 35 §3 and §6 in the console: refusals and checks in words a person
// understands (the sign-in budget, allowed origins at their field).

jest.setTimeout(120_000);

let server: TestServer;
let limited: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, limited] = await Promise.all([
    startTestServer(),
    startTestServer({ rateLimit: { signInFailurePoints: 2, builderPoints: 1000, windowSeconds: 60 } }),
  ]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), limited?.close()]);
});

/** Both sizes the console is looked at in, for the record (artefacts/browser). */
async function shots(page: Page, name: string): Promise<void> {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${viewport.width}`);
  }
}

test('too many wrong passwords: the sign-in page says when to try again, and a console signed in before keeps working', async () => {
  const before = await signInToConsole(browser, limited.url, {
    email: limited.adminEmail,
    password: limited.adminPassword,
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${limited.url}/app`);
  await page.getByLabel('E-mail').fill(limited.adminEmail);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await page.getByLabel('Password').fill(`wrong-${attempt}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' }).waitFor();
  }
  await page.getByLabel('Password').fill(limited.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Too many attempts' });
  await refusal.waitFor();
  expect(await refusal.textContent()).toMatch(/^Too many attempts: try again in ([1-5]\d|60) seconds$/);
  // How an operator helps someone who lost their password.
  await page.getByText('Lost your password?').click();
  await page.getByText('parley users set-password --email you@example.com').waitFor();
  await shots(page, 'sign-in-too-many-attempts');

  await before.page.reload();
  await before.page.getByRole('heading', { name: 'Bots' }).waitFor();
  await context.close();
  await before.context.close();
});

test("allowed origins: an entry that is no origin is explained at its field, one typed loosely is tidied, and the bot's own page is named", async () => {
  const { botId } = await publishDefinition(
    server,
    v6Bot({ name: 'Origins bot', groups: [group('g1', [textBubble('b1', 'Hello'), textInput('i1')])] }),
  );
  const { context, page } = await signInToConsole(browser, server.url, {
    email: server.adminEmail,
    password: server.adminPassword,
  });
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/bot-settings`);
  await page.getByRole('form', { name: 'Bot settings' }).waitFor();
  await page
    .getByText(`The bot’s own page (${server.chatUrl}) and the console’s Test preview are always allowed.`, {
      exact: false,
    })
    .waitFor();

  await page.getByRole('button', { name: 'Add an origin' }).click();
  const first = page.getByLabel('Allowed origin 1', { exact: true });
  await first.fill('HTTPS://Shop.Example:443/');
  await first.blur();
  expect(await first.inputValue()).toBe('https://shop.example');
  expect(await first.getAttribute('aria-invalid')).toBeNull();

  await page.getByRole('button', { name: 'Add an origin' }).click();
  const second = page.getByLabel('Allowed origin 2', { exact: true });
  await second.fill('https://shop.example/checkout');
  await second.blur();
  expect(await second.getAttribute('aria-invalid')).toBe('true');
  await page.getByText('An origin is a scheme and host such as https://example.com, without a path').waitFor();
  await shots(page, 'allowed-origins-field');

  // Saved anyway, the server refuses it in the same words.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .locator('.save-bar [role="alert"]')
    .filter({ hasText: 'An origin is a scheme and host such as https://example.com, without a path' })
    .waitFor();
  await second.fill('https://blog.example');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved to the draft' }).waitFor();
  const stored = (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as {
    settings: { security?: { allowedOrigins?: string[] } };
  };
  expect(stored.settings.security?.allowedOrigins).toEqual(['https://shop.example', 'https://blog.example']);
  await context.close();
});
