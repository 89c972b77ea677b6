import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { continueChat, createBot, group, publishBot, startChat, textBubble, textInput, v6Bot } from '../helpers/chat';
import { launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/test-server';

// Images at addresses a bot author chose (avatars, a background image, image
// bubbles) are not fetched by the console: that would tell the author who
// opened it, from where, whenever they like. The console shows placeholders
// and the addresses; the Test tab's frame, on the chat origin, shows the images.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
/** The bot author's image host: every request it gets is recorded. */
let tracker: http.Server;
let trackerUrl: string;
const requested: string[] = [];
let botId: string;

/** A 1×1 PNG. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  tracker = http.createServer((req, res) => {
    requested.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' }).end(PIXEL);
  });
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}`;
  ({ botId } = await createBot(
    server,
    v6Bot({
      name: 'Tracked theme',
      groups: [
        group('g1', [
          textBubble('b1', 'Hello from the tracked bot'),
          { id: 'img', type: 'image', content: { url: `${trackerUrl}/bubble.png` } },
          textInput('i1'),
        ]),
      ],
      theme: {
        general: { background: { type: 'Image', content: `${trackerUrl}/background.png` } },
        chat: {
          hostAvatar: { isEnabled: true, url: `${trackerUrl}/host.png` },
          guestAvatar: { isEnabled: true, url: `${trackerUrl}/guest.png` },
        },
        customCss: `.parley-root { border-image: url("${trackerUrl}/css.png") 30; }`,
      },
    }),
  ));
  const { publicId } = await publishBot(server, botId);
  // A result whose transcript has the image bubble; the tracker forgets the API's own requests (there are none).
  const started = await startChat(server, publicId);
  await continueChat(server, started.body.sessionId, { message: { type: 'text', text: 'hi' } });
  requested.length = 0;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => tracker?.close(resolve));
});

const signedIn = (viewport: { width: number; height: number }) =>
  signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { viewport, reducedMotion: 'reduce' },
  );

/** Lets any request the page started reach the tracker. */
const settle = (page: Page) => page.waitForTimeout(800);

test('the theme editor fetches no remote avatar or background: placeholders, and the addresses listed', async () => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    const { context, page } = await signedIn({ width, height });
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/theme`);
    await page.getByRole('form', { name: 'Theme' }).waitFor();
    await page.locator('[data-theme-preview]').waitFor();
    await settle(page);
    const avatars = await page
      .locator('[data-theme-preview]')
      .evaluate((host) =>
        [...host.shadowRoot!.querySelectorAll<HTMLImageElement>('img.parley-avatar')].map((img) => img.src),
      );
    expect(avatars.length).toBeGreaterThan(0);
    for (const src of avatars) expect(src).toMatch(/^data:image\/svg\+xml,/);
    const withheld = page.locator('.withheld-images li');
    expect(await withheld.allInnerTexts()).toEqual([
      `Background image: ${trackerUrl}/background.png`,
      `Bot avatar: ${trackerUrl}/host.png`,
      `Visitor avatar: ${trackerUrl}/guest.png`,
    ]);
    await screenshot(page, `theme-editor-remote-images-${width}`);
    expect(requested).toEqual([]);
    await context.close();
  }
});

test("a result's transcript shows a remote image bubble as its address, fetching nothing", async () => {
  const { context, page } = await signedIn({ width: 1280, height: 900 });
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/results`);
  await page.getByRole('button', { name: 'Transcript' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Transcript' });
  const link = dialog.getByRole('link', { name: `Image (not loaded here): ${trackerUrl}/bubble.png` });
  await link.waitFor();
  await settle(page);
  await screenshot(page, 'transcript-remote-image');
  expect(requested).toEqual([]);
  await context.close();
});

test('the Test tab, a frame of the chat origin, shows them', async () => {
  const { context, page } = await signedIn({ width: 1280, height: 900 });
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/test`);
  await page
    .frameLocator('iframe.preview-host')
    .locator('.parley-host', { hasText: 'Hello from the tracked bot' })
    .waitFor();
  // The image bubble comes after the text bubble, its avatar with it: wait for both requests.
  const shown = () => ['/host.png', '/bubble.png'].every((image) => requested.includes(image));
  for (const started = Date.now(); !shown() && Date.now() - started < 10_000;) await page.waitForTimeout(100);
  expect(requested).toEqual(expect.arrayContaining(['/host.png', '/bubble.png']));
  await context.close();
});
