import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Locator, Page } from 'playwright-core';
import { group, publishDefinition, textBubble, textInput, v6Bot } from '../helpers/chat';
import { axeViolations, launchBrowser, screenshot } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/test-server';

// /embed.js on a site of another origin (a second loopback server: another
// port is another origin), and the bot's allowed origins enforced there.

let server: TestServer;
let browser: Browser;
let site: http.Server;
let siteUrl: string;
let pageHtml = '';

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  site = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(pageHtml);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await server?.close();
});

function askBot(settings: Record<string, unknown> = {}) {
  return v6Bot({
    groups: [
      group('g1', [textBubble('b1', 'Hi from the bubble'), textInput('b2', 'vname', 'e2')]),
      group('g2', [textBubble('b3', 'Nice to meet you {{Name}}')]),
    ],
    edges: [{ id: 'e2', from: { blockId: 'b2' }, to: { groupId: 'g2' } }],
    variables: [{ id: 'vname', name: 'Name' }],
    settings,
  });
}

function embeddingPage(publicId: string, options: { apiHost?: boolean } = {}): string {
  const apiHost = options.apiHost === false ? '' : `, apiHost: ${JSON.stringify(server.chatUrl)}`;
  return `<!doctype html><html><body><h1>Another site</h1><script src="${server.chatUrl}/embed.js"></script><script>Parley.initBubble({ bot: ${JSON.stringify(publicId)}${apiHost} })</script></body></html>`;
}

test('without apiHost, the embed talks to the server its script came from, not the embedding site', async () => {
  const { publicId } = await publishDefinition(server, askBot());
  pageHtml = embeddingPage(publicId, { apiHost: false });
  const page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await page.goto(siteUrl);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.locator('.parley-host', { hasText: 'Hi from the bubble' }).waitFor();
  await page.context().close();
});

test('the bubble embed opens and chats from a page on another origin', async () => {
  const { publicId } = await publishDefinition(server, askBot());
  pageHtml = embeddingPage(publicId);
  const page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await page.goto(siteUrl);
  expect(new URL(page.url()).origin).not.toBe(new URL(server.url).origin);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.locator('.parley-host', { hasText: 'Hi from the bubble' }).waitFor();
  await page.locator('input.parley-field').fill('Zoe');
  await page.locator('input.parley-field').press('Enter');
  await page.locator('.parley-host', { hasText: 'Nice to meet you Zoe' }).waitFor();
  await screenshot(page, 'bubble-embed');
  await page.context().close();
});

test("embedded in a site, the bot's tag manager goes into the site's page, as the reference's embed does", async () => {
  const { publicId } = await publishDefinition(server, askBot({ metadata: { googleTagManagerId: 'GTM-EMBED1' } }));
  pageHtml = embeddingPage(publicId);
  const page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await page.goto(siteUrl);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.locator('.parley-host', { hasText: 'Hi from the bubble' }).waitFor();
  await page.locator('script#parley-gtm').waitFor({ state: 'attached' });
  expect(await page.locator('iframe#parley-tags').count()).toBe(0);
  await page.context().close();
});

test("allowed origins block the embed on another origin, in a visitor's words; the bot's own page still chats", async () => {
  const { publicId } = await publishDefinition(
    server,
    askBot({ security: { allowedOrigins: ['https://only-this.example'] } }),
  );
  pageHtml = embeddingPage(publicId);
  const page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await page.goto(siteUrl);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const notice = page.locator('.parley-notice');
  await notice.waitFor();
  expect(await notice.textContent()).toBe('This chat is not available on this site.');
  expect(await page.locator('.parley-host').count()).toBe(0);
  await screenshot(page, 'embed-origin-refused');
  await page.context().close();

  const own = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  await own.goto(`${server.chatUrl}/${publicId}`);
  await own.locator('.parley-host', { hasText: 'Hi from the bubble' }).waitFor();
  await own.locator('input.parley-field').fill('Zoe');
  await own.locator('input.parley-field').press('Enter');
  await own.locator('.parley-host', { hasText: 'Nice to meet you Zoe' }).waitFor();
  await own.context().close();
});

