import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { createBot, group, textBubble, v6Bot, type Json } from '../helpers/chat';
import { graphql, request } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';

// What the console says of a bot's accounts and connections: the Channels tab
// tells what the bot will answer on (a Typebot export's top-level WhatsApp id
// included), and a block's account picker offers only accounts of its kind.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
let whatsAppId: string;
let telegramId: string;
let openAiId: string;

const CREATE = `mutation($workspaceId: ID!, $type: String!, $name: String!, $data: JSON!) {
  createCredentials(workspaceId: $workspaceId, type: $type, name: $name, data: $data) { id }
}`;

async function addCredentials(type: string, name: string, data: Json): Promise<string> {
  const created = await graphql(
    server.url,
    CREATE,
    { workspaceId: server.adminWorkspaceId, type, name, data },
    server.adminToken,
  );
  if (!created.body.data) throw new Error(JSON.stringify(created.body.errors));
  return created.body.data.createCredentials.id as string;
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  whatsAppId = await addCredentials('whatsApp', 'Shop number', {
    phoneNumberId: '1234567890',
    businessAccountId: 'WABA-77',
    accessToken: 'EAAG-secret-access-token',
    appSecret: 'app-secret-value',
  });
  telegramId = await addCredentials('telegram', 'Shop bot', { botToken: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ' });
  openAiId = await addCredentials('openai', 'Team key', { apiKey: 'sk-test' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(viewport = { width: 1280, height: 900 }) {
  const session = await signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { viewport },
  );
  session.context.setDefaultTimeout(10_000);
  return session;
}

async function openChannels(page: Page, botId: string) {
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/channels`);
  const form = page.getByRole('form', { name: 'Messaging channels' });
  await form.waitFor();
  const connection = form.getByLabel('Connection', { exact: true });
  await connection.locator('option', { hasText: 'Shop number (WhatsApp)' }).waitFor({ state: 'attached' });
  return { form, connection, answer: form.getByLabel('Answer messages on this connection') };
}

const simpleBot = (name: string, extra: Json = {}) => ({
  ...v6Bot({ name, groups: [group('g1', [textBubble('b1', `Hello from ${name}`)])] }),
  ...extra,
});

test('picking a connection on the Channels tab turns on “Answer messages on this connection”', async () => {
  const { botId } = await createBot(server, simpleBot('Picks a connection'));
  const { context, page } = await signedIn();
  const { connection, answer } = await openChannels(page, botId);
  expect(await answer.isChecked()).toBe(false);
  await connection.selectOption({ label: 'Shop number (WhatsApp)' });
  expect(await answer.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved to the draft' }).waitFor();
  const settings = (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot
    .settings;
  expect(settings.messagingApp).toEqual({ credentialsId: whatsAppId, isEnabled: true });
  await context.close();
});

test('a Typebot export naming WhatsApp credentials this workspace does not have is shown as not connected, and why', async () => {
  const { botId } = await createBot(
    server,
    simpleBot('Typebot export', {
      whatsAppCredentialsId: 'clx-credentials-of-another-instance',
      settings: { whatsApp: { isEnabled: true } },
    }),
  );
  const { context, page } = await signedIn();
  const { form, connection, answer } = await openChannels(page, botId);
  const shown = await connection.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent);
  expect(shown).not.toMatch(/Shop number|Shop bot/);
  await form
    .getByRole('note')
    .filter({ hasText: 'clx-credentials-of-another-instance' })
    .filter({ hasText: 'answers no messages' })
    .waitFor();
  // The export's switch is on: that is what Parley reads, and shows.
  expect(await answer.isChecked()).toBe(true);
  await screenshot(page, 'channels-typebot-export-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'channels-typebot-export-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await context.close();
});

test('a Typebot export naming a connection of this workspace at its top level shows that connection', async () => {
  const { botId } = await createBot(
    server,
    simpleBot('Typebot export here', {
      whatsAppCredentialsId: whatsAppId,
      settings: { whatsApp: { isEnabled: true } },
    }),
  );
  const { context, page } = await signedIn();
  const { form, connection, answer } = await openChannels(page, botId);
  expect(await connection.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(
    'Shop number (WhatsApp)',
  );
  expect(await answer.isChecked()).toBe(true);
  await form.getByRole('button', { name: 'Copy the verify token' }).waitFor();
  await context.close();
});

test('an OpenAI block offers only OpenAI accounts; a Telegram connection saved in it shows as the wrong kind', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Wrong account',
      groups: [
        group('g1', [
          textBubble('b1', 'Hi'),
          {
            id: 'ai1',
            type: 'openai',
            options: { action: 'Create chat completion', credentialsId: telegramId, model: 'gpt-4o-mini' },
          },
        ]),
      ],
    }),
  );
  const { context, page } = await signedIn({ width: 1440, height: 900 });
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await page.locator('.flow-block[data-block-id="ai1"]').click();
  const panel = page.getByRole('complementary', { name: 'Block settings' });
  const account = panel.getByLabel('Account', { exact: true });
  await account.locator('option', { hasText: 'Team key' }).waitFor({ state: 'attached' });
  const options = await account.locator('option').allTextContents();
  expect(options.filter((each) => /Shop number|WhatsApp/.test(each))).toEqual([]);
  expect(options).toContain('Team key (OpenAI)');
  // The saved Telegram connection: shown for what it is, not as a valid choice.
  expect(await account.getAttribute('aria-invalid')).toBe('true');
  const error = panel.locator('.field-error').filter({ hasText: 'Shop bot' });
  await error.waitFor();
  expect(await error.textContent()).toMatch(/Telegram.*OpenAI/);
  await screenshot(page, 'credential-picker-wrong-kind-1440');
  // Picking an OpenAI account clears it.
  await account.selectOption({ label: 'Team key (OpenAI)' });
  expect(await account.getAttribute('aria-invalid')).toBeNull();
  expect(await error.count()).toBe(0);
  expect(openAiId).toBeTruthy();
  await context.close();
});
