import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { createBot, group, publishBot, textBubble, v6Bot, type Json } from '../helpers/chat';
import { request } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The bot page's forms (Theme, Settings, Channels), its header, the bots list
// and the import, as an author meets them: what the save bar says is what was
// saved, errors go with what they are about, and a sticky bar never hides the
// field in hand.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
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
  // A wait that fails does so in seconds, not half a minute.
  session.context.setDefaultTimeout(10_000);
  return session;
}

const simpleBot = (name: string, extra: Partial<Parameters<typeof v6Bot>[0]> = {}) =>
  v6Bot({ name, groups: [group('g1', [textBubble('b1', `Hello from ${name}`)])], ...extra });

async function openTab(page: Page, botId: string, tab: string, form: string): Promise<void> {
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/${tab}`);
  await page.getByRole('form', { name: form }).waitFor();
}

const draftOf = async (botId: string): Promise<Json> =>
  (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot;

const saveStatus = (page: Page) => page.locator('.save-bar [role="status"]');

/** Screenshots at 1280 and 390 px; at 390 nothing is wider than the screen. */
async function bothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a Theme save while a field holds a refused value names that field, saves nothing and never says “Saved to the draft”', async () => {
  const { botId } = await createBot(server, simpleBot('Refused colour'));
  const { context, page } = await signedIn();
  await openTab(page, botId, 'theme', 'Theme');
  await page.getByLabel('Bot bubbles: Background', { exact: true }).fill('#123456');
  const guest = page.getByLabel('Visitor bubbles: Background', { exact: true });
  await guest.fill('not a colour');
  await guest.blur();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.locator('.save-bar').getByRole('alert');
  await refusal.filter({ hasText: 'Visitor bubbles: Background' }).waitFor();
  expect(await saveStatus(page).textContent()).not.toContain('Saved to the draft');
  // The field in question has the focus, to be corrected.
  expect(await guest.evaluate((input) => input === document.activeElement)).toBe(true);
  expect((await draftOf(botId)).theme).toEqual({});
  await bothWidths(page, 'theme-refused-field');

  // Corrected, the save goes through and says so.
  await guest.fill('#2f855a');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saveStatus(page).filter({ hasText: 'Saved to the draft' }).waitFor();
  expect(await refusal.count()).toBe(0);
  expect((await draftOf(botId)).theme.chat).toEqual({
    hostBubbles: { backgroundColor: '#123456' },
    guestBubbles: { backgroundColor: '#2f855a' },
  });
  // A refused value typed after a save: the status no longer says it is saved.
  await guest.fill('nope');
  await guest.blur();
  expect(await saveStatus(page).textContent()).not.toContain('Saved to the draft');
  expect(await page.getByRole('button', { name: 'Save', exact: true }).isEnabled()).toBe(true);
  await context.close();
});

test('a field typed back to its saved value leaves nothing unsaved', async () => {
  const { botId } = await createBot(
    server,
    simpleBot('Typed back', { theme: { chat: { hostBubbles: { backgroundColor: '#111111', color: '#fafafa' } } } }),
  );
  const { context, page } = await signedIn();
  await openTab(page, botId, 'theme', 'Theme');
  const host = page.getByLabel('Bot bubbles: Background', { exact: true });
  await host.fill('');
  await saveStatus(page).filter({ hasText: 'Unsaved changes' }).waitFor();
  await host.fill('#111111');
  await page.waitForFunction(() => document.querySelector('.save-bar [role="status"]')?.textContent === '');
  expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
  await context.close();
});

test('restoring the revision that is live leaves the header without “changes not published”', async () => {
  const { botId } = await createBot(server, simpleBot('Restored'));
  await publishBot(server, botId);
  const { context, page } = await signedIn();
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  // An edit in the flow editor: something to publish.
  await page.locator('.flow-block[data-block-id="b1"]').click();
  const panel = page.getByRole('complementary', { name: 'Block settings' });
  await panel.getByRole('textbox', { name: 'Message', exact: true }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and more');
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
  const header = page.locator('header .status');
  await header.filter({ hasText: 'changes not published' }).waitFor();

  await page.getByRole('link', { name: 'History' }).click();
  await page.getByRole('button', { name: /^Revision 1\b/ }).click();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Restore into the draft' }).click();
  await page.getByRole('status').filter({ hasText: 'Revision 1 is now the draft' }).waitFor();
  await header
    .filter({ hasNotText: 'changes not published' })
    .filter({ hasText: /^Published/ })
    .waitFor();
  expect(await page.getByRole('button', { name: 'Publish changes' }).count()).toBe(0);
  await context.close();
});

test('an allowed origin’s error goes with its row', async () => {
  const { botId } = await createBot(server, simpleBot('Origins'));
  const { context, page } = await signedIn();
  await openTab(page, botId, 'bot-settings', 'Bot settings');
  const origin = (n: number) => page.getByLabel(`Allowed origin ${n}`, { exact: true });
  const rowErrors = page.locator('.origins .field-error');
  const add = () => page.getByRole('button', { name: 'Add an origin' }).click();
  await add();
  await origin(1).fill('not an origin');
  // Left for Add: the error appears under the row as the button is pressed, which must still add one.
  await add();
  await origin(2).fill('https://good.example.com');
  await origin(2).blur();
  await rowErrors.first().waitFor();
  expect(await origin(1).getAttribute('aria-invalid')).toBe('true');
  // The good row goes: the error stays on the wrong one.
  await page.getByRole('button', { name: 'Remove allowed origin 2' }).click();
  expect(await rowErrors.count()).toBe(1);
  expect(await origin(1).inputValue()).toBe('not an origin');
  // The wrong row goes, with its error; a new row starts without one.
  await add();
  await origin(2).fill('https://good.example.com');
  await page.getByRole('button', { name: 'Remove allowed origin 1' }).click();
  expect(await origin(1).inputValue()).toBe('https://good.example.com');
  expect(await rowErrors.count()).toBe(0);
  expect(await origin(1).getAttribute('aria-invalid')).toBeNull();
  await add();
  await origin(2).fill('still typing');
  expect(await rowErrors.count()).toBe(0);
  await origin(2).blur();
  await bothWidths(page, 'settings-origins');
  await page.getByRole('button', { name: 'Remove allowed origin 2' }).click();
  expect(await rowErrors.count()).toBe(0);
  // An address with a path passes for a URL but is no origin: the server refuses it, and says which row.
  await add();
  await origin(2).fill('https://shop.example.com/checkout');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const barError = page.locator('.save-bar').getByRole('alert');
  await barError.filter({ hasText: 'Allowed origin 2' }).waitFor();
  // Another field changed: the row still holds what was refused, the error stays.
  await page.getByLabel('Title', { exact: true }).fill('Shop');
  expect(await barError.count()).toBe(1);
  await page.getByRole('button', { name: 'Remove allowed origin 2' }).click();
  expect(await barError.count()).toBe(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saveStatus(page).filter({ hasText: 'Saved to the draft' }).waitFor();
  expect((await draftOf(botId)).settings.security).toEqual({ allowedOrigins: ['https://good.example.com'] });
  await context.close();
});

test('the bots list puts the bot changed last first', async () => {
  const older = await createBot(server, simpleBot('Changed late'));
  await createBot(server, simpleBot('Created late'));
  const changed = await request(server.url, 'PATCH', `/v1/bots/${older.botId}`, {
    token: server.adminToken,
    json: { bot: { name: 'Changed late!' } },
  });
  expect(changed.status).toBe(200);
  const { context, page } = await signedIn();
  const names = await page.locator('table.list tbody tr td:first-child').allTextContents();
  expect(names.indexOf('Changed late!')).toBeLessThan(names.indexOf('Created late'));
  expect(names[0]).toBe('Changed late!');
  await bothWidths(page, 'bots-list');
  await context.close();
});

test('an import with a block type Parley does not know says which, in words', async () => {
  const { context, page } = await signedIn();
  const bot = simpleBot('Unknown block');
  (bot.groups as Json[])[0]!.blocks.push({ id: 'b2', type: 'Teleporter', options: {} });
  await page.getByLabel('Import a bot file').setInputFiles({
    name: 'teleporter.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bot)),
  });
  const alert = page.getByRole('alert').filter({ hasText: 'Teleporter' });
  await alert.waitFor();
  expect(await alert.textContent()).toBe(
    'This file is not a bot Parley can import' + 'Block 2 of group 1 is of a type Parley does not know: "Teleporter".',
  );
  await bothWidths(page, 'import-unknown-block');
  await context.close();
});

test('a sticky save bar never covers the field scrolled to, on a phone and on a laptop', async () => {
  const { botId } = await createBot(server, simpleBot('Sticky bar'));
  for (const viewport of [
    { width: 390, height: 700 },
    { width: 1280, height: 700 },
  ]) {
    const { context, page } = await signedIn(viewport);
    await openTab(page, botId, 'theme', 'Theme');
    // Something to save: the bar sticks to the bottom of the window.
    await page.getByLabel('Font family').fill('Georgia');
    const bar = page.locator('.save-bar.pending');
    await bar.waitFor();
    let covered = 0;
    let checked = 0;
    for (let step = 0; step < 40; step += 1) {
      await page.keyboard.press('Tab');
      const overlap = await page.evaluate(() => {
        const field = document.activeElement;
        const sticky = document.querySelector('.save-bar.pending');
        if (!field || !sticky || sticky.contains(field) || !field.closest('form.draft-form')) return null;
        if (!(
          field instanceof HTMLInputElement ||
          field instanceof HTMLSelectElement ||
          field instanceof HTMLTextAreaElement
        ))
          return null;
        return field.getBoundingClientRect().bottom - sticky.getBoundingClientRect().top;
      });
      if (overlap === null) continue;
      checked += 1;
      if (overlap > 0) covered += 1;
    }
    expect(checked).toBeGreaterThan(10);
    expect(covered).toBe(0);
    await screenshot(page, `theme-sticky-bar-${viewport.width}`);
    await context.close();
  }
});

test('Publish warns of the colours visitors would find hard to read, the defaults of a bot without a theme included', async () => {
  // A Typebot export relying on the defaults: white on the default orange visitor bubbles.
  const { botId } = await createBot(server, simpleBot('No theme'));
  const { context, page } = await signedIn();
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
  const warning = page.getByRole('note').filter({ hasText: 'Before publishing' });
  await warning.waitFor();
  expect(await warning.textContent()).toBe(
    'Before publishing: Visitor bubbles (2.3:1), Input placeholder (3.0:1) are hard to read (WCAG AA asks 4.5:1). Change them in the Theme tab.',
  );
  // The full words, and the way to the Theme tab.
  expect(await warning.getAttribute('title')).toContain(
    'Visitor bubbles: text and background contrast 2.3:1, below the 4.5:1 that makes text readable for most people (WCAG AA).',
  );
  await warning.getByRole('link', { name: 'Change them in the Theme tab.' }).click();
  await page.waitForURL(/\/theme$/);
  await page.getByRole('note').filter({ hasText: 'Change these colours below.' }).waitFor();
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await warning.waitFor();
  await screenshot(page, 'publish-contrast-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'publish-contrast-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await context.close();

  // Readable colours: nothing to warn of.
  const { botId: readable } = await createBot(
    server,
    simpleBot('Readable', {
      theme: {
        chat: {
          guestBubbles: { backgroundColor: '#1a202c', color: '#ffffff' },
          inputs: { placeholderColor: '#4a5568' },
        },
      },
    }),
  );
  const second = await signedIn();
  await second.page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${readable}/flow`);
  await second.page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
  expect(await second.page.getByRole('note').filter({ hasText: 'Before publishing' }).count()).toBe(0);
  await second.context.close();
});

test('the AI assistant template’s Test, without an account, shows no empty bubble', async () => {
  const { context, page } = await signedIn();
  await page.getByRole('button', { name: 'New bot' }).click();
  await page.getByRole('dialog', { name: 'New bot' }).getByRole('button', { name: 'AI assistant' }).click();
  await page.getByRole('link', { name: 'Test' }).click();
  const chat = page.frameLocator('iframe[title="Preview chat"]');
  await chat.locator('.parley-host', { hasText: 'Ask me anything' }).waitFor();
  await chat.locator('input.parley-field').fill('What time is it?');
  await chat.locator('input.parley-field').press('Enter');
  await chat.locator('.parley-host', { hasText: 'Connect an OpenAI account' }).waitFor();
  // The next question is asked: whatever the answer bubble was going to be, it has been drawn by now.
  await chat.locator('input.parley-field').waitFor();
  await page.waitForTimeout(500);
  const bubbles = await chat.locator('.parley-bubble').allTextContents();
  await screenshot(page, 'ai-template-test-1280');
  expect(bubbles.filter((text) => text.trim() === '')).toEqual([]);
  await context.close();
});