// The guest's manners: closing what it opened, leaving the host page's scroll
// and focus alone, wearing the bot's colours, obeying the page's commands.

/** A page of the other site that loads the embed script, then runs `script`. */
function hostPage(script: string, body = ''): string {
  return `<!doctype html><html lang="en"><head><title>Another site</title><meta name="viewport" content="width=device-width"></head><body style="margin:0;font-family:sans-serif">${body}<script src="${server.chatUrl}/embed.js"></script><script>${script}</script></body></html>`;
}

const apiHost = () => JSON.stringify(server.chatUrl);

function greetingBot(theme: Record<string, unknown> = {}) {
  return v6Bot({
    groups: [group('g1', [textBubble('b1', 'Hello {{Name}}'), textInput('b2', 'vname')])],
    variables: [{ id: 'vname', name: 'Name' }],
    theme,
  });
}

async function openPage(html: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  pageHtml = html;
  const page = await (await browser.newContext({ reducedMotion: 'reduce', viewport })).newPage();
  await page.goto(siteUrl);
  return page;
}

/** Whether `locator`'s element has the focus, inside its shadow root or the document. */
const isFocused = (locator: Locator) =>
  locator.evaluate((element) => (element.getRootNode() as Document | ShadowRoot).activeElement === element);

const launcherColours = (page: Page, name = 'Open chat') =>
  page.getByRole('button', { name }).evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, icon: style.color, width: style.width };
  });

const SHOTS = '/work/shots/embed';
async function shot(page: Page, name: string): Promise<void> {
  const file = await screenshot(page, `embed-${name}`);
  // Also where the reviewers look, when this machine has that folder.
  if (fs.existsSync(path.dirname(SHOTS))) {
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.copyFileSync(file, path.join(SHOTS, `${name}.png`));
  }
}

describe('popup', () => {
  async function popupPage(viewport?: { width: number; height: number }) {
    const { publicId } = await publishDefinition(server, greetingBot());
    const page = await openPage(
      hostPage(
        `window.popup = Parley.initPopup({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()}, theme: { width: '600px' } });`,
        '<h1>Another site</h1><button id="talk" onclick="popup.open()">Talk to us</button>',
      ),
      viewport,
    );
    await page.locator('#talk').click();
    await page.locator('.parley-host', { hasText: 'Hello' }).waitFor();
    return page;
  }

  test('its close button closes it, and the focus goes back to what opened it', async () => {
    const page = await popupPage();
    const dialog = page.getByRole('dialog', { name: 'Chat' });
    expect(await dialog.isVisible()).toBe(true);
    // The visitor may answer at once: the focus moved into the dialog, to the chat's input.
    await page.locator('input.parley-field').waitFor();
    expect(await isFocused(page.locator('input.parley-field'))).toBe(true);
    expect((await page.locator('.chat').boundingBox())?.width).toBe(600);
    await shot(page, 'popup-1280');
    await page.getByRole('button', { name: 'Close chat' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await isFocused(page.locator('#talk'))).toBe(true);
    await page.context().close();
  });

  test('Tab goes round its controls, never to the page behind it', async () => {
    const page = await popupPage();
    await page.locator('input.parley-field').waitFor();
    await page.keyboard.press('Tab');
    expect(await isFocused(page.locator('button.parley-send'))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByRole('button', { name: 'Close chat' }))).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await isFocused(page.locator('button.parley-send'))).toBe(true);
    await page.context().close();
  });

  test('Escape closes it', async () => {
    const page = await popupPage();
    await page.locator('input.parley-field').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Chat' }).waitFor({ state: 'hidden' });
    expect(await isFocused(page.locator('#talk'))).toBe(true);
    await page.context().close();
  });

  test('a click outside it closes it; a click inside does not', async () => {
    const page = await popupPage();
    const dialog = page.getByRole('dialog', { name: 'Chat' });
    await page.locator('.parley-host', { hasText: 'Hello' }).click();
    expect(await dialog.isVisible()).toBe(true);
    await page.mouse.click(8, 400);
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  test('on a phone it fits the screen, its close button in reach', async () => {
    const page = await popupPage({ width: 390, height: 844 });
    const box = await page.locator('.chat').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.getByRole('button', { name: 'Close chat' }).isVisible()).toBe(true);
    await shot(page, 'popup-390');
    await page.context().close();
  });
});

