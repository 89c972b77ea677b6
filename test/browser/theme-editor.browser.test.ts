import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { group, publishDefinition, textBubble, textInput, v6Bot } from '../helpers/chat';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers/test-server';
import { setPassword } from '../../src/services/sign-in/password-change';

// The bot's Theme and Settings tabs in the console: what is typed shows in the
// preview at once, a save reaches visitors once published, and two editors of
// one bot never overwrite each other silently.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
let botId: string;
let publicId: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ botId, publicId } = await publishDefinition(
    server,
    v6Bot({
      name: 'Theme bot',
      groups: [
        group('g1', [textBubble('b1', 'Hello! What is your name?'), textInput('i1', undefined, 'e1')]),
        group('g2', [textBubble('b2', 'Nice to meet you')]),
      ],
      edges: [{ id: 'e1', from: { blockId: 'i1' }, to: { groupId: 'g2' } }],
      // Keys the editors do not show: saved back as they are.
      settings: { general: { systemMessages: { invalidMessage: 'Not quite' } }, whatsApp: { isEnabled: false } },
      theme: { chat: { hostBubbles: { shadow: 'sm' } } },
    }),
  ));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const signedIn = (email: string, password: string, viewport = { width: 1280, height: 900 }) =>
  signInToConsole(browser, server.url, { email, password }, { viewport });

