import type { Browser, Page } from 'playwright-core';
import { setPassword } from '../../src/services/sign-in/password-change';
import { axeViolations, screenshot, signInToConsole } from '../helpers/browser';
import { createBot, group, textBubble, v6Bot } from '../helpers/chat';
import { editorSuite, eventually } from '../helpers/console-editor';
import { createUserWithToken, type TestServer } from '../helpers/test-server';

// Who is where, in Chromium: two people (two browser contexts) on one bot; what
// one selects shows on the other's canvas as their initials, and follows them.

jest.setTimeout(60_000);

const suite = editorSuite();
let server: TestServer;
let browser: Browser;
let botId: string;

const GRACE = { email: 'grace@presence.test', password: 'grace-password-1' };

beforeAll(async () => {
  ({ server, browser } = suite.current());
  await server.db.user.update({ where: { email: server.adminEmail }, data: { name: 'Ada Lovelace' } });
  const grace = await createUserWithToken(server.db, GRACE.email, {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });
  await setPassword(server.db, grace.userId, GRACE.password);
  await server.db.user.update({ where: { id: grace.userId }, data: { name: 'Grace Hopper' } });
  ({ botId } = await createBot(
    server,
    v6Bot({
      name: 'Shared bot',
      groups: [
        group('g1', [textBubble('b1', 'Hello'), textBubble('b2', 'How are you?')], 'Welcome'),
        { ...group('g2', [textBubble('b3', 'Goodbye')], 'Farewell'), graphCoordinates: { x: 360, y: 0 } },
      ],
    }),
  ));
});

const VIEWPORT = { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' as const };

async function openEditor(credentials: { email: string; password: string }): Promise<Page> {
  const { page } = await signInToConsole(browser, server.url, credentials, VIEWPORT);
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await page.getByRole('group', { name: 'Farewell' }).waitFor({ timeout: 10_000 });
  return page;
}

/** Where Grace's canvas shows Ada's initials: the ids of the blocks and groups they are on. */
const adaOn = (page: Page) =>
  page.getByRole('img', { name: 'Ada Lovelace has this selected' }).evaluateAll((marks) =>
    marks.map((mark) => {
      const block = mark.closest('li')?.querySelector('[data-block-id]')?.getAttribute('data-block-id');
      return block ? `block ${block}` : `group ${mark.closest('[data-group-id]')?.getAttribute('data-group-id')}`;
    }),
  );

test('what Ada selects shows on Grace’s canvas as her initials within 2 s, and follows her', async () => {
  const ada = await openEditor({ email: server.adminEmail, password: server.adminPassword });
  const grace = await openEditor(GRACE);
  // Each sees the other in the toolbar first (the presence both canvases build on).
  await grace.getByRole('img', { name: server.adminEmail }).waitFor({ timeout: 5_000 });
  await ada.getByRole('img', { name: GRACE.email }).waitFor({ timeout: 5_000 });
  expect(await adaOn(grace)).toEqual([]);

  await ada.locator('.flow-block[data-block-id="b2"]').click();
  await eventually(() => adaOn(grace), ['block b2'], 2_000);
  const mark = grace.getByRole('img', { name: 'Ada Lovelace has this selected' });
  expect(await mark.textContent()).toBe('AL');
  // Her colour is her toolbar avatar's.
  const toolbarColour = await grace
    .getByRole('img', { name: server.adminEmail })
    .evaluate((avatar) => getComputedStyle(avatar).backgroundColor);
  expect(await mark.evaluate((avatar) => getComputedStyle(avatar).backgroundColor)).toBe(toolbarColour);
  // Ada's own canvas shows no initials of hers.
  expect(await ada.getByRole('img', { name: /has this selected/ }).count()).toBe(0);
  await screenshot(grace, 'selection-presence-block');
  expect(await axeViolations(grace)).toEqual([]);

  await ada.getByRole('group', { name: 'Farewell' }).locator('.group-title').click();
  await eventually(() => adaOn(grace), ['group g2'], 2_000);
  await screenshot(grace, 'selection-presence-group');

  // Grace selects too: Ada sees Grace's initials where Grace is.
  await grace.locator('.flow-block[data-block-id="b1"]').click();
  await ada.getByRole('img', { name: 'Grace Hopper has this selected' }).waitFor({ timeout: 2_000 });
  expect(await ada.getByRole('img', { name: 'Grace Hopper has this selected' }).textContent()).toBe('GH');

  // Clicking the empty canvas selects nothing: the initials go.
  const pane = ada.locator('.react-flow__pane');
  const box = (await pane.boundingBox())!;
  await ada.mouse.click(box.x + box.width - 20, box.y + box.height - 120);
  await eventually(() => adaOn(grace), [], 2_000);

  // Ada closes the bot's tab: she leaves Grace's toolbar at once.
  await ada.close();
  await ada.context().close();
  await grace.getByRole('img', { name: server.adminEmail }).waitFor({ state: 'detached', timeout: 2_000 });
  await grace.context().close();
});
