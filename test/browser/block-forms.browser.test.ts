import type { Browser, Locator, Page } from 'playwright-core';
import { parseDefinition } from '../../src/engine/definition/parse';
import { handlerFor } from '../../src/engine/blocks/registry';
import { createBot } from '../helpers/chat';
import { launchBrowser, signInToConsole } from '../helpers/browser';
import { graphql } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Generated over the block registry (the API's blockTypes): for every block
// type the engine runs, the editor's form opens, a field changes, the saved
// definition carries it, and the engine parses the block and its options.
// A new block type is covered without touching this test.

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

interface Changed {
  type: string;
  blockId: string;
  /** What the saved block must contain. */
  expected: string;
}

/** Changes the first field the form offers; answers what the saved block must then contain. */
async function changeAField(panel: Locator, page: Page, token: string): Promise<string | undefined> {
  const message = panel.getByRole('textbox', { name: 'Message', exact: true });
  if (await message.count()) {
    await message.click();
    await page.keyboard.type(token);
    return token;
  }
  const fields = panel.locator(
    'input:not([type=checkbox]):not([type=color]):not([type=search]):not([readonly]), textarea:not(.code)',
  );
  const count = await fields.count();
  for (let index = 0; index < count; index += 1) {
    const field = fields.nth(index);
    if (!(await field.isVisible()) || !(await field.isEditable())) continue;
    if ((await field.getAttribute('type')) === 'number') {
      await field.fill('7');
      return ':7';
    }
    // An address field keeps what is not an address out of the block (value-shapes.browser.test.ts).
    const value = (await field.getAttribute('placeholder')) === 'https://…' ? `https://example.com/${token}` : token;
    await field.fill(value);
    return token;
  }
  const checkbox = panel.locator('input[type=checkbox]').first();
  if (await checkbox.count()) {
    await checkbox.check();
    return 'true';
  }
  const select = panel.locator('.options select').first();
  if (await select.count()) {
    const values = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    if (values[0]) {
      await select.selectOption(values[0]);
      return values[0];
    }
  }
  return undefined;
}

test('for every block type: the form opens, a field changes, the saved definition carries it and the engine parses it', async () => {
  const { data } = (await graphql(server.url, '{ blockTypes { type label } }', {}, server.adminToken)).body as {
    data: { blockTypes: { type: string; label: string }[] };
  };
  expect(data.blockTypes.length).toBeGreaterThan(40);
  const { botId } = await createBot(server, {
    version: '6.1',
    name: 'Every block',
    groups: [],
    events: [{ id: 'start', type: 'start', graphCoordinates: { x: 0, y: 0 } }],
    edges: [],
    variables: [],
    theme: {},
    settings: {},
  });
  const { context, page } = await signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' },
  );
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  const palette = page.getByRole('navigation', { name: 'Blocks' });
  const panel = page.getByRole('complementary', { name: 'Block settings' });
  await palette.waitFor();

  const changed: Changed[] = [];
  const formless: string[] = [];
  for (const [index, { type, label }] of data.blockTypes.entries()) {
    // One group per block type keeps each block last in its group (where its own "then go to" is).
    await page.getByRole('button', { name: 'Add group' }).click();
    await palette.getByRole('button', { name: label, exact: true }).click();
    await panel.getByRole('heading', { name: label, exact: true }).waitFor();
    const blockId = await page.locator('.flow-block[aria-pressed=true]').getAttribute('data-block-id');
    const expected = await changeAField(panel, page, `field-${index}-${type.replace(/\W/g, '')}`);
    if (expected) changed.push({ type, blockId: blockId!, expected });
    else formless.push(type);
  }
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 15_000 });
  await context.close();

  const bot = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
  const draft = bot.draft as { groups: { blocks: { id: string; type: string; options?: unknown }[] }[] };
  const blocks = new Map(draft.groups.flatMap((group) => group.blocks.map((block) => [block.id, block] as const)));
  expect([...blocks.values()].map((block) => block.type).sort()).toEqual(
    data.blockTypes.map((entry) => entry.type).sort(),
  );
  const missing = changed.filter(
    (entry) => !JSON.stringify(blocks.get(entry.blockId) ?? null).includes(entry.expected),
  );
  expect(missing).toEqual([]);
  // Only blocks whose schema offers no field (none today but a few logic blocks) may go without a change.
  expect(formless.length).toBeLessThanOrEqual(3);
  const parsed = parseDefinition({ ...(bot.draft as object), version: bot.version });
  expect(parsed.ok).toBe(true);
  for (const block of blocks.values()) expect(() => handlerFor(block.type)!.options.parse(block.options)).not.toThrow();
}, 120_000);
