import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, signInToConsole } from '../helpers/browser';
import { createBot, group, textBubble, v6Bot } from '../helpers/chat';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Fields with a shape in the console (theme colours and width, a block's
// numbers, the workspace icon): what lacks its shape is said at the field in
// words and never saved, the last good value stays; hard-to-read colour pairs
// are warned of at their fields.

jest.setTimeout(120_000);

const SHOTS = process.env.PARLEY_SHOTS ?? '/work/shots/shapes';

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

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** The error said under a field (its aria-describedby). */
async function errorOf(field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const page = field.page();
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter((id) => id.endsWith('-error'))
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ');
}

async function until(check: () => Promise<boolean>, timeout = 5_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function newBot(): Promise<string> {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Shapes bot',
      groups: [
        group('g1', [
          textBubble('b1', 'Rate us'),
          { id: 'r1', type: 'rating input', options: { length: 5, variableId: 'v1' } },
        ]),
      ],
      variables: [{ id: 'v1', name: 'Score' }],
      theme: { chat: { hostBubbles: { backgroundColor: '#ffffff' } } },
    }),
  );
  return botId;
}

const storedTheme = async (botId: string) =>
  ((await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as { theme: Record<string, unknown> }).theme;

describe.each([
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
])('on %s', (name, viewport) => {
  test('theme editor: a wrong colour and a wrong width are said at the field and not saved; low contrast is warned of', async () => {
    const botId = await newBot();
    const { context, page } = await signInToConsole(
      browser,
      server.url,
      { email: server.adminEmail, password: server.adminPassword },
      { viewport },
    );
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/theme`);
    await page.getByRole('form', { name: 'Theme' }).waitFor();

    const hostBackground = page.getByLabel('Bot bubbles: Background', { exact: true });
    const hostText = page.getByLabel('Bot bubbles: Text', { exact: true });
    await hostBackground.fill('not a colour');
    await hostBackground.press('Tab');
    expect(await hostBackground.getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf(hostBackground)).toBe('Must be a colour such as #2563eb, rgb(37 99 235) or white. Not saved.');
    // The text stays as typed, for the author to fix.
    expect(await hostBackground.inputValue()).toBe('not a colour');

    const width = page.getByLabel('Chat width (max)');
    await width.fill('#2563eb');
    await width.press('Tab');
    expect(await errorOf(width)).toBe('Must be a CSS length such as 400px, 100% or 32rem. Not saved.');

    // A hard-to-read pair: the warning shows in the pair's section, in words, and goes once it reads well.
    const guestBackground = page.getByLabel('Visitor bubbles: Background', { exact: true });
    await guestBackground.fill('#ff5924');
    await page.getByLabel('Visitor bubbles: Text', { exact: true }).fill('#ffffff');
    const guestSection = page.locator('fieldset.draft-section', { hasText: 'Visitor bubbles' });
    const warning = guestSection.getByRole('status');
    await warning.waitFor();
    expect(await warning.textContent()).toMatch(
      /^Visitor bubbles: text and background contrast 3\.1:1, below the 4\.5:1 that makes text readable/,
    );
    await hostBackground.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shoot(page, `theme-editor-errors-${name}`);
    await warning.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shoot(page, `theme-editor-contrast-${name}`);
    await guestBackground.fill('#c2410c');
    await warning.waitFor({ state: 'hidden' });

    // Another field changes and Save is pressed: nothing is saved while fields hold refused text, and the form says
    // which (never "Saved to the draft").
    await hostText.fill('#111111');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Nothing was saved' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Bot bubbles: Background');
    expect(await refused.textContent()).toContain('Chat width (max)');
    expect(await page.getByRole('status').filter({ hasText: 'Saved to the draft' }).count()).toBe(0);
    expect(((await storedTheme(botId)) as { chat?: { hostBubbles?: unknown } }).chat?.hostBubbles).not.toEqual(
      expect.objectContaining({ color: '#111111' }),
    );

    // Fixed (and the width emptied), everything is saved.
    await hostBackground.fill('#fafafa');
    expect(await hostBackground.getAttribute('aria-invalid')).toBeNull();
    expect(await errorOf(hostBackground)).toBe('');
    await width.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Saved to the draft' }).waitFor();
    const theme = (await storedTheme(botId)) as { chat: Record<string, Record<string, unknown>> };
    expect(theme.chat.hostBubbles).toEqual({ backgroundColor: '#fafafa', color: '#111111' });
    expect(theme.chat.guestBubbles).toEqual({ backgroundColor: '#c2410c', color: '#ffffff' });
    await context.close();
  });

  test('block form: a rating maximum of -5 is said at the field and the block keeps 5', async () => {
    const botId = await newBot();
    const { context, page } = await signInToConsole(
      browser,
      server.url,
      { email: server.adminEmail, password: server.adminPassword },
      { viewport: name === 'desktop' ? { width: 1440, height: 900 } : viewport },
    );
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
    await page.locator('.flow-block[data-block-id="r1"]').click();
    const panel = page.getByRole('complementary', { name: 'Block settings' });
    const maximum = panel.getByLabel('Maximum rating');
    await maximum.fill('-5');
    await maximum.press('Tab');
    expect(await errorOf(maximum)).toBe('Must be at least 1. Not saved.');
    await shoot(page, `rating-form-${name}`);
    await maximum.fill('7');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
    const draft = (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as {
      groups: { blocks: { id: string; options?: { length?: unknown } }[] }[];
    };
    expect(draft.groups[0]!.blocks.find((block) => block.id === 'r1')!.options!.length).toBe(7);
    await context.close();
  });

  test('workspace icon: a sentence is said at the field and not sent', async () => {
    const { context, page } = await signInToConsole(
      browser,
      server.url,
      { email: server.adminEmail, password: server.adminPassword },
      { viewport },
    );
    const before = (await server.db.workspace.findUniqueOrThrow({ where: { id: server.adminWorkspaceId } })).icon;
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/settings`);
    const icon = page.getByLabel('Icon', { exact: true });
    await icon.fill('our lovely workspace');
    await icon.press('Tab');
    expect(await errorOf(icon)).toBe(
      'Must be one emoji (such as 🤖) or an image address starting with https://. Not saved.',
    );
    await page.locator('form.card', { has: icon }).getByRole('button', { name: 'Save' }).click();
    await shoot(page, `workspace-icon-${name}`);
    expect((await server.db.workspace.findUniqueOrThrow({ where: { id: server.adminWorkspaceId } })).icon).toBe(before);
    await icon.fill('🦉');
    await page.locator('form.card', { has: icon }).getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.querySelector('form.card button[type=submit]:not([disabled])'));
    await until(
      async () =>
        (await server.db.workspace.findUniqueOrThrow({ where: { id: server.adminWorkspaceId } })).icon === '🦉',
    );
    await icon.fill(before ?? '');
    await page.locator('form.card', { has: icon }).getByRole('button', { name: 'Save' }).click();
    await context.close();
  });
});
