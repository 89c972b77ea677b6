import type { Browser, BrowserContext, Page } from 'playwright-core';
import { setPassword } from '../../src/services/sign-in/password-change';
import { signInToConsole } from './browser';
import { createBot, group, textBubble, v6Bot, type Json } from './chat';
import { createUserWithToken, type TestServer } from './test-server';

// Two people in one bot's flow editor (docs/co-editing.md): Ann (the admin)
// and Bob Builder (a member of her workspace), each in a browser context of
// their own, and the steps their tests share.

export interface Person {
  context: BrowserContext;
  page: Page;
}

export const VIEWPORT = { width: 1280, height: 800 };
const BOB_EMAIL = 'bob.builder@parley.test';
const BOB_PASSWORD = 'bob-password-12';

/** Bob Builder, a member of the admin's workspace with a console password. */
export async function addBob(server: TestServer): Promise<void> {
  const bob = await createUserWithToken(server.db, BOB_EMAIL, { workspaceId: server.adminWorkspaceId, role: 'MEMBER' });
  await server.db.user.update({ where: { id: bob.userId }, data: { name: 'Bob Builder' } });
  await setPassword(server.db, bob.userId, BOB_PASSWORD);
}

/** Signs one of them in at `url` (the server's, or a proxy's in front of it). */
export function signIn(browser: Browser, url: string, who: 'ann' | 'bob', server: TestServer): Promise<Person> {
  const credentials =
    who === 'ann'
      ? { email: server.adminEmail, password: server.adminPassword }
      : { email: BOB_EMAIL, password: BOB_PASSWORD };
  return signInToConsole(browser, url, credentials, { viewport: VIEWPORT, reducedMotion: 'reduce' });
}

export async function openFlow(person: Person, url: string, server: TestServer, botId: string): Promise<void> {
  await person.page.goto(`${url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await person.page.getByRole('group', { name: 'Welcome' }).waitFor();
}

/** A bot with two groups, Welcome (b1: "Hello") and Second (b2: "Second words"). */
export async function sharedBot(server: TestServer, name: string): Promise<string> {
  const second = group('g2', [textBubble('b2', 'Second words')], 'Second');
  second.graphCoordinates = { x: 420, y: 0 };
  const { botId } = await createBot(
    server,
    v6Bot({ name, groups: [group('g1', [textBubble('b1', 'Hello')], 'Welcome'), second] }),
  );
  return botId;
}

export interface StoredDraft {
  groups: { id: string; title: string; blocks: { id: string; type: string; content?: Json }[] }[];
}

export const draftOf = async (server: TestServer, botId: string) =>
  (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as unknown as StoredDraft;

export const wordsOf = (block: { content?: Json } | undefined): string =>
  ((block?.content?.richText ?? []) as Json[])
    .flatMap((paragraph) => (paragraph.children as Json[]).map((child) => child.text as string))
    .join('');

/** The words of a block as stored now. */
export async function storedWords(server: TestServer, botId: string, blockId: string): Promise<string> {
  const draft = await draftOf(server, botId);
  return wordsOf(draft.groups.flatMap((each) => each.blocks).find((block) => block.id === blockId));
}

export const messageBox = (page: Page) =>
  page.getByRole('complementary', { name: 'Block settings' }).getByRole('textbox', { name: 'Message' });

/** Puts the caret at the end of a block's message, in its settings form. */
export async function caretInto(page: Page, blockId: string): Promise<void> {
  await page.locator(`.flow-block[data-block-id="${blockId}"]`).click();
  await messageBox(page).click();
  await page.keyboard.press('End');
}

export async function typeInto(page: Page, blockId: string, words: string): Promise<void> {
  await caretInto(page, blockId);
  await page.keyboard.type(words);
}

/** The "… just after you" notices shown on a page. */
export const overwriteNotices = (page: Page) => page.locator('.overwrite-notice');

/** The draft checkpoints the server took because a save replaced another person's. */
export async function overwriteCheckpoints(server: TestServer, botId: string): Promise<number> {
  return server.db.botSnapshot.count({ where: { botId, kind: 'draft', reason: 'overwrite' } });
}