test("close() hides a bubble's and a popup's chat once it is mounted", async () => {
  const { publicId } = await publishDefinition(server, greetingBot());
  const bot = JSON.stringify(publicId);
  const page = await openPage(
    hostPage(
      `window.bubble = Parley.initBubble({ bot: ${bot}, apiHost: ${apiHost()} });
       window.popup = Parley.initPopup({ bot: ${bot}, apiHost: ${apiHost()} });`,
    ),
  );
  for (const name of ['bubble', 'popup']) {
    await page.evaluate((embed) => (window as unknown as Record<string, { open(): void }>)[embed]!.open(), name);
    const dialog = page.locator(`parley-${name}`).getByRole('dialog', { name: 'Chat' });
    await dialog.locator('.parley-host', { hasText: 'Hello' }).waitFor();
    await page.evaluate((embed) => (window as unknown as Record<string, { close(): void }>)[embed]!.close(), name);
    await dialog.waitFor({ state: 'hidden' });
  }
  await page.context().close();
});

test('the bubble: its launcher closes what it opened, Escape too, and the focus comes back to it', async () => {
  const { publicId } = await publishDefinition(server, greetingBot());
  const page = await openPage(
    hostPage(`Parley.initBubble({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()} });`),
  );
  await page.getByRole('button', { name: 'Open chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat' });
  await page.locator('input.parley-field').waitFor();
  expect(await isFocused(page.locator('input.parley-field'))).toBe(true);
  await shot(page, 'bubble-open-1280');
  await page.getByRole('button', { name: 'Close chat' }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(await isFocused(page.getByRole('button', { name: 'Open chat' }))).toBe(true);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.locator('input.parley-field').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await isFocused(page.getByRole('button', { name: 'Open chat' }))).toBe(true);
  await page.context().close();
});

test("a bubble that opens by itself leaves the visitor's focus, and their Escape, to the page", async () => {
  const { publicId } = await publishDefinition(server, greetingBot());
  const page = await openPage(
    hostPage(
      `Parley.initBubble({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()}, autoShowDelay: 200 });`,
      '<label>Your e-mail <input id="newsletter" autofocus></label>',
    ),
    { width: 390, height: 844 },
  );
  await page.locator('input.parley-field').waitFor();
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('newsletter');
  await shot(page, 'bubble-open-390');
  // The page's Escape (closing its own menu, say) is not the bubble's.
  await page.keyboard.press('Escape');
  expect(await page.getByRole('dialog', { name: 'Chat' }).isVisible()).toBe(true);
  await page.context().close();
});

test("the inline embed leaves the host page's scroll and focus alone until the visitor uses it", async () => {
  const bot = v6Bot({
    groups: [
      group('g1', [textBubble('b1', 'What is your name?'), textInput('b2', 'vname', 'e2')]),
      group('g2', [textBubble('b3', 'And your city, {{Name}}?'), textInput('b4')]),
    ],
    edges: [{ id: 'e2', from: { blockId: 'b2' }, to: { groupId: 'g2' } }],
    variables: [{ id: 'vname', name: 'Name' }],
  });
  const { publicId } = await publishDefinition(server, bot);
  const article = Array.from({ length: 60 }, (_, index) => `<p>Paragraph ${index + 1} of a long article.</p>`).join('');
  const page = await openPage(
    hostPage(
      `Parley.initStandard({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()}, element: '#chat' });`,
      `<input id="search" aria-label="Search the site" autofocus><article>${article}</article><div id="chat" style="height:500px"></div>`,
    ),
  );
  await page.locator('input.parley-field').waitFor();
  // Long enough for a smooth scroll to have moved the page.
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('search');
  await shot(page, 'inline-long-page-1280');
  // Once the visitor answers, the next question's input is theirs to type in.
  await page.locator('input.parley-field').fill('Ada');
  await page.locator('input.parley-field').press('Enter');
  await page.locator('.parley-host', { hasText: 'And your city, Ada?' }).waitFor();
  await page.locator('input.parley-field').waitFor();
  expect(await isFocused(page.locator('input.parley-field'))).toBe(true);
  await page.context().close();
});

