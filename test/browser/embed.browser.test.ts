import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { group, publishDefinition, textBubble, textInput, v6Bot } from '../helpers/chat';
import { launchBrowser, screenshot } from '../helpers/browser';
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
