import type { Browser, Locator, Page } from 'playwright-core';
import { BLOCK_DEFINITIONS } from '../../src/engine/blocks/definitions';
import { createBot, group, textBubble, v6Bot } from '../helpers/chat';
import { axeViolations, screenshot } from '../helpers/browser';
import { editorSuite, eventually, palette, saved, signedInAdmin } from '../helpers/console-editor';
import type { TestServer } from '../helpers/test-server';

// The flow editor in Chromium: a person builds a bot by clicking and typing
// only, publishes it and chats with it; undo/redo of a move, a connection and
// a deletion (two editors at once: co-editing.browser.test.ts).

// The walk-through is some fifty actions: about 25 s on a quiet two-core machine, past 30 s on a busy one.
jest.setTimeout(90_000);

const suite = editorSuite();
let server: TestServer;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = suite.current());
});

const signedIn = (viewport = { width: 1440, height: 900 }) => signedInAdmin(browser, server, viewport);

const panel = (page: Page) => page.getByRole('complementary', { name: 'Block settings' });

async function addBlock(page: Page, label: string) {
  await palette(page).getByRole('button', { name: label, exact: true }).click();
}

async function newVariable(page: Page, label: string, name: string) {
  await panel(page).getByLabel(label, { exact: true }).selectOption({ label: 'New variable…' });
  await panel(page).getByPlaceholder('Variable name').fill(name);
  await panel(page).getByPlaceholder('Variable name').press('Enter');
}

async function typeMessage(page: Page, words: string) {
  const message = panel(page).getByRole('textbox', { name: 'Message' });
  await message.click();
  await page.keyboard.type(words);
}

/** The texts of the buttons under `scope` that show no block icon (an SVG hidden from screen readers) before their words. */
const withoutIcon = (scope: Locator, selector: string) =>
  scope
    .locator(selector)
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => !button.querySelector(':scope > .block-icon[aria-hidden="true"]:first-child > svg'))
        .map((button) => button.textContent),
    );

const draftOf = async (botId: string) => {
  const bot = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
  return bot.draft as {
    groups: {
      id: string;
      title: string;
      graphCoordinates: { x: number; y: number };
      blocks: { id: string; type: string }[];
    }[];
    edges: { id: string }[];
  };
};

test('a person builds the lead-capture flow from a blank bot by clicking and typing, publishes it and completes the conversation', async () => {
  const { context, page } = await signedIn();
  await page.getByRole('button', { name: 'New bot' }).click();
  // A gallery may offer templates: take the blank one.
  const blank = page.getByRole('button', { name: /^Blank/ });
  if (await blank.isVisible().catch(() => false)) await blank.click();
  await palette(page).waitFor();
  // Every block type is in the palette with its icon; its name alone is what a screen reader says (addBlock finds it so).
  await eventually(() => palette(page).locator('li button').count(), BLOCK_DEFINITIONS.length);
  expect(await withoutIcon(palette(page), 'li button')).toEqual([]);
  const botId = /\/bots\/([^/]+)\/flow/.exec(page.url())![1]!;

  await addBlock(page, 'Text');
  await typeMessage(page, "Hi! What's your name?");
  await addBlock(page, 'Text input');
  await newVariable(page, 'Save the answer in', 'Name');
  await addBlock(page, 'E-mail input');
  await newVariable(page, 'Save the answer in', 'Email');
  await addBlock(page, 'Buttons');
  await panel(page).getByLabel('Button 1', { exact: true }).fill('Sales');
  await panel(page).getByRole('button', { name: 'Add a button' }).click();
  await panel(page).getByLabel('Button 2', { exact: true }).fill('Support');
  await screenshot(page, 'editor-buttons-form');

  await panel(page).getByLabel('Button 1 goes to').selectOption({ label: 'New group…' });
  await addBlock(page, 'Text');
  await typeMessage(page, 'Our sales team will call you.');

  await page.locator('.flow-block', { hasText: 'Buttons' }).click();
  await panel(page).getByLabel('Button 2 goes to').selectOption({ label: 'New group…' });
  await addBlock(page, 'Condition');
  await panel(page).getByLabel('Variable 1', { exact: true }).selectOption({ label: 'Email' });
  await panel(page).getByLabel('Operator 1').selectOption('Contains');
  await panel(page).getByLabel('Value 1').fill('@acme.test');
  await panel(page).getByLabel('When condition 1 holds, go to').selectOption({ label: 'New group…' });
  await addBlock(page, 'Text');
  await typeMessage(page, 'Welcome back, colleague!');
  await page.locator('.flow-block', { hasText: 'Condition' }).click();
  await panel(page).getByLabel('Otherwise, go to').selectOption({ label: 'New group…' });
  await addBlock(page, 'Text');
  await typeMessage(page, 'Support will write to you.');
  await saved(page);
  expect(await page.locator('.flow-block').count()).toBe(8);
  expect(await withoutIcon(page.locator('.react-flow'), '.flow-block')).toEqual([]);
  await palette(page).getByRole('searchbox').fill('inp');
  await screenshot(page, 'editor-canvas-palette');
  await palette(page).getByRole('searchbox').fill('');
  expect(await axeViolations(page)).toEqual([]);

  const draft = await draftOf(botId);
  expect(draft.groups).toHaveLength(5);
  expect(draft.edges).toHaveLength(5);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
  const { publicId } = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });

  const visitor = await context.newPage();
  await visitor.goto(`${server.chatUrl}/${publicId}`);
  await visitor.locator('.parley-host', { hasText: "Hi! What's your name?" }).waitFor();
  await visitor.locator('input.parley-field').fill('John');
  await visitor.locator('input.parley-field').press('Enter');
  await visitor.locator('input[type=email]').fill('john@acme.test');
  await visitor.locator('input[type=email]').press('Enter');
  await visitor.getByRole('button', { name: 'Support' }).click();
  await visitor.locator('.parley-host', { hasText: 'Welcome back, colleague!' }).waitFor();

  const result = await server.db.result.findFirstOrThrow({ where: { botId }, include: { answers: true } });
  expect(result.answers.map((answer) => answer.content)).toEqual(['John', 'john@acme.test', 'Support']);
  await context.close();
});

