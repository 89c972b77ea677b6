import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { group, publishDefinition, setVariable, textBubble, textInput, v6Bot } from '../helpers/chat';
import { launchBrowser, screenshot } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The public chat page in a real headless Chromium: a visitor chats by
// clicking and typing, as a person would.

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

const leadGen = () => JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/bots/lead-gen.json'), 'utf8'));

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  return context.newPage();
}

/** The chat widget lives in an open shadow root; playwright's CSS locators pierce it. */
const lastHostBubble = (page: Page) => page.locator('.parley-host').last();

test('lead-gen bot completed by clicking and typing, with an invalid e-mail and its retry message', async () => {
  const definition = leadGen();
  delete definition.publicId;
  const { publicId } = await publishDefinition(server, definition);
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.getByRole('button', { name: 'Hi!' }).waitFor();
  await screenshot(page, 'lead-gen-start');
  await page.getByRole('button', { name: 'Hi!' }).click();

  await page.locator('.parley-host', { hasText: "What's your name?" }).waitFor();
  const name = page.locator('input.parley-field');
  // Focus moves to the new input (inside the widget's shadow root).
  expect(
    await page.evaluate(() => document.querySelector('parley-standard')!.shadowRoot!.activeElement?.className),
  ).toBe('parley-field');
  await name.fill('John');
  await name.press('Enter');

  await page.locator('.parley-host', { hasText: "What's the best email" }).waitFor();
  await page.locator('input[type=email]').fill('not-an-email');
  await page.locator('input[type=email]').press('Enter');
  await page.locator('.parley-host', { hasText: "This email doesn't seem to be valid" }).waitFor();
  await page.locator('input[type=email]').fill('john@example.com');
  await page.keyboard.press('Enter');

  await page.getByRole('button', { name: 'Website dev' }).click();
  await page.locator('textarea').fill('A new website');
  await page.locator('textarea').press('Enter');
  await page.locator('.parley-host', { hasText: "We'll get back to you at john@example.com" }).waitFor();
  await screenshot(page, 'lead-gen-end');

  const guest = await page.locator('.parley-guest').allInnerTexts();
  expect(guest).toEqual(['Hi!', 'John', 'not-an-email', 'john@example.com', 'Website dev', 'A new website']);
  const hostTexts = await page.locator('.parley-host').allInnerTexts();
  expect(hostTexts[0]).toBe('Welcome to AA (Awesome Agency)');
  expect(await page.locator('.parley-host strong').first().innerText()).toBe('AA');
  await page.context().close();
});

function nameBot(settings: Record<string, unknown> = {}) {
  return v6Bot({
    groups: [
      group('g1', [textBubble('b1', 'Hello {{Name}}'), textInput('b2', 'vcity', 'e2')]),
      group('g2', [textBubble('b3', 'You live in {{City}}'), textInput('b4')]),
    ],
    edges: [{ id: 'e2', from: { blockId: 'b2' }, to: { groupId: 'g2' } }],
    variables: [
      { id: 'vname', name: 'Name' },
      { id: 'vcity', name: 'City' },
    ],
    settings,
  });
}

test('a prefilled variable from the query string shows in the first bubble', async () => {
  const { publicId } = await publishDefinition(server, nameBot());
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}?Name=John`);
  await page.locator('.parley-host', { hasText: 'Hello' }).waitFor();
  expect(await lastHostBubble(page).innerText()).toBe('Hello John');
  await page.context().close();
});

test('remember user: the chat survives a reload', async () => {
  const { publicId } = await publishDefinition(
    server,
    nameBot({ general: { rememberUser: { isEnabled: true, storage: 'local' } } }),
  );
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}?Name=Ann`);
  await page.locator('input.parley-field').fill('Paris');
  await page.locator('input.parley-field').press('Enter');
  await page.locator('.parley-host', { hasText: 'You live in Paris' }).waitFor();
  await page.reload();
  await page.locator('.parley-host', { hasText: 'You live in Paris' }).waitFor();
  expect(await page.locator('.parley-guest').allInnerTexts()).toEqual(['Paris']);
  expect(await page.locator('input.parley-field').isVisible()).toBe(true);
  await page.context().close();
});