async function openTab(page: Page, tab: 'theme' | 'bot-settings', form: string): Promise<void> {
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/${tab}`);
  await page.getByRole('form', { name: form }).waitFor();
}

const guestBackground = (page: Page) => page.getByLabel('Visitor bubbles: Background', { exact: true });
const hostBackground = (page: Page) => page.getByLabel('Bot bubbles: Background', { exact: true });

const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved to the draft' }).waitFor();
}

async function publishChanges(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish changes' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Published/ })
    .filter({ hasNotText: 'changes not published' })
    .waitFor();
}

/** The public page, answered once so a visitor bubble shows. */
async function visit(): Promise<Page> {
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
  const page = await visitor.newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.locator('.parley-host', { hasText: 'What is your name?' }).waitFor();
  await page.locator('input.parley-field').fill('Ada');
  await page.locator('input.parley-field').press('Enter');
  await page.locator('.parley-host', { hasText: 'Nice to meet you' }).waitFor();
  return page;
}

test('theme: the preview follows the form before saving; saved and published, visitors see the new colour', async () => {
  const { context, page } = await signedIn(server.adminEmail, server.adminPassword);
  await openTab(page, 'theme', 'Theme');
  // The 6 defaults are the placeholders; the preview starts with them.
  expect(await guestBackground(page).getAttribute('placeholder')).toBe('#ff8e21');
  expect(await background(page, '[data-theme-preview] .parley-guest')).toBe('rgb(255, 142, 33)');

  await guestBackground(page).fill('#2f855a');
  await page.locator('[data-theme-preview] .parley-guest').waitFor();
  await page.waitForFunction(
    () => {
      const bubble = document.querySelector('[data-theme-preview]')?.shadowRoot?.querySelector('.parley-guest');
      return bubble && getComputedStyle(bubble).backgroundColor === 'rgb(47, 133, 90)';
    },
    undefined,
    { timeout: 5_000 },
  );
  // The picker follows the text.
  expect(await page.getByLabel('Visitor bubbles: Background, colour picker').inputValue()).toBe('#2f855a');
  // The custom CSS applies live, and cannot reach out of the preview over the console.
  const css = page.getByLabel('CSS', { exact: true });
  await css.fill(':host { position: fixed !important; inset: 0 !important } .parley-guest { letter-spacing: 3px }');
  await page.waitForFunction(() => {
    const bubble = document.querySelector('[data-theme-preview]')?.shadowRoot?.querySelector('.parley-guest');
    return bubble && getComputedStyle(bubble).letterSpacing === '3px';
  });
  const frame = (await page.locator('.theme-preview-chat').boundingBox())!;
  const preview = (await page.locator('[data-theme-preview]').boundingBox())!;
  expect(preview.width).toBeLessThanOrEqual(frame.width);
  expect(preview.height).toBeLessThanOrEqual(frame.height);
  await css.fill('');
  // Nothing is stored before Save.
  expect((await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft).not.toMatchObject({
    theme: { chat: { guestBubbles: {} } },
  });

  await save(page);
  const stored = (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as {
    theme: Record<string, any>;
  };
  expect(stored.theme.chat).toEqual({ hostBubbles: { shadow: 'sm' }, guestBubbles: { backgroundColor: '#2f855a' } });

  await publishChanges(page);
  const visitor = await visit();
  expect(await background(visitor, '.parley-guest')).toBe('rgb(47, 133, 90)');
  await visitor.context().close();
  await context.close();
});

test('settings: branding turned on is shown on the public page once published; unknown keys are kept', async () => {
  const { context, page } = await signedIn(server.adminEmail, server.adminPassword);
  await openTab(page, 'bot-settings', 'Bot settings');
  const branding = page.getByLabel('Show “Made with Parley” under the chat');
  expect(await branding.isChecked()).toBe(false);
  await branding.check();
  await page.getByRole('button', { name: 'Add an origin' }).click();
  await page.getByLabel('Allowed origin 1', { exact: true }).fill(server.chatUrl);
  // A row left empty is dropped when saved.
  await page.getByRole('button', { name: 'Add an origin' }).click();
  await save(page);
  const stored = (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as {
    settings: Record<string, any>;
  };
  expect(stored.settings).toEqual({
    general: { systemMessages: { invalidMessage: 'Not quite' }, isBrandingEnabled: true },
    whatsApp: { isEnabled: false },
    security: { allowedOrigins: [server.chatUrl] },
  });
  await expect(page.getByLabel('Allowed origin 2', { exact: true }).count()).resolves.toBe(0);

  await publishChanges(page);
  const visitor = await visit();
  await visitor.getByRole('link', { name: 'Made with Parley' }).waitFor();
  await visitor.context().close();
  await context.close();
});

test('two editors changing different things (the theme’s bubbles, its CSS, the settings) both keep theirs, with no banner', async () => {
  const first = await signedIn(server.adminEmail, server.adminPassword);
  const second = await signedIn(server.adminEmail, server.adminPassword);
  const third = await signedIn(server.adminEmail, server.adminPassword);
  await openTab(first.page, 'theme', 'Theme');
  await openTab(second.page, 'theme', 'Theme');
  await openTab(third.page, 'bot-settings', 'Settings');

  await hostBackground(first.page).fill('#123456');
  await save(first.page);
  await second.page.getByLabel('CSS', { exact: true }).fill('.parley-host { letter-spacing: 0.01em; }');
  await save(second.page);
  const branding = third.page.getByLabel('Show “Made with Parley” under the chat');
  const brandingWas = await branding.isChecked();
  await branding.setChecked(!brandingWas);
  await save(third.page);

  const draft = (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as {
    theme: Record<string, any>;
    settings: Record<string, any>;
  };
  expect(draft.theme.chat.hostBubbles.backgroundColor).toBe('#123456');
  expect(draft.theme.customCss).toBe('.parley-host { letter-spacing: 0.01em; }');
  expect(draft.settings.general.isBrandingEnabled).toBe(!brandingWas);
  for (const { page } of [first, second, third]) expect(await page.getByRole('alert').count()).toBe(0);
  for (const { context } of [first, second, third]) await context.close();
});

test('two editors changing the same thing: the second save is refused with a clear choice; Reload shows the first one’s value, Overwrite replaces it', async () => {
  const first = await signedIn(server.adminEmail, server.adminPassword);
  const second = await signedIn(server.adminEmail, server.adminPassword);
  await openTab(first.page, 'theme', 'Theme');
  await openTab(second.page, 'theme', 'Theme');

  await hostBackground(first.page).fill('#111111');
  await save(first.page);
  await hostBackground(second.page).fill('#222222');
  await second.page.getByRole('button', { name: 'Save', exact: true }).click();
  const conflict = second.page
    .getByRole('alert')
    .filter({ hasText: 'Someone else saved this bot while you were editing' });
  await conflict.waitFor();
  await screenshot(second.page, 'theme-editor-conflict');
  // Nothing lost silently: the first save stands.
  const theme = async () =>
    ((await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as { theme: Record<string, any> }).theme;
  expect((await theme()).chat.hostBubbles.backgroundColor).toBe('#111111');

  await conflict.getByRole('button', { name: 'Reload' }).click();
  await conflict.waitFor({ state: 'detached' });
  expect(await hostBackground(second.page).inputValue()).toBe('#111111');

  // Again, and this time the second editor keeps its own.
  await hostBackground(first.page).fill('#333333');
  await save(first.page);
  await hostBackground(second.page).fill('#444444');
  await second.page.getByRole('button', { name: 'Save', exact: true }).click();
  await conflict.getByRole('button', { name: 'Overwrite' }).click();
  await second.page.getByRole('status').filter({ hasText: 'Saved to the draft' }).waitFor();
  expect((await theme()).chat.hostBubbles.backgroundColor).toBe('#444444');
  await first.context.close();
  await second.context.close();
});

test('a GUEST reads both tabs with every field disabled and no Save', async () => {
  const guest = await createUserWithToken(server.db, 'guest@parley.test', {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  await setPassword(server.db, guest.userId, 'guest-password-1');
  const { context, page } = await signedIn('guest@parley.test', 'guest-password-1');
  for (const [tab, form] of [
    ['theme', 'Theme'],
    ['bot-settings', 'Bot settings'],
  ] as const) {
    await openTab(page, tab, form);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    const enabled = await page
      .getByRole('form', { name: form })
      .locator('input, select, textarea')
      .evaluateAll((fields) => fields.filter((field) => !field.matches(':disabled')).length);
    expect(enabled).toBe(0);
  }
  await context.close();
});

test('both tabs: no axe violation, screenshots at 1280 and 390 px', async () => {
  const { context, page } = await signedIn(server.adminEmail, server.adminPassword);
  for (const [tab, form] of [
    ['theme', 'Theme'],
    ['bot-settings', 'Bot settings'],
  ] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      await openTab(page, tab, form);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `bot-${tab}-${width}`);
      // No sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
  await context.close();
});
