import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers/test-server';
import { setPassword } from '../../src/services/sign-in/password-change';

// "New bot" and its template gallery, and the Share tab's name and public id
// form, in Chromium over a real server.

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

const signedIn = (email: string, password: string, width = 1280) =>
  signInToConsole(
    browser,
    server.url,
    { email, password },
    { viewport: { width, height: 900 }, reducedMotion: 'reduce' },
  );

const STARTERS = ['Blank', 'Lead capture', 'FAQ with buttons', 'NPS survey', 'Quiz with score', 'AI assistant'];

describe('an admin', () => {
  let context: BrowserContext;
  let page: Page;
  let botId: string;

  beforeAll(async () => {
    ({ context, page } = await signedIn(server.adminEmail, server.adminPassword));
  });
  afterAll(() => context?.close());

  test('New bot opens the gallery: Blank and five templates, each described', async () => {
    await page.getByRole('button', { name: 'New bot' }).click();
    const gallery = page.getByRole('dialog', { name: 'New bot' });
    await gallery.waitFor();
    const cards = gallery.getByRole('list', { name: 'Starting points' }).getByRole('button');
    expect(await cards.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual(
      STARTERS,
    );
    const lead = gallery.getByRole('button', { name: 'Lead capture' });
    expect(
      await lead.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby')!)?.textContent),
    ).toBe('Collects a name and an e-mail, then asks what the visitor is after.');
    await screenshot(page, 'templates-gallery-1280');
    await gallery.getByRole('button', { name: 'Close' }).click();
    await gallery.waitFor({ state: 'hidden' });
  });

  test('Lead capture opens its Flow tab with its groups', async () => {
    await page.getByRole('button', { name: 'New bot' }).click();
    await page.getByRole('dialog', { name: 'New bot' }).getByRole('button', { name: 'Lead capture' }).click();
    await page.getByRole('heading', { name: 'Lead capture' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/\/bots\/[^/]+\/flow$/);
    botId = /\/bots\/([^/]+)\/flow$/.exec(new URL(page.url()).pathname)![1]!;
    for (const title of ['Welcome', 'Contact', 'Demo', 'Browsing', 'Thank you'])
      await page.getByRole('group', { name: title, exact: true }).waitFor();
    const bot = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
    expect({ name: bot.name, workspaceId: bot.workspaceId }).toEqual({
      name: 'Lead capture',
      workspaceId: server.adminWorkspaceId,
    });
    await screenshot(page, 'templates-lead-capture-flow');
  });

  test('in Share, renaming and a new public id change the share link; a reserved id is refused with the server’s reason', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Published/ })
      .waitFor();
    await page.getByRole('link', { name: 'Share' }).click();
    const form = page.getByRole('form', { name: 'Name and public id' });
    const link = page.locator('a[data-share-link]');
    await link.waitFor();
    const before = (await link.getAttribute('href'))!;
    expect(before).toMatch(new RegExp(`^${server.chatUrl}/lead-capture-`));

    await form.getByLabel('Name').fill('Acme leads');
    await form.getByLabel('Public id').fill('acme-leads');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect(await link.getAttribute('href')).toBe(`${server.chatUrl}/acme-leads`);
    expect(await page.locator('.snippet code').first().textContent()).toContain("bot: 'acme-leads'");
    const bot = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
    expect({ name: bot.name, publicId: bot.publicId }).toEqual({ name: 'Acme leads', publicId: 'acme-leads' });
    await screenshot(page, 'templates-share-renamed');

    await form.getByLabel('Public id').fill('app');
    await form.getByRole('button', { name: 'Save' }).click();
    const refusal = form.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe("Public id is one of the server's own paths (app, graphql, v1, ...).");
    // Nothing saved: the link still names the last good id.
    expect(await link.getAttribute('href')).toBe(`${server.chatUrl}/acme-leads`);
    expect((await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).publicId).toBe('acme-leads');
    await screenshot(page, 'templates-share-refused');
  });

  test('a public id another bot holds is refused as taken', async () => {
    const other = await server.db.bot.create({
      data: {
        workspaceId: server.adminWorkspaceId,
        name: 'Other',
        publicId: 'taken-id',
        version: '6.1',
        draft: { groups: [], events: [], edges: [], variables: [] },
      },
    });
    const form = page.getByRole('form', { name: 'Name and public id' });
    await form.getByLabel('Public id').fill('taken-id');
    await form.getByRole('button', { name: 'Save' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'Public id not available: it is already used by another bot' })
      .waitFor();
    await server.db.bot.delete({ where: { id: other.id } });
  });
});

test('at 390 px the gallery fits the screen, one card a row', async () => {
  const { context, page } = await signedIn(server.adminEmail, server.adminPassword, 390);
  await page.getByRole('button', { name: 'New bot' }).click();
  const gallery = page.getByRole('dialog', { name: 'New bot' });
  await gallery.getByRole('button', { name: 'AI assistant' }).waitFor();
  const widths = await gallery.evaluate((dialog) => ({
    dialog: dialog.getBoundingClientRect().right,
    window: window.innerWidth,
  }));
  expect(widths.dialog).toBeLessThanOrEqual(widths.window);
  const lefts = await gallery
    .getByRole('list', { name: 'Starting points' })
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().left));
  expect(new Set(lefts).size).toBe(1);
  await screenshot(page, 'templates-gallery-390');
  await context.close();
});

test('a GUEST sees the name and public id but cannot change them', async () => {
  const guest = await createUserWithToken(server.db, 'guest@parley.test', {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  await setPassword(server.db, guest.userId, 'guest-password-1');
  const bot = await server.db.bot.findFirstOrThrow({
    where: { workspaceId: server.adminWorkspaceId, publicId: 'acme-leads' },
  });
  const { context, page } = await signedIn('guest@parley.test', 'guest-password-1');
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${bot.id}/share`);
  const form = page.getByRole('form', { name: 'Name and public id' });
  await form.waitFor();
  expect(await form.getByLabel('Name').inputValue()).toBe('Acme leads');
  expect(await form.getByLabel('Public id').isDisabled()).toBe(true);
  expect(await form.getByRole('button', { name: 'Save' }).count()).toBe(0);
  await context.close();
});
