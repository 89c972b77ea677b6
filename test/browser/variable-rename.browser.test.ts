import type { Browser, Page } from 'playwright-core';
import { createBot, group, textBubble, v6Bot } from '../helpers/chat';
import { screenshot } from '../helpers/browser';
import { editorSuite, eventually, saved, signedInAdmin } from '../helpers/console-editor';
import type { TestServer } from '../helpers/test-server';

// Renaming a variable in the editor's Variables panel: the name applies once
// confirmed, the text bubbles' mentions follow (the test chat says the value
// under the new name), one undo puts both back; refused names say why at the
// field; a mention of no variable is listed among the problems.

const suite = editorSuite();
let server: TestServer;
let browser: Browser;
beforeAll(() => {
  ({ server, browser } = suite.current());
});

const draftOf = async (botId: string) => {
  const bot = await server.db.bot.findUniqueOrThrow({ where: { id: botId } });
  return bot.draft as { variables: { id: string; name: string }[]; groups: { blocks: unknown[] }[] };
};

/** The stored draft's variable names and the text of its bubbles, read until they are `expected`. */
async function storedEventually(botId: string, expected: { names: string[]; texts: string[] }) {
  const read = async () => {
    const draft = await draftOf(botId);
    return {
      names: draft.variables.map((variable) => variable.name),
      texts: JSON.stringify(draft.groups)
        .match(/"text":"[^"]*"/g)!
        .map((text) => text.slice(8, -1)),
    };
  };
  await eventually(read, expected);
}

const block = (page: Page, id: string) => page.locator(`.flow-block[data-block-id="${id}"]`);

test('a rename applies on Enter with every mention, the test chat says the value, one undo restores both', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Rename bot',
      groups: [
        group(
          'g1',
          [
            { id: 'ask', type: 'text input', options: { variableId: 'v-name' } },
            textBubble('hi', 'Nice to meet you, {{name}}!'),
            textBubble('bye', 'See you, {{name}} from {{city}}.'),
          ],
          'Greet',
        ),
      ],
      variables: [
        { id: 'v-name', name: 'name' },
        { id: 'v-city', name: 'city', value: 'Lyon' },
      ],
    }),
  );
  const { context, page } = await signedInAdmin(browser, server, { width: 1280, height: 800 });
  page.setDefaultTimeout(8000);
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await page.getByRole('group', { name: 'Greet' }).waitFor();
  await page.getByRole('button', { name: /^Variables/ }).click();
  const variables = page.getByRole('complementary', { name: 'Variables' });
  const nameField = variables.getByLabel('Name of name', { exact: true });
  const entry = variables.getByRole('listitem').filter({ has: page.getByLabel('Name of name', { exact: true }) });
  await entry.getByText('Used by 3 blocks').waitFor();
  // Where it is used, in the palette's words (not type ids); declining the question keeps it.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await entry.getByRole('button', { name: 'Delete' }).click();
  expect(asked).toBe('“name” is used by: Text input (Greet), Text (Greet), Text (Greet). Delete it anyway?');
  await nameField.waitFor();

  // Typing is not renaming: nothing changes (nor is saved) before the name is confirmed.
  await nameField.fill('firstName');
  await page.waitForTimeout(1200);
  await expect(block(page, 'hi').textContent()).resolves.toContain('{{name}}');
  await storedEventually(botId, {
    names: ['name', 'city'],
    texts: ['Nice to meet you, {{name}}!', 'See you, {{name}} from {{city}}.'],
  });
  // Escape puts the name back.
  await nameField.press('Escape');
  await expect(nameField.inputValue()).resolves.toBe('name');

  // Refused names say why at the field and change nothing.
  await nameField.fill('city');
  await variables.getByRole('alert').filter({ hasText: 'Another variable is already called “city”.' }).waitFor();
  await nameField.press('Enter');
  await expect(nameField.getAttribute('aria-invalid')).resolves.toBe('true');
  await nameField.fill('');
  await variables.getByRole('alert').filter({ hasText: 'A variable needs a name.' }).waitFor();
  await screenshot(page, 'variable-rename-refused');
  await nameField.press('Escape');

  await nameField.fill('firstName');
  await nameField.press('Enter');
  const renamedField = variables.getByLabel('Name of firstName', { exact: true });
  await renamedField.waitFor();
  await block(page, 'hi').filter({ hasText: 'Nice to meet you, {{firstName}}!' }).waitFor();
  await block(page, 'bye').filter({ hasText: 'See you, {{firstName}} from {{city}}.' }).waitFor();
  await variables
    .getByRole('listitem')
    .filter({ has: page.getByLabel('Name of firstName', { exact: true }) })
    .getByText('Used by 3 blocks')
    .waitFor();
  await saved(page);
  await storedEventually(botId, {
    names: ['firstName', 'city'],
    texts: ['Nice to meet you, {{firstName}}!', 'See you, {{firstName}} from {{city}}.'],
  });
  await screenshot(page, 'variable-rename-done');

  await page.getByRole('button', { name: 'Test', exact: true }).click();
  const chat = page.frameLocator('iframe[title="Preview chat"]');
  await chat.locator('input.parley-field').fill('Ada');
  await chat.locator('input.parley-field').press('Enter');
  await chat.locator('.parley-host', { hasText: 'Nice to meet you, Ada!' }).waitFor();
  await chat.locator('.parley-host', { hasText: 'See you, Ada from Lyon.' }).waitFor();

  // One undo step: the name and the mentions together.
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await block(page, 'hi').filter({ hasText: 'Nice to meet you, {{name}}!' }).waitFor();
  await block(page, 'bye').filter({ hasText: 'See you, {{name}} from {{city}}.' }).waitFor();
  await expect(page.getByRole('button', { name: 'Undo', exact: true }).isDisabled()).resolves.toBe(true);
  await storedEventually(botId, {
    names: ['name', 'city'],
    texts: ['Nice to meet you, {{name}}!', 'See you, {{name}} from {{city}}.'],
  });

  // Leaving the field confirms too.
  await page.getByRole('button', { name: /^Variables/ }).click();
  await nameField.fill('given');
  await nameField.press('Tab');
  await block(page, 'hi').filter({ hasText: 'Nice to meet you, {{given}}!' }).waitFor();
  await storedEventually(botId, {
    names: ['given', 'city'],
    texts: ['Nice to meet you, {{given}}!', 'See you, {{given}} from {{city}}.'],
  });
  await context.close();
}, 60_000);

test('a mention of no variable is listed among the problems and leads to its block', async () => {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: 'Typo bot',
      groups: [
        group(
          'g1',
          [
            { id: 'ask', type: 'text input', options: { variableId: 'v-name' } },
            textBubble('typo', 'Nice to meet you, {{nmae}}!'),
          ],
          'Greet',
        ),
      ],
      variables: [{ id: 'v-name', name: 'name' }],
    }),
  );
  const { context, page } = await signedInAdmin(browser, server, { width: 1280, height: 800 });
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  const problems = page.getByRole('region', { name: 'Problems' });
  const problem = problems.getByRole('button', { name: '{{nmae}} names no variable: it shows nothing' });
  await problem.waitFor();
  await screenshot(page, 'variable-unknown-problem');
  await problem.click();
  await page.locator('.flow-block[data-block-id="typo"][aria-pressed="true"]').waitFor();
  const message = page.getByRole('complementary', { name: 'Block settings' }).getByRole('textbox', { name: 'Message' });
  await expect(message.textContent()).resolves.toContain('{{nmae}}');
  await context.close();
});
