import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, downloadedText, launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { createBot, group, publishBot, startChat, textBubble, texts, v6Bot, type Json } from '../helpers/chat';
import { request } from '../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers/test-server';
import { setPassword } from '../../src/services/sign-in/password-change';

// The bot's History tab in Chromium: every publish listed, one revision seen
// as it was and against the draft, restored into the draft (the live bot
// keeps running the published one) and exported as a file.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
let botId: string;
let publicId: string;

const getDraft = async (): Promise<Json> =>
  (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot;

async function setText(text: string): Promise<void> {
  const draft = await getDraft();
  draft.groups[0].blocks[0] = textBubble('b1', text);
  const saved = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: { bot: { groups: draft.groups } },
  });
  expect(saved.status).toBe(200);
}

/** The plain words of the first block of the first group. */
const firstText = (bot: Json): string => JSON.stringify(bot.groups[0].blocks[0].content).match(/"text":"([^"]*)"/)![1]!;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ botId } = await createBot(
    server,
    v6Bot({ name: 'Hello', groups: [group('g1', [textBubble('b1', 'Hello')], 'Welcome')] }),
  ));
  await publishBot(server, botId);
  await setText('Hello again');
  ({ publicId } = await publishBot(server, botId));
  await setText('Draft text');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const signedIn = (email: string, password: string, viewport = { width: 1280, height: 900 }) =>
  signInToConsole(browser, server.url, { email, password }, { viewport, acceptDownloads: true });

async function openHistory(page: Page, bot = botId): Promise<void> {
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${bot}/flow`);
  await page.getByRole('link', { name: 'History' }).click();
}

const revisionEntries = (page: Page) => page.getByRole('navigation', { name: 'Revisions' }).getByRole('listitem');
const changes = (page: Page) => page.getByRole('region', { name: 'Compared with the current draft' });

describe('an admin', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ context, page } = await signedIn(server.adminEmail, server.adminPassword));
    await openHistory(page);
  });
  afterAll(() => context?.close());

  test('sees both publishes newest first, with who published them and which one is live', async () => {
    await expectEntries(page);
    const [newest, oldest] = await revisionEntries(page).all();
    expect(await newest!.textContent()).toContain(server.adminEmail);
    expect(await oldest!.textContent()).toContain(server.adminEmail);
    await newest!.locator('.badge-live', { hasText: 'Live' }).waitFor();
    expect(await oldest!.locator('.badge-live').count()).toBe(0);
  });

  test('selects revision 1: its own canvas, and what the draft changed since', async () => {
    await page.getByRole('button', { name: /^Revision 1\b/ }).click();
    await page.getByRole('heading', { name: 'Revision 1', level: 2 }).waitFor();
    const canvas = page.getByRole('region', { name: 'Flow of revision 1' });
    await canvas.getByRole('group', { name: 'Welcome', exact: true }).waitFor();
    await canvas.getByRole('button', { name: 'Text: Hello', exact: true }).waitFor();
    await changes(page)
      .getByRole('listitem')
      .filter({ hasText: 'A block changed in the draft: text in Welcome' })
      .waitFor();
    expect(await changes(page).getByRole('listitem').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'history-1280');
  });

  test('exports revision 1 as a Typebot file named after the bot', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Hello-revision-1.json');
    const file = JSON.parse(await downloadedText(download)) as Json;
    expect(file.name).toBe('Hello');
    expect(JSON.stringify(file.groups)).toContain('"Hello"');
    expect(JSON.stringify(file.groups)).not.toContain('Hello again');
  });

  test('restores revision 1 into the draft after confirming; the live bot keeps revision 2', async () => {
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Restore into the draft' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Revision 1 is now the draft. Publish to make it live.' })
      .waitFor();
    expect(question).toBe('Replace the draft with revision 1? The live bot does not change until you publish.');
    // The comparison follows the new draft.
    await changes(page).getByText('Same as the draft.').waitFor();
    expect(firstText(await getDraft())).toBe('Hello');
    const live = await startChat(server, publicId);
    expect(live.status).toBe(200);
    expect(texts(live.body)).toEqual(['Hello again']);
    await page
      .getByRole('status')
      .filter({ hasText: /changes not published/ })
      .waitFor();
  });

  test('a restore over a draft saved since the page loaded is refused with a way out', async () => {
    await page.getByRole('button', { name: /^Revision 2\b/ }).click();
    await page.getByRole('heading', { name: /^Revision 2/, level: 2 }).waitFor();
    await setText('Saved elsewhere');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Restore into the draft' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Reload the page' });
    await alert.waitFor();
    expect(firstText(await getDraft())).toBe('Saved elsewhere');
    await alert.getByRole('button', { name: 'Reload' }).click();
    // The page opens on the newest revision again: the checkpoint the first restore kept.
    await page.getByRole('heading', { name: /^Revision 3\s*Draft/, level: 2 }).waitFor();
    await page.getByRole('button', { name: /^Revision 2\b/ }).click();
    await page.getByRole('heading', { name: 'Revision 2', level: 2 }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Restore into the draft' }).click();
    await page.getByRole('status').filter({ hasText: 'Revision 2 is now the draft.' }).waitFor();
    expect(firstText(await getDraft())).toBe('Hello again');
  });

  test('a dismissed confirmation changes nothing', async () => {
    await page.getByRole('button', { name: /^Revision 1\b/ }).click();
    await changes(page).getByText('A block changed in the draft: text in Welcome').waitFor();
    page.once('dialog', (dialog) => void dialog.dismiss());
    await page.getByRole('button', { name: 'Restore into the draft' }).click();
    expect(firstText(await getDraft())).toBe('Hello again');
    expect(await page.getByRole('status').filter({ hasText: 'is now the draft' }).count()).toBe(0);
  });

  test('a bot never published says how revisions come', async () => {
    const { botId: fresh } = await createBot(
      server,
      v6Bot({ name: 'Fresh', groups: [group('g1', [textBubble('b1', 'Hi')])] }),
    );
    await openHistory(page, fresh);
    await page.getByText('No revision yet: each publish keeps one, and so does the draft').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('on a phone, the list sits above the revision', async () => {
  const { context, page } = await signedIn(server.adminEmail, server.adminPassword, { width: 390, height: 844 });
  await openHistory(page);
  await expectEntries(page);
  await page.getByRole('button', { name: /^Revision 1\b/ }).click();
  await page
    .getByRole('region', { name: 'Flow of revision 1' })
    .getByRole('button', { name: 'Text: Hello', exact: true })
    .waitFor();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, 'history-390');
  await context.close();
});

test('a GUEST can look and export, not restore', async () => {
  const guest = await createUserWithToken(server.db, 'history-guest@parley.test', {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  await setPassword(server.db, guest.userId, 'guest-password-1');
  const { context, page } = await signedIn('history-guest@parley.test', 'guest-password-1');
  await openHistory(page);
  await expectEntries(page);
  await page.getByRole('button', { name: 'Export', exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Restore into the draft' }).count()).toBe(0);
  await context.close();
});

/** Both publishes, newest first; restores add draft checkpoints among them (draft-checkpoints.browser.test.ts). */
async function expectEntries(page: Page): Promise<void> {
  await revisionEntries(page).first().waitFor();
  const entries = (await revisionEntries(page).allTextContents()).filter(
    (entry) => !/^Revision \d+\s*Draft/.test(entry),
  );
  expect(entries).toHaveLength(2);
  expect(entries[0]).toMatch(/^Revision 2\s*Live/);
  expect(entries[1]).toMatch(/^Revision 1/);
}
