import type { Browser, Page } from 'playwright-core';
import { continueChat, emailInput, group, publishDefinition, startChat, textBubble, v6Bot } from '../helpers/chat';
import { launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/test-server';

// A result's transcript in the console (Chromium, real server): bot bubbles
// are drawn by the chat page's renderer (bold text as <strong>, images as
// <img>), and a reply the input refused stays in place, marked, followed by
// the retry message the visitor got.

jest.setTimeout(120_000);

const RETRY = 'That does not look like an e-mail address.';

let server: TestServer;
let browser: Browser;
let botId: string;
let imageUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  // An image the console may load (its own origin): the server's icon.
  imageUrl = `${server.url}/favicon.ico`;
  const bot = await publishDefinition(
    server,
    v6Bot({
      groups: [
        group('g1', [
          {
            id: 'hello',
            type: 'text',
            content: { richText: [{ type: 'p', children: [{ text: 'Welcome to ' }, { text: 'AA', bold: true }] }] },
          },
          { id: 'logo', type: 'image', content: { url: imageUrl, clickLink: { alt: 'AA logo' } } },
          textBubble('ask', 'Your e-mail?'),
          { ...emailInput('ask-email', 'vemail'), options: { variableId: 'vemail', retryMessageContent: RETRY } },
          textBubble('thanks', 'Thanks, {{Email}}.'),
        ]),
      ],
      variables: [{ id: 'vemail', name: 'Email' }],
    }),
  );
  botId = bot.botId;
  const started = await startChat(server, bot.publicId);
  for (const text of ['ada at example', 'ada@example.com']) {
    expect((await continueChat(server, started.body.sessionId, { message: { type: 'text', text } })).status).toBe(200);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openTranscript(width: number, height: number): Promise<Page> {
  const { page } = await signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { viewport: { width, height }, reducedMotion: 'reduce' },
  );
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/results`);
  const row = page.getByRole('table', { name: 'Results' }).getByRole('row').filter({ hasText: 'ada@example.com' });
  await row.getByRole('button', { name: 'Transcript' }).click();
  await page.getByRole('dialog', { name: 'Transcript' }).getByRole('list', { name: 'Conversation' }).waitFor();
  return page;
}

test('bot bubbles render as on the chat page; the refused reply is marked and the retry message follows it', async () => {
  const page = await openTranscript(1280, 900);
  const dialog = page.getByRole('dialog', { name: 'Transcript' });
  // Markdown is formatted, not shown raw.
  await dialog.locator('li.host strong', { hasText: 'AA' }).waitFor();
  expect(await dialog.getByText('**AA**').count()).toBe(0);
  // The image bubble is an image, loaded.
  const image = dialog.locator(`li.host img[src="${imageUrl}"]`);
  await image.waitFor();
  expect(await image.getAttribute('alt')).toBe('AA logo');
  await page.waitForFunction(
    (src) =>
      [...document.querySelectorAll('img')].some((img) => img.src === src && img.complete && img.naturalWidth > 0),
    imageUrl,
  );

  const lines = await dialog.getByRole('listitem').allInnerTexts();
  const at = (text: string) => lines.findIndex((line) => line.includes(text));
  expect(lines).toHaveLength(7);
  expect(at('Your e-mail?')).toBe(2);
  expect(at('ada at example')).toBe(3);
  expect(at(RETRY)).toBe(4);
  expect(at('ada@example.com')).toBe(5);
  expect(at('Thanks, ada@example.com.')).toBe(6);

  // Refused: struck through and labelled; screen readers hear who said it and that it was not accepted.
  const refused = dialog.locator('li.guest.rejected');
  expect(await refused.count()).toBe(1);
  expect(await refused.locator('s').innerText()).toBe('ada at example');
  await refused.getByText('Not accepted', { exact: true }).waitFor();
  expect(await refused.locator('.visually-hidden').innerText()).toMatch(/Visitor, not accepted/);
  // The accepted answer is an ordinary guest bubble.
  const accepted = dialog.locator('li.guest:not(.rejected)');
  expect(await accepted.innerText()).toContain('ada@example.com');
  expect(await accepted.locator('s').count()).toBe(0);
  await screenshot(page, 'transcript-1280');
  await page.context().close();
});

test('at phone width (390 px) the dialog fits the screen, images included', async () => {
  const page = await openTranscript(390, 844);
  const dialog = page.getByRole('dialog', { name: 'Transcript' });
  await dialog.locator('li.guest.rejected').waitFor();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(() => {
    const transcript = document.querySelector('dialog ol.transcript')!;
    return {
      transcript: transcript.scrollWidth - transcript.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
  expect(overflow).toEqual({ transcript: 0, page: 0 });
  await screenshot(page, 'transcript-390');
  await page.context().close();
});
