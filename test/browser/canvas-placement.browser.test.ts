import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { createBot, edge, group, textBubble, v6Bot } from '../helpers/chat';
import { editorSuite, eventually, palette, saved, signedInAdmin } from '../helpers/console-editor';
import type { TestServer } from '../helpers/test-server';

// The flow editor's canvas in Chromium at a laptop's 1280 × 800: new groups
// land in free space (never on another group), copies are named as copies, a
// palette entry dropped on an empty group goes into it, the view follows what
// was added, problems lead to their block, the bot is renamed from its header.

// Each test drives several gestures through a real server and Chromium on a shared machine.
jest.setTimeout(60_000);

const suite = editorSuite();
let server: TestServer;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = suite.current());
});

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.PARLEY_SHOTS;

const signedIn = (viewport = LAPTOP) => signedInAdmin(browser, server, viewport);

const open = async (page: Page, botId: string, tab = 'flow') =>
  page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/${tab}`);

/** Looked at by a person, not compared: saved only where PARLEY_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not drawn');
  return found;
};
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 1 &&
  inner.y >= outer.y - 1 &&
  inner.x + inner.width <= outer.x + outer.width + 1 &&
  inner.y + inner.height <= outer.y + outer.height + 1;

/** Every group's box on screen, by title (one zoom for all, so screen overlap is canvas overlap). */
async function groupBoxes(page: Page): Promise<Map<string, Box>> {
  const groups = page.locator('.flow-group');
  const out = new Map<string, Box>();
  for (let index = 0; index < (await groups.count()); index += 1) {
    const each = groups.nth(index);
    out.set((await each.getAttribute('aria-label'))!, await box(each));
  }
  return out;
}

function expectNoOverlap(boxes: Map<string, Box>) {
  const entries = [...boxes];
  const clashes: string[] = [];
  for (let i = 0; i < entries.length; i += 1)
    for (let j = i + 1; j < entries.length; j += 1)
      if (overlap(entries[i]![1], entries[j]![1])) clashes.push(`${entries[i]![0]} × ${entries[j]![0]}`);
  expect(clashes).toEqual([]);
}

/** Selects a group by its title; the view may still be panning to what was just added, so the click is tried until it lands. */
async function selectGroup(page: Page, title: string) {
  const target = page.getByRole('group', { name: title, exact: true });
  const selected = () => target.evaluate((node) => node.classList.contains('selected'));
  await eventually(async () => {
    if (!(await selected())) await target.locator('.group-title').click();
    return selected();
  }, true);
}

const titlesOf = async (botId: string) => {
  const bot = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
  return (bot.draft as { groups: { title: string }[] }).groups.map((each) => each.title);
};

const longGroup = (id: string, title: string, count: number) =>
  group(
    id,
    Array.from({ length: count }, (_, index) => textBubble(`${id}-b${index}`, `Line ${index + 1} of ${title}`)),
    title,
  );

test('add group ×3, paste and duplicate put every new group in free space; copies are named “(copy)”, “(copy 2)”', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Placement bot',
      groups: [
        {
          ...group('g1', [textBubble('b1', 'Hi'), textBubble('b2', 'There')], 'Sales'),
          graphCoordinates: { x: 200, y: 0 },
        },
        { ...group('g2', [textBubble('b3', 'Bye')], 'Support'), graphCoordinates: { x: 560, y: 0 } },
      ],
    }),
  );
  const { context, page } = await signedIn();
  await open(page, botId);
  await page.getByRole('group', { name: 'Sales' }).waitFor();
  for (let count = 0; count < 3; count += 1) await page.getByRole('button', { name: 'Add group' }).click();
  await eventually(() => page.locator('.flow-group').count(), 5);

  await selectGroup(page, 'Sales');
  await page.keyboard.press('Control+c');
  await page.keyboard.press('Control+v');
  await page.getByRole('group', { name: 'Sales (copy)' }).waitFor();
  await selectGroup(page, 'Sales');
  await page.keyboard.press('Control+d');
  await page.getByRole('group', { name: 'Sales (copy 2)' }).waitFor();
  await saved(page);
  await page.waitForTimeout(300);
  await shot(page, 'placement-1280');

  const boxes = await groupBoxes(page);
  expect(boxes.size).toBe(7);
  expectNoOverlap(boxes);
  expect((await titlesOf(botId)).sort()).toEqual(
    ['Group #3', 'Group #4', 'Group #5', 'Sales', 'Sales (copy)', 'Sales (copy 2)', 'Support'].sort(),
  );
  // Nothing hides a pasted group's blocks: each one takes the click meant for it.
  const copy = page.getByRole('group', { name: 'Sales (copy)' });
  // (The view may still be panning to the copy just made: a click is tried again until it lands.)
  await eventually(async () => {
    if ((await copy.locator('li.selected').count()) === 0) await copy.locator('.flow-block').last().click();
    return copy.locator('li.selected').count();
  }, 1);
  await context.close();
});

test('a palette entry dropped onto an empty group goes into that group (no new group)', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({ name: 'Drop bot', groups: [group('g1', [textBubble('b1', 'Hello')], 'First')] }),
  );
  const { context, page } = await signedIn();
  await open(page, botId);
  await page.getByRole('group', { name: 'First' }).waitFor();
  await page.getByRole('button', { name: 'Add group' }).click();
  const empty = page.getByRole('group', { name: 'Group #2' });
  await empty.waitFor();
  await palette(page).getByRole('button', { name: 'Wait', exact: true }).dragTo(empty);
  await eventually(() => empty.locator('.flow-block').count(), 1);
  expect(await empty.locator('.flow-block').innerText()).toContain('Wait');
  expect(await page.locator('.flow-group').count()).toBe(2);
  // Onto a group with blocks, dropped on its title: added there too.
  await palette(page)
    .getByRole('button', { name: 'Redirect', exact: true })
    .dragTo(page.getByRole('group', { name: 'First' }).locator('.group-title'));
  await eventually(() => page.getByRole('group', { name: 'First' }).locator('.flow-block').count(), 2);
  expect(await page.locator('.flow-group').count()).toBe(2);
  await saved(page);
  const bot = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
  const groups = (bot.draft as { groups: { title: string; blocks: { type: string }[] }[] }).groups;
  expect(groups.map((each) => [each.title, each.blocks.map((block) => block.type).sort()])).toEqual([
    ['First', ['Redirect', 'text']],
    ['Group #2', ['Wait']],
  ]);
  await context.close();
});

test('at 1280×800 the canvas fills the window with its zoom controls in view, and follows what was added off-screen', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Long bot',
      groups: [
        { ...longGroup('g1', 'Welcome', 24), graphCoordinates: { x: 200, y: 0 } },
        { ...group('g2', [textBubble('s1', 'Side')], 'Side'), graphCoordinates: { x: 600, y: 0 } },
      ],
      edges: [edge('e1', 'g2', { blockId: 'g1-b23' })],
    }),
  );
  const { context, page } = await signedIn();
  await open(page, botId);
  await page.getByRole('group', { name: 'Welcome' }).waitFor();
  await page.waitForTimeout(300);
  const window = { x: 0, y: 0, ...LAPTOP };
  const canvas = await box(page.locator('.editor-canvas'));
  expect(inside(canvas, window)).toBe(true);
  expect(canvas.height).toBeGreaterThan(580);
  expect(canvas.width).toBeGreaterThan(700);
  expect(inside(await box(page.locator('.react-flow__controls')), canvas)).toBe(true);
  await shot(page, 'editor-long-group-1280');

  // A block added after the last one of a long group, below the canvas's fold: the view goes there.
  const canvasBox = () => box(page.locator('.editor-canvas'));
  const welcome = page.getByRole('group', { name: 'Welcome' });
  await page.locator('.editor-canvas').focus();
  for (let press = 0; press < 3; press += 1) await page.keyboard.press('+');
  await page.waitForTimeout(300);
  // Arrow keys pan by steps: bring the group's title near the canvas's top.
  for (let press = 0; press < 20; press += 1) {
    const title = await box(welcome.locator('.group-title'));
    const view = await canvasBox();
    if (title.y > view.y + 120) await page.keyboard.press('ArrowDown');
    else if (title.y < view.y + 10) await page.keyboard.press('ArrowUp');
    else break;
    await page.waitForTimeout(150);
  }
  await welcome.locator('.group-title').click();
  expect(inside(await box(welcome.locator('.flow-block').last()), await canvasBox())).toBe(false);
  await palette(page).getByRole('button', { name: 'Wait', exact: true }).click();
  const added = welcome.locator('li.selected .flow-block');
  await added.waitFor();
  expect(await added.innerText()).toContain('Wait');
  await eventually(async () => inside(await box(added), await canvasBox()), true);

  // A copy made beside a group at the canvas's right edge: the view pans to it.
  await page.locator('.editor-canvas').focus();
  await page.keyboard.press('0');
  await page.waitForTimeout(400);
  const side = page.getByRole('group', { name: 'Side' });
  const sideBox = await box(side);
  const view = await canvasBox();
  // Dragged from the empty pane under the group, so its right edge ends 10 px inside the canvas.
  const grip = {
    x: sideBox.x + sideBox.width / 2,
    y: Math.min(sideBox.y + sideBox.height + 60, view.y + view.height - 20),
  };
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await page.mouse.move(grip.x + (view.x + view.width - 10 - (sideBox.x + sideBox.width)), grip.y, { steps: 10 });
  await page.mouse.up();
  await side.locator('.group-title').click();
  await page.keyboard.press('Control+d');
  const copy = page.getByRole('group', { name: 'Side (copy)' });
  await copy.waitFor();
  await eventually(async () => inside(await box(copy), await canvasBox()), true);
  expectNoOverlap(await groupBoxes(page));
  await context.close();
});

test('an error in the Problems list leads to its block; a link to a missing group says so in its “goes to”', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Broken bot',
      groups: [group('g1', [textBubble('b1', 'Hello'), textBubble('b2', 'Then')], 'Greeting')],
      edges: [edge('e-gone', 'gone-group', { blockId: 'b2' })],
    }),
  );
  const { context, page } = await signedIn();
  await open(page, botId);
  await page.getByRole('group', { name: 'Greeting' }).waitFor();
  const problems = page.getByRole('region', { name: 'Problems' });
  const error = problems.getByRole('button', {
    name: 'The connection "e-gone" from block "b2" leads to group "gone-group", which this bot does not have: connect it to a group of the bot or remove it',
  });
  await error.click();
  // The block the link leaves from is selected (outlined) and its form says where the link went.
  await page.locator('.flow-group li.selected .flow-block[data-block-id="b2"]').waitFor();
  await page.locator('.flow-group li.has-error .flow-block[data-block-id="b2"]').waitFor();
  const goesTo = page.getByRole('complementary', { name: 'Block settings' }).getByLabel('Then go to');
  expect(await goesTo.locator('option:checked').innerText()).toBe('Missing group');
  await shot(page, 'problem-missing-group');
  await context.close();
});

test('the bot is renamed from its header (Enter saves, Escape cancels, an empty name is refused) and a group from its panel', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({ name: 'Old name', groups: [group('g1', [textBubble('b1', 'Hello')], 'Greeting')] }),
  );
  const { context, page } = await signedIn();
  await open(page, botId);
  await page.getByRole('group', { name: 'Greeting' }).waitFor();

  const rename = page.getByRole('button', { name: 'Rename the bot: Old name' });
  await rename.click();
  const name = page.getByRole('textbox', { name: 'Bot name' });
  await name.fill('Never kept');
  await name.press('Escape');
  await page.getByRole('heading', { name: 'Old name' }).waitFor();
  // The keyboard is back on the name it left.
  expect(await rename.evaluate((element) => element === document.activeElement)).toBe(true);

  await rename.click();
  await name.fill('   ');
  await name.press('Enter');
  await page.getByRole('alert').filter({ hasText: 'A bot needs a name' }).waitFor();
  await name.fill('New name');
  await name.press('Enter');
  await page.getByRole('heading', { name: 'New name' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { name: 'New name' }).waitFor();
  expect((await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).name).toBe('New name');

  // The flow keeps saving after the rename (the editor's version follows it).
  await page.getByRole('group', { name: 'Greeting' }).locator('.group-title').click();
  const title = page
    .getByRole('complementary', { name: 'Block settings' })
    .getByRole('textbox', { name: 'Group name' });
  await title.fill('Welcome');
  await title.press('Enter');
  await page.getByRole('group', { name: 'Welcome' }).waitFor();
  await saved(page);
  expect(await titlesOf(botId)).toEqual(['Welcome']);
  await context.close();
});

test('screens: the editor with a long group at 1280×800 and at 390 px', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Screens bot',
      groups: [
        { ...longGroup('g1', 'Welcome', 16), graphCoordinates: { x: 200, y: 0 } },
        { ...group('g2', [textBubble('s1', 'Sales talk')], 'Sales'), graphCoordinates: { x: 600, y: 0 } },
      ],
      edges: [edge('e1', 'g2', { blockId: 'g1-b15' })],
    }),
  );
  for (const viewport of [LAPTOP, PHONE]) {
    const { context, page } = await signedIn(viewport);
    await open(page, botId);
    await page.getByRole('group', { name: 'Welcome' }).waitFor();
    await page.waitForTimeout(300);
    await shot(page, `editor-${viewport.width}`);
    // Nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page
      .frameLocator('iframe[title="Preview chat"]')
      .locator('.parley-host', { hasText: 'Line 1 of' })
      .first()
      .waitFor();
    await shot(page, `editor-test-${viewport.width}`);
    await context.close();
  }
});

test('one Test: the Test tab is the editor with its Test panel, running the flow as edited; the Test button follows it', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'One test bot',
      groups: [group('g1', [textBubble('b1', 'Hello'), { id: 'in1', type: 'text input', options: {} }], 'Ask')],
    }),
  );
  const { context, page } = await signedIn();
  await open(page, botId);
  await page.getByRole('group', { name: 'Ask' }).waitFor();
  await page.locator('.flow-block[data-block-id="b1"]').click();
  const message = page.getByRole('complementary', { name: 'Block settings' }).getByRole('textbox', { name: 'Message' });
  await message.click();
  await page.keyboard.type(' there');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Test' }).click();
  await page.waitForURL(/\/test$/);
  // The canvas stays, with the edit, and the chat runs it.
  await page.getByRole('group', { name: 'Ask' }).waitFor();
  const test = page.getByRole('complementary', { name: 'Test' });
  await test.getByText('Runs the flow as it is now').waitFor();
  await page.frameLocator('iframe[title="Preview chat"]').locator('.parley-host', { hasText: 'Hello there' }).waitFor();
  // The editor's Test button closes the panel and the page is the Flow tab again.
  await page.getByRole('button', { name: 'Test', exact: true }).click();
  await page.waitForURL(/\/flow$/);
  expect(await test.count()).toBe(0);
  await context.close();
});
