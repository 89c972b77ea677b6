import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { createBot, group, publishBot, startChat, textBubble, texts, v6Bot, type Json } from '../helpers/chat';
import { request } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Draft checkpoints in the History tab: kept beside the publishes with a
// "Draft" label, why they were kept, who and when; restored like a publish
// (the draft it replaces is kept in turn), the live bot untouched; kept by
// hand with a note.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
let botId: string;
let publicId: string;

/** Screenshots asked for beside the usual artefacts (PARLEY_SHOTS_DIR, when set). */
async function shot(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, name);
  const shots = process.env.PARLEY_SHOTS_DIR;
  if (shots) {
    fs.mkdirSync(shots, { recursive: true });
    fs.copyFileSync(file, path.join(shots, `${name}.png`));
  }
}

const getDraft = async (): Promise<Json> =>
  (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot;
const wordsOf = (bot: Json): string => bot.groups[0].blocks[0].content.richText[0].children[0].text;

async function setText(text: string): Promise<void> {
  const draft = await getDraft();
  draft.groups[0].blocks[0] = textBubble('b1', text);
  const saved = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: { bot: { groups: draft.groups } },
  });
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ botId } = await createBot(
    server,
    v6Bot({ name: 'Drafts', groups: [group('g1', [textBubble('b1', 'Published words')], 'Welcome')] }),
  ));
  ({ publicId } = await publishBot(server, botId));
  await setText('Yesterday’s work');
  // Left alone longer than the quiet spell: the next save keeps yesterday's draft as revision 2.
  await server.db.bot.update({ where: { id: botId }, data: { updatedAt: new Date(Date.now() - 60 * 60_000) } });
  await setText('Today’s work');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openHistory(page: Page): Promise<void> {
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await page.getByRole('link', { name: 'History' }).click();
}
const revisionEntries = (page: Page) => page.getByRole('navigation', { name: 'Revisions' }).getByRole('listitem');

test('History lists the draft checkpoint among publishes and restores it into the draft', async () => {
  const { context, page } = await signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { viewport: { width: 1280, height: 900 } },
  );
  await openHistory(page);
  await revisionEntries(page).first().waitFor();
  const entries = await revisionEntries(page).allTextContents();
  expect(entries).toHaveLength(2);
  expect(entries[0]).toMatch(/^Revision 2\s*Draft\s*Kept when editing resumed after a pause/);
  expect(entries[0]).toContain(server.adminEmail);
  expect(entries[1]).toMatch(/^Revision 1\s*Live/);

  // The newest is shown first: the checkpoint, never published.
  await page.getByRole('heading', { name: /^Revision 2/, level: 2 }).waitFor();
  await page.getByText('Kept when editing resumed after a pause,', { exact: false }).first().waitFor();
  await page.getByText('Never published.', { exact: false }).waitFor();
  await page
    .getByRole('region', { name: 'Flow of revision 2' })
    .getByRole('button', { name: 'Text: Yesterday’s work', exact: true })
    .waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'draft-checkpoints-1280');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Restore into the draft' }).click();
  await page.getByRole('status').filter({ hasText: 'Revision 2 is now the draft.' }).waitFor();
  expect(wordsOf(await getDraft())).toBe('Yesterday’s work');
  // The draft the restore replaced is kept in turn; the live bot runs revision 1 still.
  await revisionEntries(page).nth(2).waitFor();
  const after = await revisionEntries(page).allTextContents();
  expect(after[0]).toMatch(/^Revision 3\s*Draft\s*Kept before a revision was restored over it/);
  expect(texts((await startChat(server, publicId)).body)).toEqual(['Published words']);

  // By hand, with a note: the new checkpoint is listed first and shown.
  await page.getByRole('textbox', { name: 'Checkpoint note (optional)' }).fill('Before the rework');
  await page.getByRole('button', { name: 'Keep the draft' }).click();
  await page.getByRole('heading', { name: /^Revision 4\s*Draft/, level: 2 }).waitFor();
  expect(await revisionEntries(page).first().textContent()).toMatch(
    /^Revision 4\s*Draft\s*Checkpoint taken by hand: Before the rework/,
  );
  expect(await page.getByRole('textbox', { name: 'Checkpoint note (optional)' }).inputValue()).toBe('');
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

test('on a phone, checkpoints read the same and nothing is wider than the screen', async () => {
  const { context, page } = await signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { viewport: { width: 390, height: 844 } },
  );
  await openHistory(page);
  await revisionEntries(page).first().waitFor();
  await page.getByRole('button', { name: /^Revision 2\b/ }).click();
  await page
    .getByRole('region', { name: 'Flow of revision 2' })
    .getByRole('button', { name: 'Text: Yesterday’s work', exact: true })
    .waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await shot(page, 'draft-checkpoints-390');
  await context.close();
});
