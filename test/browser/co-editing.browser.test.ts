import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { setPassword } from '../../src/services/sign-in/password-change';
import { screenshot, signInToConsole } from '../helpers/browser';
import { textBubble, type Json } from '../helpers/chat';
import { sharedBot } from '../helpers/co-editors';
import { editorSuite, eventually, palette, saved, signedInAdmin } from '../helpers/console-editor';
import { request } from '../helpers/http';
import { createUserWithToken, type TestServer } from '../helpers/test-server';

// Two people in one bot's flow editor, in two browser contexts
// (docs/co-editing.md): each sees the other's saves appear without
// reloading, their own unsaved work kept; edits to different things both
// land with no banner; the later of two edits to one block wins, the other
// person is told, and the replaced text is in the draft history; undo takes
// back only one's own changes; an API client's PATCH shows up live too.

jest.setTimeout(120_000);

const suite = editorSuite();
let server: TestServer;
let bobEmail: string;
const BOB_PASSWORD = 'bob-password-12';
beforeAll(async () => {
  ({ server } = suite.current());
  bobEmail = 'bob.builder@parley.test';
  const bob = await createUserWithToken(server.db, bobEmail, { workspaceId: server.adminWorkspaceId, role: 'MEMBER' });
  await server.db.user.update({ where: { id: bob.userId }, data: { name: 'Bob Builder' } });
  await setPassword(server.db, bob.userId, BOB_PASSWORD);
});

interface Person {
  context: BrowserContext;
  page: Page;
}

const VIEWPORT = { width: 1280, height: 800 };
const ann = () => signedInAdmin(suite.current().browser, server, VIEWPORT);
const bob = () =>
  signInToConsole(
    suite.current().browser,
    server.url,
    { email: bobEmail, password: BOB_PASSWORD },
    { viewport: VIEWPORT, reducedMotion: 'reduce' },
  );

async function openFlow(person: Person, botId: string, firstGroup: string): Promise<void> {
  await person.page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await person.page.getByRole('group', { name: firstGroup }).waitFor();
}

