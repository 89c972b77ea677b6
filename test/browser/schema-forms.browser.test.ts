import {
  errorOf,
  field,
  optionTexts,
  shootForm,
  shot,
  shownLabels,
  type FormRow,
  type Setup,
} from '../helpers/block-form-rows';
import { createBot, group, textBubble, v6Bot, type Json } from '../helpers/chat';
import { editorSuite, saved, signedInAdmin } from '../helpers/console-editor';
import { graphql, request } from '../helpers/http';
import type { TestServer } from '../helpers/test-server';

// The block forms say what the author schema says (src/engine/blocks/form-schema.ts):
// a block's mode is a select in words and only that mode's fields show;
// lists of values are selects in words; references are picked (variables,
// groups and blocks of this bot, bots of the workspace, credentials of the
// block's kind, with "Add…"); a value outside its list is refused at its
// field in words; and the saved options, read back through the API, are as
// the reference format writes them. One row per block type (FORMS): a row
// creates the block, fills its form and says what must be saved, so every
// type of the catalogue can get its row (the runner takes the rows as they
// come; block-forms.browser.test.ts covers every type with one change each).

jest.setTimeout(180_000);

const suite = editorSuite();

const FORMS: FormRow[] = [
  {
    type: 'Set variable',
    label: 'Set variable',
    options: { variableId: 'v-answer', type: 'Next week' },
    async fill(setup) {
      const { panel } = setup;
      const value = field(panel, 'Value');
      expect(await value.getAttribute('aria-invalid')).toBe('true');
      expect(await errorOf(value)).toMatch(
        /^“Next week” is not one of the values this field takes \(Custom \(text or code\), .*\): the block empties the variable$/,
      );
      expect(await optionTexts(value)).toEqual(
        expect.arrayContaining(['Custom (text or code)', 'Now (date and time)', 'Pop (take the last item)']),
      );
      // A mode whose value is unknown shows none of the modes' fields.
      expect(await shownLabels(panel)).not.toContain('Expression');
      await shot(setup, 'Set-variable-unknown-value');
      await value.selectOption({ label: 'Custom (text or code)' });
      expect(await shownLabels(panel)).toEqual(
        expect.arrayContaining(['Expression', 'Evaluate as code', 'Save the error in']),
      );
      expect(await shownLabels(panel)).not.toContain('Time zone');
      await field(panel, 'Expression').fill('1 + 1');
      await shot(setup, 'Set-variable-custom');
      await value.selectOption({ label: 'Now (date and time)' });
      const labels = await shownLabels(panel);
      expect(labels).toContain('Time zone');
      for (const other of [
        'Expression',
        'Evaluate as code',
        'Run on the client',
        'Item',
        'Base item',
        'Save the item in',
      ])
        expect(labels).not.toContain(other);
      await field(panel, 'Time zone').fill('Europe/Paris');
      // The advanced JSON holds the options to the same list: a value outside it is refused, in words.
      await panel.getByText('Advanced: options as JSON').click();
      const json = field(panel, 'Options as JSON');
      await json.fill(JSON.stringify({ variableId: 'v-answer', type: 'Next month' }));
      expect(await errorOf(json)).toMatch(/^Not saved: Value: “Next month” is not one of the values this field takes/);
      await panel.getByText('Advanced: options as JSON').click();
    },
    saved: () => ({ variableId: 'v-answer', type: 'Now', timeZone: 'Europe/Paris' }),
    absent: ['expressionToEvaluate'],
  },
  {
    type: 'Jump',
    label: 'Jump',
    async fill({ panel }) {
      const groupSelect = field(panel, 'Group');
      expect(await optionTexts(groupSelect)).toEqual(expect.arrayContaining(['Pricing', 'Jump']));
      await groupSelect.selectOption({ label: 'Pricing' });
      const blockSelect = field(panel, 'Block');
      expect(await optionTexts(blockSelect)).toEqual([
        '— the group’s first block —',
        '1. Text: Our prices',
        '2. Text: Anything else?',
      ]);
      await blockSelect.selectOption({ label: '2. Text: Anything else?' });
    },
    saved: () => ({ groupId: 'pricing', blockId: 'pricing-2' }),
  },
  {
    type: 'Typebot link',
    label: 'Link to bot',
    async fill({ panel, size }) {
      const bot = field(panel, 'Bot');
      await bot.locator('option', { hasText: 'Billing helper' }).waitFor({ state: 'attached' });
      const bots = await optionTexts(bot);
      expect(bots.slice(0, 2)).toEqual(['— choose a bot —', 'This bot']);
      expect(bots).toContain('Billing helper');
      // This bot is "This bot", not its name.
      expect(bots).not.toContain(`Forms bot ${size}`);
      await bot.selectOption({ label: 'This bot' });
      expect(await optionTexts(field(panel, 'Group'))).toContain('Pricing');
      await bot.selectOption({ label: 'Billing helper' });
      const groupSelect = field(panel, 'Group');
      await groupSelect.locator('option', { hasText: 'Invoices' }).waitFor({ state: 'attached' });
      expect(await optionTexts(groupSelect)).toEqual(['— where the bot starts —', 'Welcome', 'Invoices']);
      await groupSelect.selectOption({ label: 'Invoices' });
    },
    saved: ({ otherBotId }) => ({ typebotId: otherBotId, groupId: 'invoices' }),
  },
  {
    type: 'Webhook',
    label: 'HTTP request',
    options: { webhook: { method: 'POST' }, timeout: 10 },
    async fill({ panel }) {
      const method = field(panel, 'Method');
      expect(await optionTexts(method)).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']));
      await method.selectOption('GET');
      await field(panel, 'URL').fill('https://api.example.com/orders');
      await panel.getByRole('button', { name: 'Add header' }).click();
      const header = panel.locator('.list-row').filter({ hasText: 'Header 1' });
      await field(header, 'Key').fill('Authorization');
      await field(header, 'Value').fill('Bearer {{Token}}');
      await panel.getByRole('button', { name: 'Add query parameter' }).click();
      const query = panel.locator('.list-row').filter({ hasText: 'Query parameter 1' });
      await field(query, 'Key').fill('status');
      await field(query, 'Value').fill('open');
      await panel.getByRole('button', { name: 'Add saved value' }).click();
      const mapping = panel.locator('.list-row').filter({ hasText: 'Saved value 1' });
      await field(mapping, 'Value').fill('data.orders[0].id');
      await field(mapping, 'Save in').selectOption({ label: 'Answer' });
      // A timeout out of bounds is refused at the field, in words; the last good one stays.
      const timeout = field(panel, 'Timeout (seconds)');
      await timeout.fill('500');
      await timeout.blur();
      expect(await errorOf(timeout)).toBe('Must be at most 120. Not saved.');
      await timeout.fill('30');
    },
    saved: () => ({
      webhook: {
        method: 'GET',
        url: 'https://api.example.com/orders',
        headers: [{ id: expect.any(String), key: 'Authorization', value: 'Bearer {{Token}}' }],
        queryParams: [{ id: expect.any(String), key: 'status', value: 'open' }],
      },
      timeout: 30,
      responseVariableMapping: [{ id: expect.any(String), bodyPath: 'data.orders[0].id', variableId: 'v-answer' }],
    }),
  },
  {
    type: 'webhook',
    label: 'Wait for webhook',
    async fill({ panel }) {
      // Real fields, the JSON folded away beside them.
      expect(await panel.locator('details.json-box').getAttribute('open')).toBeNull();
      await panel.getByRole('button', { name: 'Add saved value' }).click();
      const mapping = panel.locator('.list-row').filter({ hasText: 'Saved value 1' });
      await field(mapping, 'Value').fill('data.email');
      await field(mapping, 'Save in').selectOption({ label: 'Answer' });
    },
    saved: () => ({
      responseVariableMapping: [{ id: expect.any(String), bodyPath: 'data.email', variableId: 'v-answer' }],
    }),
  },
  {
    type: 'openai',
    label: 'OpenAI',
    options: { action: 'Create image' },
    async fill(setup) {
      const { panel, openaiId } = setup;
      const action = field(panel, 'Action');
      expect(await errorOf(action)).toMatch(/^“Create image” is not one of the values this field takes/);
      await shot(setup, 'OpenAI-unknown-action');
      await action.selectOption({ label: 'Create chat completion' });
      let labels = await shownLabels(panel);
      expect(labels).toEqual(expect.arrayContaining(['Model', 'Messages', 'Save the answer']));
      expect(labels).not.toContain('Text to speak');
      // The account picker lists OpenAI accounts only.
      const account = field(panel, 'Account');
      expect(await optionTexts(account)).toEqual(['— none —', 'Team OpenAI (OpenAI)', 'Add OpenAI credentials…']);
      await account.selectOption(openaiId);
      await panel.getByRole('button', { name: 'Add message' }).click();
      const message = panel.locator('.list-row').filter({ hasText: 'Message 1' });
      expect(await optionTexts(field(message, 'Role'))).toEqual(
        expect.arrayContaining(['System', 'User', 'Assistant', 'Dialogue (a list variable)']),
      );
      // A new message is the user's: its text is there to write.
      expect(await field(message, 'Role').inputValue()).toBe('user');
      await field(message, 'Content').fill('Hello');
      await field(message, 'Role').selectOption({ label: 'Dialogue (a list variable)' });
      expect(await message.locator('.field > label, legend').allTextContents()).toEqual([
        'Message 1',
        'Role',
        'Dialogue',
        'Starts by',
      ]);
      await shot(setup, 'OpenAI-chat');
      await action.selectOption({ label: 'Create speech' });
      labels = await shownLabels(panel);
      expect(labels).toEqual(expect.arrayContaining(['Text to speak', 'Voice', 'Save the audio URL in']));
      expect(labels).not.toContain('Messages');
      await field(panel, 'Text to speak').fill('Hello {{Answer}}');
      await field(panel, 'Voice').fill('alloy');
    },
    saved: ({ openaiId }) => ({
      action: 'Create speech',
      credentialsId: openaiId,
      input: 'Hello {{Answer}}',
      voice: 'alloy',
    }),
    absent: ['messages'],
  },
  {
    type: 'anthropic',
    label: 'Anthropic',
    async fill(setup) {
      const { panel, page, size } = setup;
      const account = field(panel, 'Account');
      const offered = await optionTexts(account);
      expect(offered[0]).toBe('— none —');
      expect(offered.at(-1)).toBe('Add Anthropic credentials…');
      expect(offered.filter((text) => /OpenAI|E-mail/.test(text))).toEqual([]);
      await account.selectOption({ label: 'Add Anthropic credentials…' });
      const dialog = page.getByRole('dialog', { name: 'Add Anthropic credentials' });
      expect(await optionTexts(dialog.getByLabel('Type'))).toEqual(['Anthropic']);
      await dialog.getByLabel('Name').fill(`Claude team ${size}`);
      await dialog.getByLabel('API key').fill('sk-ant-test');
      await shot(setup, 'add-credentials');
      await dialog.getByRole('button', { name: 'Add credentials' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await account
        .locator('option:checked', { hasText: `Claude team ${size} (Anthropic)` })
        .waitFor({ state: 'attached' });
      await field(panel, 'Action').selectOption({ label: 'Create Chat Message' });
    },
    saved: () => ({ action: 'Create Chat Message', credentialsId: expect.any(String) }),
  },
];

async function workspaceSetup(server: TestServer): Promise<{ otherBotId: string; openaiId: string }> {
  const credentials = async (type: string, name: string, data: Json) => {
    const created = await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
      token: server.adminToken,
      json: { type, name, data },
    });
    if (created.status !== 200) throw new Error(`credentials: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.credentials.id as string;
  };
  const openaiId = await credentials('openai', 'Team OpenAI', { apiKey: 'sk-test' });
  await credentials('smtp', 'Mail server', { host: 'smtp.example.com', port: 587, from: { email: 'a@example.com' } });
  const { botId: otherBotId } = await createBot(
    server,
    v6Bot({
      name: 'Billing helper',
      groups: [
        group('welcome', [textBubble('w1', 'Hello')], 'Welcome'),
        group('invoices', [textBubble('i1', 'Invoices')], 'Invoices'),
      ],
    }),
  );
  return { otherBotId, openaiId };
}

/** A bot with one group per row (its block alone in it) and a Pricing group to jump to. */
async function formsBot(server: TestServer, size: string): Promise<string> {
  const { botId } = await createBot(
    server,
    v6Bot({
      name: `Forms bot ${size}`,
      groups: [
        group('start', [textBubble('hello', 'Hello')], 'Start'),
        group('pricing', [textBubble('pricing-1', 'Our prices'), textBubble('pricing-2', 'Anything else?')], 'Pricing'),
        ...FORMS.map((row, index) =>
          group(
            `g-${index}`,
            [{ id: `b-${index}`, type: row.type, ...(row.options ? { options: row.options } : {}) }],
            row.label,
          ),
        ),
        // Two columns, apart: each block can be clicked.
      ].map((each, index) => ({ ...each, graphCoordinates: { x: (index % 2) * 400, y: Math.floor(index / 2) * 250 } })),
      variables: [{ id: 'v-answer', name: 'Answer' }],
    }),
  );
  return botId;
}

async function savedOptions(server: TestServer, botId: string): Promise<Map<string, Json>> {
  const answer = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken });
  const groups = answer.body.bot.groups as { blocks: { id: string; options?: Json }[] }[];
  return new Map(groups.flatMap((each) => each.blocks.map((block) => [block.id, block.options ?? {}] as const)));
}

let workspace: { otherBotId: string; openaiId: string };
beforeAll(async () => {
  workspace = await workspaceSetup(suite.current().server);
});

describe.each([
  ['1280', { width: 1280, height: 900 }],
  ['390', { width: 390, height: 844 }],
])('block forms at %s px', (size, viewport) => {
  test('each form shows its mode’s fields, selects in words, pickers, refuses a wrong value in words, and saves the reference format', async () => {
    const { server, browser } = suite.current();
    const botId = await formsBot(server, size);
    // The API lists the imported wrong values as problems of the draft, in words, at their blocks.
    const { body } = await graphql(
      server.url,
      'query($botId: ID!) { bot(botId: $botId) { problems { code blockId message } } }',
      { botId },
      server.adminToken,
    );
    const invalid = (body.data.bot.problems as { code: string; blockId: string; message: string }[]).filter(
      (problem) => problem.code === 'INVALID_VALUE',
    );
    expect(invalid.map((problem) => problem.blockId).sort()).toEqual(
      [
        `b-${FORMS.findIndex((row) => row.type === 'Set variable')}`,
        `b-${FORMS.findIndex((row) => row.type === 'openai')}`,
      ].sort(),
    );

    const { context, page } = await signedInAdmin(browser, server, viewport);
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
    const panel = page.getByRole('complementary', { name: 'Block settings' });
    const setup: Setup = { server, page, panel, size, ...workspace };
    for (const [index, row] of FORMS.entries()) {
      await page.locator(`.flow-block[data-block-id="b-${index}"]`).click();
      await panel.getByRole('heading', { name: row.label, exact: true }).waitFor();
      await row.fill(setup);
      await shootForm(page, panel, `schema-form-${row.label.replace(/\W+/g, '-')}-${size}`);
    }
    await saved(page);
    await context.close();

    const options = await savedOptions(server, botId);
    for (const [index, row] of FORMS.entries()) {
      const own = options.get(`b-${index}`)!;
      expect({ type: row.type, options: own }).toMatchObject({ type: row.type, options: row.saved(setup) });
      for (const key of row.absent ?? []) expect({ type: row.type, [key]: own[key] }).toEqual({ type: row.type });
    }
  });
});