describe("the bubble launcher's look", () => {
  const themed = { chat: { buttons: { backgroundColor: '#e11d48', color: '#fde047' } } };

  test("wears the bot's button colours once known, and from the start of the next page", async () => {
    const { publicId } = await publishDefinition(server, greetingBot(themed));
    const page = await openPage(
      hostPage(`Parley.initBubble({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()} });`),
    );
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.locator('.parley-host', { hasText: 'Hello' }).waitFor();
    expect(await launcherColours(page, 'Close chat')).toMatchObject({
      background: 'rgb(225, 29, 72)',
      icon: 'rgb(253, 224, 71)',
    });
    await page.reload();
    expect(await launcherColours(page)).toMatchObject({ background: 'rgb(225, 29, 72)', icon: 'rgb(253, 224, 71)' });
    await page.context().close();
  });

  test("without colours of its own, a 6.1 bot's launcher turns its version's orange, as its chat's buttons", async () => {
    const { publicId } = await publishDefinition(server, { ...greetingBot(), version: '6.1' });
    const page = await openPage(
      hostPage(`Parley.initBubble({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()} });`),
    );
    expect((await launcherColours(page)).background).toBe('rgb(0, 66, 218)');
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.locator('.parley-host', { hasText: 'Hello' }).waitFor();
    expect((await launcherColours(page, 'Close chat')).background).toBe('rgb(255, 89, 36)');
    await page.context().close();
  });

  test("takes the snippet's theme over the bot's: colours, size, placement", async () => {
    const { publicId } = await publishDefinition(server, greetingBot(themed));
    const page = await openPage(
      hostPage(
        `Parley.initBubble({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()},
          theme: { button: { backgroundColor: '#16a34a', iconColor: '#ffffff', size: 'large' }, placement: 'left' } });`,
      ),
    );
    expect(await launcherColours(page)).toEqual({
      background: 'rgb(22, 163, 74)',
      icon: 'rgb(255, 255, 255)',
      width: '64px',
    });
    expect((await page.getByRole('button', { name: 'Open chat' }).boundingBox())!.x).toBeLessThan(640);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page.locator('.parley-host', { hasText: 'Hello' }).waitFor();
    expect((await launcherColours(page, 'Close chat')).background).toBe('rgb(22, 163, 74)');
    expect((await page.getByRole('dialog', { name: 'Chat' }).boundingBox())!.x).toBeLessThan(640);
    await page.context().close();
  });
});

test('the preview message opens the chat when clicked, and × dismisses it', async () => {
  const { publicId } = await publishDefinition(server, greetingBot());
  const html = hostPage(
    `Parley.initBubble({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()},
      previewMessage: { message: 'Need a hand with your order?', autoShowDelay: 100 } });`,
    '<h1>Another site</h1>',
  );
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const page = await openPage(html, viewport);
    await page.getByRole('button', { name: 'Need a hand with your order?' }).waitFor();
    await shot(page, `bubble-preview-${viewport.width}`);
    await page.context().close();
  }
  const page = await openPage(html);
  const preview = page.getByRole('button', { name: 'Need a hand with your order?' });
  await preview.click();
  await page.locator('.parley-host', { hasText: 'Hello' }).waitFor();
  expect(await preview.isVisible()).toBe(false);
  await page.reload();
  await page.getByRole('button', { name: 'Dismiss message' }).click();
  await preview.waitFor({ state: 'hidden' });
  expect(await page.getByRole('dialog', { name: 'Chat' }).isVisible()).toBe(false);
  await page.context().close();
});

