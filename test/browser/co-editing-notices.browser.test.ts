import type { Page } from 'playwright-core';
import { screenshot } from '../helpers/browser';
import {
  addBob,
  caretInto,
  openFlow,
  overwriteCheckpoints,
  overwriteNotices,
  sharedBot,
  signIn,
  storedWords,
  typeInto,
} from '../helpers/co-editors';
import { editorSuite, eventually, palette, saved } from '../helpers/console-editor';
import type { TestServer } from '../helpers/test-server';

// "Bob changed a block just after you: their version is kept" is for words
// that were replaced (docs/co-editing.md#the-flow-editors-side): a co-editor
// who builds on what Ann saved (adds to her message, adds a block to the group
// she renamed) replaces nothing, so Ann is not told and no checkpoint is
// taken; a true overwrite of her words is told once, however many saves the
// other person makes after it.

jest.setTimeout(120_000);

const suite = editorSuite();
let server: TestServer;
beforeAll(async () => {
  ({ server } = suite.current());
  await addBob(server);
});

const people = async (botId: string) => {
  const { browser } = suite.current();
  const [a, b] = [await signIn(browser, server.url, 'ann', server), await signIn(browser, server.url, 'bob', server)];
  await openFlow(a, server.url, server, botId);
  await openFlow(b, server.url, server, botId);
  return [a, b] as const;
};

const blockShows = (page: Page, blockId: string, words: string) =>
  page.locator(`.flow-block[data-block-id="${blockId}"]`, { hasText: words }).waitFor();

/** Lets any notice the last saves would raise arrive (the stream and a read of the log). */
const settle = (page: Page) => page.waitForTimeout(2_000);

test('Bob adds to the message Ann saved and adds a block to the group she renamed: no notice for Ann, no overwrite checkpoint', async () => {
  const botId = await sharedBot(server, 'Built on');
  const [a, b] = await people(botId);

  await typeInto(a.page, 'b1', ' from Ann');
  await saved(a.page);
  await blockShows(b.page, 'b1', 'Hello from Ann');
  await typeInto(b.page, 'b1', ' and Bob');
  await saved(b.page);
  await blockShows(a.page, 'b1', 'Hello from Ann and Bob');

  await a.page.getByRole('group', { name: 'Second' }).getByTitle('Double-click to rename').dblclick();
  await a.page.getByRole('textbox', { name: 'Group title' }).fill('Second, by Ann');
  await a.page.keyboard.press('Enter');
  await saved(a.page);
  await b.page.getByRole('group', { name: 'Second, by Ann' }).waitFor();
  await b.page.locator('.flow-block[data-block-id="b2"]').click();
  await palette(b.page).getByRole('button', { name: 'Wait', exact: true }).click();
  await saved(b.page);
  await a.page.getByRole('group', { name: 'Second, by Ann' }).locator('.flow-block', { hasText: 'Wait' }).waitFor();

  await settle(a.page);
  expect(await storedWords(server, botId, 'b1')).toBe('Hello from Ann and Bob');
  expect(await overwriteNotices(a.page).count()).toBe(0);
  expect(await overwriteCheckpoints(server, botId)).toBe(0);
  await a.context.close();
  await b.context.close();
});

test('Bob replaces the words Ann saved, then goes on typing: Ann is told once, and one checkpoint keeps her words', async () => {
  const botId = await sharedBot(server, 'Replaced');
  const [a, b] = await people(botId);

  await typeInto(a.page, 'b1', ' from Ann');
  await saved(a.page);
  await blockShows(b.page, 'b1', 'Hello from Ann');
  await caretInto(b.page, 'b1');
  await b.page.keyboard.press('ControlOrMeta+A');
  await b.page.keyboard.type('Bob’s words');
  await saved(b.page);
  await overwriteNotices(a.page)
    .filter({ hasText: 'Bob Builder changed a block in “Welcome” just after you' })
    .waitFor();
  // Each pause is a save of Bob's: none of them replaces anything of Ann's any more.
  for (const more of [' again', ' and again']) {
    await b.page.keyboard.type(more);
    await saved(b.page);
  }
  await blockShows(a.page, 'b1', 'Bob’s words again and again');
  await settle(a.page);
  expect(await overwriteNotices(a.page).count()).toBe(1);
  await screenshot(a.page, 'co-editing-notice-once');
  await eventually(() => overwriteCheckpoints(server, botId), 1);
  await a.context.close();
  await b.context.close();
});