test('a redirect action navigates', async () => {
  const { publicId: targetId } = await publishDefinition(server, nameBot());
  const redirecting = v6Bot({
    groups: [
      group('g1', [
        textBubble('b1', 'Taking you there'),
        { id: 'r1', type: 'Redirect', options: { url: `${server.chatUrl}/${targetId}?Name=Redirected` } },
      ]),
    ],
  });
  const { publicId } = await publishDefinition(server, redirecting);
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.waitForURL(`${server.chatUrl}/${targetId}?Name=Redirected`);
  await page.locator('.parley-host', { hasText: 'Hello' }).waitFor();
  expect(await lastHostBubble(page).innerText()).toBe('Hello Redirected');
  await page.context().close();
});

test('unknown bot and publicShare disabled: the 404 page', async () => {
  const { publicId } = await publishDefinition(server, nameBot({ publicShare: { isEnabled: false } }));
  const page = await newPage();
  for (const id of [publicId, 'no-such-bot']) {
    const response = await page.goto(`${server.chatUrl}/${id}`);
    expect(response?.status()).toBe(404);
    expect(await page.locator('main').innerText()).toContain("doesn't exist");
  }
  await page.context().close();
});

test('a file uploaded through the file input: its URL is the answer stored', async () => {
  const definition = v6Bot({
    groups: [
      group('g1', [
        textBubble('ask', 'Your photo please'),
        { id: 'photo', type: 'file input', options: { variableId: 'vphoto' } },
        textBubble('thanks', 'Thanks!'),
      ]),
    ],
    variables: [{ id: 'vphoto', name: 'Photo' }],
  });
  const { botId, publicId } = await publishDefinition(server, definition);
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.locator('.parley-host', { hasText: 'Your photo please' }).waitFor();
  const bytes = Buffer.from('not really a picture, but bytes all the same');
  await page.locator('input[type=file]').setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: bytes });
  await page.locator('button', { hasText: 'Upload' }).click();
  await page.locator('.parley-host', { hasText: 'Thanks!' }).waitFor();
  expect(await page.locator('.parley-guest').allInnerTexts()).toEqual(['holiday.png']);

  const results = await fetch(`${server.url}/v1/bots/${botId}/results`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  }).then((response) => response.json());
  const [answer] = results.results[0].answers;
  expect(answer.blockId).toBe('photo');
  expect(answer.content).toMatch(new RegExp(`^${server.chatUrl}/v1/files/[a-f0-9]{32}/holiday.png$`));
  const served = await fetch(answer.content);
  expect(Buffer.from(await served.arrayBuffer()).toString()).toBe(bytes.toString());
  await screenshot(page, 'file-upload-end');
  await page.context().close();
});

test('phone with its country picker, and a date range', async () => {
  const definition = v6Bot({
    groups: [
      group('g1', [
        textBubble('ask-phone', 'Your number?'),
        { id: 'phone', type: 'phone number input', options: { variableId: 'vphone', defaultCountryCode: 'FR' } },
        textBubble('got-phone', 'Phone {{Phone}}'),
        {
          id: 'dates',
          type: 'date input',
          options: { variableId: 'vdates', isRange: true, labels: { from: 'Arrival', to: 'Departure' } },
        },
        textBubble('got-dates', 'Stay {{Dates}}'),
      ]),
    ],
    variables: [
      { id: 'vphone', name: 'Phone' },
      { id: 'vdates', name: 'Dates' },
    ],
  });
  const { publicId } = await publishDefinition(server, definition);
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.locator('.parley-host', { hasText: 'Your number?' }).waitFor();
  expect(await page.locator('select.parley-country').inputValue()).toBe('33');
  await page.getByLabel('Phone number').fill('06 12 34 56 78');
  await page.getByLabel('Phone number').press('Enter');
  await page.locator('.parley-host', { hasText: 'Phone' }).waitFor();
  expect(await lastHostBubble(page).innerText()).toBe('Phone +33612345678');

  await page.getByLabel('Arrival').fill('2026-07-01');
  await page.getByLabel('Departure').fill('2026-07-14');
  await page.locator('button', { hasText: 'Send' }).click();
  await page.locator('.parley-host', { hasText: 'Stay' }).waitFor();
  expect(await lastHostBubble(page).innerText()).toBe('Stay 01/07/2026 to 14/07/2026');
  await page.context().close();
});