test('undo and redo a move, a connection and a deletion (Ctrl+Z, Shift+Ctrl+Z); each lands in the saved draft', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Undo bot',
      groups: [
        { ...group('g1', [textBubble('b1', 'First')], 'First group'), graphCoordinates: { x: 0, y: 0 } },
        { ...group('g2', [textBubble('b2', 'Second')], 'Second group'), graphCoordinates: { x: 500, y: 0 } },
      ],
    }),
  );
  const { context, page } = await signedIn();
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  const first = page.getByRole('group', { name: 'First group' });
  await first.waitFor();
  const title = first.locator('.group-title');

  // A move.
  const box = (await title.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 5);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + 150, { steps: 8 });
  await page.mouse.up();
  await saved(page);
  const moved = (await draftOf(botId)).groups.find((each) => each.id === 'g1')!.graphCoordinates;
  expect(moved.y).toBeGreaterThan(50);
  await page.keyboard.press('Control+z');
  await saved(page);
  await eventually(async () => (await draftOf(botId)).groups.find((each) => each.id === 'g1')!.graphCoordinates, {
    x: 0,
    y: 0,
  });
  await page.keyboard.press('Control+Shift+z');
  await eventually(async () => (await draftOf(botId)).groups.find((each) => each.id === 'g1')!.graphCoordinates, moved);

  // A connection, drawn from the first group's handle to the second group.
  const edgesBefore = (await draftOf(botId)).edges.length;
  const handle = (await first.locator('.react-flow__handle.block-source').boundingBox())!;
  const target = (await page.getByRole('group', { name: 'Second group' }).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 10 });
  await page.mouse.up();
  await eventually(async () => (await draftOf(botId)).edges.length, edgesBefore + 1);
  await page.keyboard.press('Control+z');
  await eventually(async () => (await draftOf(botId)).edges.length, edgesBefore);
  await page.keyboard.press('Control+Shift+z');
  await eventually(async () => (await draftOf(botId)).edges.length, edgesBefore + 1);

  // A deletion: select the second group, press Delete.
  await page.getByRole('group', { name: 'Second group' }).locator('.group-title').click();
  await page.keyboard.press('Delete');
  await eventually(async () => (await draftOf(botId)).groups.map((each) => each.id), ['g1']);
  await page.keyboard.press('Control+z');
  await eventually(async () => (await draftOf(botId)).groups.map((each) => each.id).sort(), ['g1', 'g2']);
  await page.keyboard.press('Control+Shift+z');
  await eventually(async () => (await draftOf(botId)).groups.map((each) => each.id), ['g1']);
  await context.close();
});

test('the Test panel saves what is not saved yet, runs the stored draft and highlights the block the chat is at', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Preview bot',
      groups: [
        group('g1', [textBubble('b1', 'Hello from the draft'), { id: 'in1', type: 'text input', options: {} }], 'Ask'),
      ],
    }),
  );
  const { context, page } = await signedIn();
  // What the console asks the API, in order: the preview must come after the save and carry no definition of its own.
  const operations: { name: string; variables: Record<string, unknown> }[] = [];
  page.on('request', (sent) => {
    if (!sent.url().endsWith('/graphql') || sent.method() !== 'POST') return;
    const body = sent.postDataJSON() as { operationName?: string; query?: string; variables?: Record<string, unknown> };
    const name = body.operationName ?? /(?:mutation|query)\s+(\w+)/.exec(body.query ?? '')?.[1] ?? '';
    operations.push({ name, variables: body.variables ?? {} });
  });
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await page.getByRole('group', { name: 'Ask' }).waitFor();
  // An edit not yet saved is part of the test run: the Test button saves it before the preview starts.
  await page.locator('.flow-block').first().click();
  await typeMessage(page, ' (edited)');
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  const frame = page.frameLocator('iframe[title="Preview chat"]');
  await frame.locator('.parley-host', { hasText: 'Hello from the draft (edited)' }).waitFor();
  const preview = operations.findIndex((operation) => operation.name === 'StartPreviewChat');
  expect(preview).toBeGreaterThan(-1);
  expect(operations[preview]!.variables).not.toHaveProperty('bot');
  expect(operations.slice(0, preview).map((operation) => operation.name)).toContain('ChangeBotDraft');
  // The chat waits at the text input: that block is highlighted on the canvas.
  await page.locator('.flow-group li.running .flow-block[data-block-id="in1"]').waitFor();
  await screenshot(page, 'editor-test-panel');
  await context.close();
});

test('the canvas pans and zooms from the keyboard', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({ name: 'Keyboard bot', groups: [group('g1', [textBubble('b1', 'Hi')], 'Only')] }),
  );
  const { context, page } = await signedIn();
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await page.getByRole('group', { name: 'Only' }).waitFor();
  const viewport = () =>
    page.locator('.react-flow__viewport').evaluate((element) => (element as HTMLElement).style.transform);
  const before = await viewport();
  await page.locator('.editor-canvas').focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForTimeout(200);
  const panned = await viewport();
  expect(panned).not.toBe(before);
  await page.keyboard.press('-');
  await page.waitForTimeout(200);
  expect(await viewport()).toMatch(/scale\(0\.[0-9]+\)/);
  await context.close();
});