const draftOf = async (botId: string) =>
  (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as {
    groups: { id: string; title: string; blocks: { id: string; type: string; content?: Json }[] }[];
  };
/** An API client replaces the Welcome group's message with these words. */
async function rewriteMessage(botId: string, words: string): Promise<void> {
  const draft = (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot;
  const [welcome, ...others] = draft.groups as Json[];
  const patched = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: { bot: { groups: [{ ...welcome, blocks: [textBubble('b1', words)] }, ...others] } },
  });
  expect(patched.status).toBe(200);
}
const groupTitles = async (page: Page) =>
  (await page.locator('.flow-group').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label'))))
    .filter((title): title is string => title !== null)
    .sort();
const wordsOf = (block: { content?: Json } | undefined): string =>
  ((block?.content?.richText ?? []) as Json[])
    .flatMap((paragraph) => (paragraph.children as Json[]).map((child) => child.text as string))
    .join('');
const alerts = (page: Page) => page.getByRole('alert').count();

/** Puts the caret at the end of a block's message, in its settings form. */
async function caretInto(page: Page, blockId: string) {
  await page.locator(`.flow-block[data-block-id="${blockId}"]`).click();
  const message = page.getByRole('complementary', { name: 'Block settings' }).getByRole('textbox', { name: 'Message' });
  await message.click();
  await page.keyboard.press('End');
}

async function typeInto(page: Page, blockId: string, words: string) {
  await caretInto(page, blockId);
  await page.keyboard.type(words);
}

/** Both pages as one picture, side by side: what the note describes. */
async function sideBySide(left: Page, right: Page, name: string): Promise<void> {
  const [a, b] = await Promise.all([screenshot(left, `${name}-ann`), screenshot(right, `${name}-bob`)]);
  const image = (file: string) => `data:image/png;base64,${fs.readFileSync(file).toString('base64')}`;
  const composite = await left.context().newPage();
  await composite.setViewportSize({ width: 2 * VIEWPORT.width + 24, height: VIEWPORT.height + 40 });
  await composite.setContent(
    `<body style="margin:0;display:flex;gap:24px;background:#334155;padding:20px 0">
       <img src="${image(a)}" width="${VIEWPORT.width}"><img src="${image(b)}" width="${VIEWPORT.width}">
     </body>`,
  );
  await screenshot(composite, name);
  await composite.close();
}

test('a group Bob adds appears in Ann’s open flow, and a block Ann adds meanwhile to another group lands too, with no banner', async () => {
  const botId = await sharedBot(server, 'Shared bot');
  const a = await ann();
  const b = await bob();
  await openFlow(a, botId, 'Welcome');
  await openFlow(b, botId, 'Welcome');

  await b.page.getByRole('button', { name: 'Add group', exact: true }).click();
  await saved(b.page);
  // Ann never reloads: Bob's group appears on her canvas.
  await eventually(async () => (await groupTitles(a.page)).length, 3);

  // At the same time: Ann adds a block to Welcome, Bob types into Second's text.
  await a.page.locator('.flow-block[data-block-id="b1"]').click();
  await palette(a.page).getByRole('button', { name: 'Wait', exact: true }).click();
  await typeInto(b.page, 'b2', ' and Bob’s');
  await sideBySide(a.page, b.page, 'co-editing-side-by-side');
  await Promise.all([saved(a.page), saved(b.page)]);
  await eventually(async () => {
    const draft = await draftOf(botId);
    return [draft.groups[0]!.blocks.map((block) => block.type), wordsOf(draft.groups[1]!.blocks[0])];
  }, [['text', 'Wait'], 'Second words and Bob’s']);
  // Each page shows the other's edit, and nobody got a banner.
  await a.page.locator('.flow-block[data-block-id="b2"]', { hasText: 'and Bob’s' }).waitFor();
  await b.page.locator('.flow-group[aria-label="Welcome"] .flow-block', { hasText: 'Wait' }).waitFor();
  expect([await alerts(a.page), await alerts(b.page)]).toEqual([0, 0]);

  // Ann's undo takes back her block only: Bob's group and words stay.
  await a.page.getByRole('toolbar', { name: 'Editor' }).getByRole('button', { name: 'Undo' }).click();
  await saved(a.page);
  await eventually(async () => {
    const draft = await draftOf(botId);
    return [
      draft.groups.length,
      draft.groups[0]!.blocks.map((block) => block.type),
      wordsOf(draft.groups[1]!.blocks[0]),
    ];
  }, [3, ['text'], 'Second words and Bob’s']);
  await eventually(async () => (await groupTitles(b.page)).length, 3);
  await a.context.close();
  await b.context.close();
});

test('both change one block at once: the later save wins, Ann is told, and her text is in the draft history', async () => {
  const botId = await sharedBot(server, 'Same block');
  const a = await ann();
  const b = await bob();
  await openFlow(a, botId, 'Welcome');
  await openFlow(b, botId, 'Welcome');

  // Both type before either save goes out (a save waits for a pause in typing):
  // both forms are ready first, so that Bob starts as soon as Ann stops, however slow the machine.
  await caretInto(a.page, 'b1');
  await caretInto(b.page, 'b1');
  await a.page.keyboard.type(' from Ann');
  await b.page.keyboard.type(' from Bob');
  await saved(a.page);
  await saved(b.page);
  await eventually(async () => wordsOf((await draftOf(botId)).groups[0]!.blocks[0]), 'Hello from Bob');

  const notice = a.page
    .getByRole('status')
    .filter({ hasText: 'Bob Builder changed a block in “Welcome” just after you' });
  await notice.waitFor();
  await a.page.locator('.flow-block[data-block-id="b1"]', { hasText: 'Hello from Bob' }).waitFor();
  await sideBySide(a.page, b.page, 'co-editing-overwrite-notice');
  await a.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(a.page, 'co-editing-overwrite-notice-phone');
  expect(await alerts(b.page)).toBe(0);

  // Ann's text is in the draft checkpoint taken before Bob's save replaced it; History shows it.
  const revisions = (await request(server.url, 'GET', `/v1/bots/${botId}/revisions`, { token: server.adminToken })).body
    .revisions as { revision: number; kind: string; reason: string | null }[];
  const checkpoint = revisions.find((revision) => revision.reason === 'overwrite');
  expect(checkpoint).toMatchObject({ kind: 'draft' });
  const kept = await request(server.url, 'GET', `/v1/bots/${botId}/revisions/${checkpoint!.revision}`, {
    token: server.adminToken,
  });
  expect(wordsOf(kept.body.revision.definition.groups[0].blocks[0])).toBe('Hello from Ann');
  await notice.getByRole('link', { name: 'History' }).click();
  // The checkpoint opens with the flow as it was: Ann's words.
  await a.page.locator('.flow-block', { hasText: 'Hello from Ann' }).waitFor();
  await screenshot(a.page, 'co-editing-history-with-checkpoints');
  await a.context.close();
  await b.context.close();
});

test('an API client’s PATCH appears live in an open editor, which keeps its own unsaved edit', async () => {
  const botId = await sharedBot(server, 'Patched live');
  const a = await ann();
  await openFlow(a, botId, 'Welcome');
  // Ann's edit is still waiting for its pause when the PATCH lands.
  await typeInto(a.page, 'b1', ' there');
  const draft = (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot;
  const patched = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: {
      bot: {
        groups: [
          ...draft.groups,
          { id: 'g3', title: 'From the API', graphCoordinates: { x: 840, y: 0 }, blocks: [textBubble('b3', 'API')] },
        ],
      },
    },
  });
  expect(patched.status).toBe(200);
  await a.page.getByRole('group', { name: 'From the API' }).waitFor();
  await saved(a.page);
  await eventually(async () => {
    const stored = await draftOf(botId);
    return [stored.groups.map((each) => each.title), wordsOf(stored.groups[0]!.blocks[0])];
  }, [['Welcome', 'Second', 'From the API'], 'Hello there']);
  expect(await alerts(a.page)).toBe(0);
  await a.context.close();
});

test('a change to the block whose message has the caret: the caret keeps its place (the end, or after a word), so typing goes on where it was', async () => {
  const botId = await sharedBot(server, 'Caret stays');
  const a = await ann();
  await openFlow(a, botId, 'Welcome');
  await caretInto(a.page, 'b1');
  await rewriteMessage(botId, 'Hello from the API');
  const message = a.page
    .getByRole('complementary', { name: 'Block settings' })
    .getByRole('textbox', { name: 'Message' });
  await message.filter({ hasText: 'Hello from the API' }).waitFor();
  await a.page.keyboard.type(' and Ann');
  await saved(a.page);
  await eventually(async () => wordsOf((await draftOf(botId)).groups[0]!.blocks[0]), 'Hello from the API and Ann');

  // A caret inside the words keeps its place: after "Hello" while the end changes.
  await a.page.keyboard.press('Home');
  for (let i = 0; i < 'Hello'.length; i += 1) await a.page.keyboard.press('ArrowRight');
  await rewriteMessage(botId, 'Hello from the API, again');
  await message.filter({ hasText: 'again' }).waitFor();
  await a.page.keyboard.type(',');
  await saved(a.page);
  await eventually(async () => wordsOf((await draftOf(botId)).groups[0]!.blocks[0]), 'Hello, from the API, again');
  await a.context.close();
});