test('a text input taking attachments: the files go up with the reply', async () => {
  const definition = v6Bot({
    groups: [
      group('g1', [
        { id: 'note', type: 'text input', options: { variableId: 'vnote', attachments: { isEnabled: true } } },
        textBubble('ok', 'Noted: {{Note}}'),
      ]),
    ],
    variables: [{ id: 'vnote', name: 'Note' }],
  });
  const { botId, publicId } = await publishDefinition(server, definition);
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page
    .getByLabel('Attach files')
    .setInputFiles({ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 not much') });
  await page.getByLabel('Type your answer...').fill('my receipt');
  await page.getByLabel('Type your answer...').press('Enter');
  await page.locator('.parley-host', { hasText: 'Noted: my receipt' }).waitFor();
  expect(await page.locator('.parley-guest').allInnerTexts()).toEqual(['my receipt receipt.pdf']);
  const results = await fetch(`${server.url}/v1/bots/${botId}/results`, {
    headers: { authorization: `Bearer ${server.adminToken}` },
  }).then((response) => response.json());
  const [answer] = results.results[0].answers;
  expect(answer.content).toBe('my receipt');
  expect(answer.attachedFileUrls).toEqual([
    expect.stringMatching(new RegExp(`^${server.chatUrl}/v1/files/[a-f0-9]{32}/receipt.pdf$`)),
  ]);
  await page.context().close();
});

test("start props: on Parley's page the bot's tag manager is loaded into a sandboxed frame of its own, not the page", async () => {
  const { publicId } = await publishDefinition(server, nameBot({ metadata: { googleTagManagerId: 'GTM-PARLEY1' } }));
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}?Name=Gil`);
  await page.locator('.parley-host', { hasText: 'Hello' }).waitFor();
  const frame = page.locator('iframe#parley-tags');
  await frame.waitFor({ state: 'attached' });
  expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
  // A container's code would run with the chat origin's reach (every bot's storage): it runs in an opaque origin instead.
  expect(await page.locator('script#parley-gtm').count()).toBe(0);
  expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);
  const tags = page.frameLocator('iframe#parley-tags');
  await tags.locator('script#parley-gtm').waitFor({ state: 'attached' });
  await tags.locator('script[src*="gtm.js?id=GTM-PARLEY1"]').waitFor({ state: 'attached' });
  const inFrame = page.frames().find((each) => each.url() === 'about:srcdoc')!;
  expect(
    await inFrame.evaluate(() => (window as unknown as { dataLayer: { event?: string }[] }).dataLayer[0]?.event),
  ).toBe('gtm.js');
  expect(await inFrame.evaluate(() => origin)).toBe('null');
  await page.context().close();
});

test('a flow that ends without a message says so instead of leaving the page blank', async () => {
  // It can speak (so it publishes), but only when V is "yes": a visitor without it meets a flow that ends at once.
  const silent = v6Bot({
    groups: [
      group('g1', [
        setVariable('s1', 'v1', 'quiet'),
        {
          id: 'c1',
          type: 'Condition',
          items: [
            {
              id: 'ci1',
              outgoingEdgeId: 'e-yes',
              content: {
                logicalOperator: 'AND',
                comparisons: [{ id: 'k1', variableId: 'v1', comparisonOperator: 'Equal to', value: 'yes' }],
              },
            },
          ],
        },
      ]),
      group('g2', [textBubble('b2', 'You said yes')]),
    ],
    edges: [{ id: 'e-yes', from: { blockId: 'c1', itemId: 'ci1' }, to: { groupId: 'g2' } }],
    variables: [{ id: 'v1', name: 'V' }],
  });
  const { publicId } = await publishDefinition(server, silent);
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.getByRole('status').filter({ hasText: 'This bot has nothing to say.' }).waitFor();
  await page.context().close();
});
