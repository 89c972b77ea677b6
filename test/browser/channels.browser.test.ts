import type { Browser, Page } from 'playwright-core';
import { resolveCredentials } from '../../src/services/credentials/credentials';
import { createSecretBox } from '../../src/services/credentials/secret-box';
import { axeViolations, launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { group, publishDefinition, textBubble, v6Bot } from '../helpers/chat';
import { request } from '../helpers/http';
import { startTestServer, TEST_ENCRYPTION_KEY, type TestServer } from '../helpers/test-server';

// A bot connected to WhatsApp from the console, without JSON: credentials
// added in Settings, the connection chosen and turned on in the bot's Channels
// tab, saved to the draft; the values to paste in Meta's dashboard shown.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
let botId: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ botId } = await publishDefinition(
    server,
    v6Bot({
      name: 'Shop assistant',
      groups: [group('g1', [textBubble('b1', 'Hello from the shop')])],
      settings: { general: { isBrandingEnabled: false } },
    }),
  ));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function addWhatsAppCredentials(page: Page): Promise<void> {
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/settings`);
  const form = page.getByRole('form', { name: 'New credentials' });
  await form.getByLabel('Type').selectOption('whatsApp');
  await form.getByLabel('Name').fill('Shop number');
  await form.getByLabel('Phone number ID').fill('1234567890');
  await form.getByLabel('WhatsApp Business account ID').fill('WABA-77');
  await form.getByLabel('Access token', { exact: false }).fill('EAAG-secret-access-token');
  await form.getByLabel('App secret', { exact: false }).fill('app-secret-value');
  await form.getByRole('button', { name: 'Add credentials' }).click();
  await page.locator('#credentials li', { hasText: 'Shop number' }).waitFor();
}

const draftSettings = async () =>
  (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot.settings;

test('a WhatsApp connection chosen and turned on in the Channels tab is saved to the draft; its webhook values show', async () => {
  const { context, page } = await signInToConsole(browser, server.url, {
    email: server.adminEmail,
    password: server.adminPassword,
  });
  await addWhatsAppCredentials(page);
  const stored = await server.db.credentials.findFirstOrThrow({ where: { name: 'Shop number' } });
  const secrets = createSecretBox(Buffer.from(TEST_ENCRYPTION_KEY, 'base64'));
  const data = await resolveCredentials(server.db, secrets, server.adminWorkspaceId, stored.id, 'whatsApp');

  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await page.getByRole('link', { name: 'Channels' }).click();
  const form = page.getByRole('form', { name: 'Messaging channels' });
  await form.waitFor();
  expect(await form.getByText('publish the bot for them to take effect').count()).toBe(1);
  // The settings editor no longer has the section: it moved here.
  const connection = form.getByLabel('Connection', { exact: true });
  await connection.locator('option', { hasText: 'Shop number (WhatsApp)' }).waitFor({ state: 'attached' });
  expect(await connection.locator('option').allTextContents()).toEqual(['Not connected', 'Shop number (WhatsApp)']);
  await connection.selectOption({ label: 'Shop number (WhatsApp)' });
  await form.getByLabel('Answer messages on this connection').check();
  await form.getByLabel('A conversation starts over after (hours)').fill('2');
  await form.getByRole('button', { name: 'Add a comparison' }).click();
  await form.getByLabel('Operator 1').selectOption('Starts with');
  await form.getByLabel('Value 1').fill('shop');

  // The values to paste in Meta's dashboard, for the connection chosen.
  const webhookUrl = `${server.url}/v1/workspaces/${server.adminWorkspaceId}/whatsapp/${stored.id}/webhook`;
  await form.getByRole('button', { name: 'Copy the verify token' }).waitFor();
  expect(await form.locator('.copy-value code').allTextContents()).toEqual([webhookUrl, data!.verifyToken]);
  expect(await form.getByRole('button', { name: 'Copy the callback URL' }).count()).toBe(1);
  expect(await form.getByRole('button', { name: 'Copy the verify token' }).count()).toBe(1);
  // This test server is plain http on loopback: Meta could not call it, and the card says so.
  await form.getByRole('note').filter({ hasText: 'Meta needs a public https:// address it can reach' }).waitFor();
  expect(await form.getByText('Last message received').count()).toBe(1);
  expect(await form.locator('.health').textContent()).toContain('None yet');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved to the draft' }).waitFor();
  const settings = await draftSettings();
  expect(settings.general).toEqual({ isBrandingEnabled: false });
  expect(settings.messagingApp).toEqual({
    credentialsId: stored.id,
    isEnabled: true,
    sessionExpiryTimeout: 2,
    startCondition: {
      logicalOperator: 'AND',
      comparisons: [{ id: expect.any(String), comparisonOperator: 'Starts with', value: 'shop' }],
    },
  });
  await page
    .getByRole('status')
    .filter({ hasText: /changes not published/ })
    .waitFor();

  // The verify token is the one Meta's check is answered with.
  const query = new URLSearchParams({
    'hub.mode': 'subscribe',
    'hub.verify_token': data!.verifyToken,
    'hub.challenge': 'meta-check',
  });
  expect((await request(server.url, 'GET', `${new URL(webhookUrl).pathname}?${query}`)).body).toBe('meta-check');

  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'channels-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await form.getByRole('button', { name: 'Copy the verify token' }).waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'channels-390');

  // Not connected: the connection's values go, the choice is saved as removed.
  await connection.selectOption({ label: 'Not connected' });
  expect(await form.locator('.copy-value').count()).toBe(0);
  await context.close();
});