test('the launcher, its preview message and the open popup pass axe', async () => {
  const { publicId } = await publishDefinition(server, greetingBot());
  const bot = JSON.stringify(publicId);
  const page = await openPage(
    hostPage(
      `Parley.initBubble({ bot: ${bot}, apiHost: ${apiHost()}, previewMessage: { message: 'Questions?' } });
       window.popup = Parley.initPopup({ bot: ${bot}, apiHost: ${apiHost()} });`,
      '<main><h1>Another site</h1></main>',
    ),
  );
  await page.getByRole('button', { name: 'Questions?' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.evaluate(() => (window as unknown as { popup: { open(): void } }).popup.open());
  await page.locator('parley-popup .parley-host', { hasText: 'Hello' }).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await page.context().close();
});

describe('commands', () => {
  test('toggle opens and closes, on the handle and on window.Parley', async () => {
    const { publicId } = await publishDefinition(server, greetingBot());
    const page = await openPage(
      hostPage(`window.chat = Parley.initBubble({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()} });`),
    );
    const dialog = page.getByRole('dialog', { name: 'Chat' });
    await page.evaluate(() => (window as unknown as { chat: { toggle(): void } }).chat.toggle());
    await dialog.locator('.parley-host', { hasText: 'Hello' }).waitFor();
    await page.evaluate(() => (window as unknown as { chat: { toggle(): void } }).chat.toggle());
    await dialog.waitFor({ state: 'hidden' });
    await page.evaluate(() => (window as unknown as { Parley: { toggle(): void } }).Parley.toggle());
    await dialog.waitFor({ state: 'visible' });
    await page.context().close();
  });

  test('setPrefilledVariables: the next start carries them', async () => {
    const { publicId } = await publishDefinition(server, greetingBot());
    const page = await openPage(
      hostPage(
        `window.chat = Parley.initPopup({ bot: ${JSON.stringify(publicId)}, apiHost: ${apiHost()} });
         chat.setPrefilledVariables({ Name: 'Grace' });`,
      ),
    );
    await page.evaluate(() => (window as unknown as { Parley: { open(): void } }).Parley.open());
    await page.locator('.parley-host', { hasText: 'Hello Grace' }).waitFor();
    await page.context().close();
  });

  test('unmount removes every node the embeds added, and they answer no more', async () => {
    const { publicId } = await publishDefinition(server, greetingBot());
    const bot = JSON.stringify(publicId);
    const page = await openPage(hostPage('', '<div id="inline" style="height:400px"></div>'));
    const before = await page.evaluate(() => document.documentElement.outerHTML);
    await page.evaluate(
      ({ bot, apiHost }) => {
        const { Parley } = window as unknown as {
          Parley: Record<'initBubble' | 'initPopup' | 'initStandard', (options: object) => { open(): void }>;
        };
        Parley.initBubble({ bot, apiHost, previewMessage: { message: 'Hi there' } }).open();
        Parley.initPopup({ bot, apiHost });
        Parley.initStandard({ bot, apiHost, element: '#inline' });
      },
      { bot: JSON.parse(bot) as string, apiHost: server.chatUrl },
    );
    await page.locator('parley-bubble .parley-host', { hasText: 'Hello' }).waitFor();
    await page.locator('#inline .parley-host', { hasText: 'Hello' }).waitFor();
    await page.evaluate(() => (window as unknown as { Parley: { unmount(): void } }).Parley.unmount());
    expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
    expect(await page.evaluate(() => document.querySelector('#inline')!.shadowRoot!.childNodes.length)).toBe(0);
    // Unmounted, they no longer listen: commands and keys reach nothing.
    await page.evaluate(() => (window as unknown as { Parley: { open(): void } }).Parley.open());
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.outerHTML)).toBe(before);
    await page.context().close();
  });
});
