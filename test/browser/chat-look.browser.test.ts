import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { group, publishDefinition, textBubble, textInput, v6Bot, type Json } from '../helpers/chat';
import { axeViolations, launchBrowser, screenshot } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The public chat page looks like the bot its author built: the bot's theme,
// with the reference runtime's defaults for its definition version where the
// theme is silent (a Typebot export looks as it did on Typebot), at desktop and
// phone widths, readable by screen readers.

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

const leadGen = (): Json => {
  const definition = JSON.parse(
    fs.readFileSync(path.join(__dirname, '../fixtures/bots/lead-gen.json'), 'utf8'),
  ) as Json;
  delete definition.publicId;
  return definition;
};

async function open(
  publicId: string,
  viewport = { width: 1280, height: 800 },
  reducedMotion: 'reduce' | 'no-preference' = 'reduce',
): Promise<Page> {
  const context = await browser.newContext({ viewport, reducedMotion });
  const page = await context.newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  return page;
}

/**
 * The colours of a bot are its author's theme: the reference's own defaults
 * (white on #ff5924) reach only 3:1, and Parley keeps them so exports look as
 * they did. Every other rule is checked.
 */
const themedAxe = (page: Page) => axeViolations(page, { skipRules: ['color-contrast'] });

const style = (page: Page, selector: string, property: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test('a 6.1 export with an empty theme gets the reference 6.1 defaults at 1280 px: centred column, avatar, orange guest bubbles, inline input with its placeholder', async () => {
  const { publicId } = await publishDefinition(server, leadGen());
  const page = await open(publicId);
  await page.getByRole('button', { name: 'Hi!' }).waitFor();
  await screenshot(page, 'chat-look-lead-gen-1280-start');

  const column = (await page.locator('.parley-column').boundingBox())!;
  expect(column.width).toBeLessThanOrEqual(800);
  expect(Math.abs(column.x - (1280 - column.x - column.width))).toBeLessThanOrEqual(2);
  expect(await style(page, '.parley-host', 'background-color')).toBe('rgb(255, 255, 255)');
  expect(await style(page, '.parley-host', 'border-top')).toBe('1px solid rgb(223, 223, 223)');
  expect(await style(page, '.parley-root', 'background-color')).toBe('rgb(248, 248, 248)');
  expect(await style(page, '.parley-choice', 'background-color')).toBe('rgb(255, 89, 36)');
  // The host avatar sits beside the newest host message only.
  expect(await page.locator('.parley-row-host .parley-avatar:not([data-hidden])').count()).toBe(1);

  await page.getByRole('button', { name: 'Hi!' }).click();
  await page.locator('.parley-host', { hasText: "What's your name?" }).waitFor();
  expect(await style(page, '.parley-guest', 'background-color')).toBe('rgb(255, 89, 36)');
  await page.locator('input.parley-field').fill('John');
  await page.locator('input.parley-field').press('Enter');

  const email = page.getByPlaceholder('Type your email...');
  await email.waitFor();
  // The input is in the conversation, under the last message, not a bar at the bottom of the window.
  const lastHost = (await page.locator('.parley-host').last().boundingBox())!;
  const field = (await email.boundingBox())!;
  expect(field.y).toBeGreaterThan(lastHost.y);
  expect(field.y).toBeLessThan(lastHost.y + lastHost.height + 120);
  await expect(page.getByRole('button', { name: 'Send' }).locator('svg').count()).resolves.toBe(1);
  await screenshot(page, 'chat-look-lead-gen-1280-email');

  expect(await themedAxe(page)).toEqual([]);
  await page.context().close();
});

test('at 360 px wide nothing overflows sideways and the conversation can be completed', async () => {
  const { publicId } = await publishDefinition(server, leadGen());
  const page = await open(publicId, { width: 360, height: 740 });
  await page.getByRole('button', { name: 'Hi!' }).click();
  await page.locator('input.parley-field').fill('John');
  await page.locator('input.parley-field').press('Enter');
  await page.getByPlaceholder('Type your email...').fill('john@example.com');
  await page.getByPlaceholder('Type your email...').press('Enter');
  await page.getByRole('button', { name: 'Website dev' }).waitFor();
  await screenshot(page, 'chat-look-lead-gen-360');
  const widths = await page.evaluate(() => {
    const shadow = document.querySelector('parley-standard')!.shadowRoot!;
    const scroller = shadow.querySelector<HTMLElement>('.parley-scroll')!;
    const widest = Math.max(
      ...[...shadow.querySelectorAll<HTMLElement>('.parley-row, .parley-input-row, .parley-choices')].map(
        (element) => element.getBoundingClientRect().right,
      ),
    );
    return {
      page: document.documentElement.scrollWidth,
      scroller: scroller.scrollWidth - scroller.clientWidth,
      widest,
    };
  });
  expect(widths.page).toBeLessThanOrEqual(360);
  expect(widths.scroller).toBe(0);
  expect(widths.widest).toBeLessThanOrEqual(360);
  expect(await themedAxe(page)).toEqual([]);
  await page.context().close();
});

test('a version 6 bot gets the version 6 defaults; the theme’s own values win over them', async () => {
  const bot = (theme: Json) =>
    v6Bot({
      groups: [
        group('g1', [
          textBubble('b1', 'Hello'),
          { id: 'c1', type: 'choice input', items: [{ id: 'i1', content: 'Yes' }] },
        ]),
      ],
      theme,
    });
  const plain = await publishDefinition(server, bot({}));
  let page = await open(plain.publicId);
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.locator('.parley-guest').waitFor();
  expect(await style(page, '.parley-guest', 'background-color')).toBe('rgb(255, 142, 33)');
  expect(await style(page, '.parley-host', 'background-color')).toBe('rgb(247, 248, 255)');
  expect(await style(page, '.parley-host', 'border-top-width')).toBe('0px');
  expect(await style(page, '.parley-root', 'background-color')).toBe('rgb(255, 255, 255)');
  await page.context().close();

  const themed = await publishDefinition(
    server,
    bot({
      general: { background: { type: 'Color', content: '#101820' }, font: 'Georgia' },
      chat: {
        guestBubbles: { backgroundColor: '#00aa55', color: '#000000' },
        buttons: { backgroundColor: '#123456' },
        hostAvatar: { isEnabled: false },
        container: { maxWidth: '500px' },
        roundness: 'none',
      },
    }),
  );
  page = await open(themed.publicId);
  expect(await style(page, '.parley-choice', 'background-color')).toBe('rgb(18, 52, 86)');
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.locator('.parley-guest').waitFor();
  expect(await style(page, '.parley-guest', 'background-color')).toBe('rgb(0, 170, 85)');
  expect(await style(page, '.parley-guest', 'border-top-left-radius')).toBe('0px');
  expect(await style(page, '.parley-root', 'background-color')).toBe('rgb(16, 24, 32)');
  expect(await style(page, '.parley-root', 'font-family')).toMatch(/^"?Georgia"?,/);
  expect((await page.locator('.parley-column').boundingBox())!.width).toBeLessThanOrEqual(500);
  expect(await page.locator('.parley-avatar').count()).toBe(0);
  await page.context().close();
});

test('theme values the browser cannot draw read as unset: an imported bot with a wrong colour and width keeps readable bubbles', async () => {
  const imported = await publishDefinition(
    server,
    v6Bot({
      groups: [
        group('g1', [
          textBubble('b1', 'Hello'),
          { id: 'c1', type: 'choice input', items: [{ id: 'i1', content: 'Yes' }] },
        ]),
      ],
      theme: {
        chat: {
          hostBubbles: { backgroundColor: 'not a colour', color: 'also wrong' },
          guestBubbles: { backgroundColor: '#00aa55' },
          container: { maxWidth: '#2563eb' },
        },
      },
    }),
  );
  const page = await open(imported.publicId);
  await page.getByRole('button', { name: 'Yes' }).click();
  await page.locator('.parley-guest').waitFor();
  // The version 6 defaults stand in for the two wrong colours; the right one is kept.
  expect(await style(page, '.parley-host', 'background-color')).toBe('rgb(247, 248, 255)');
  expect(await style(page, '.parley-host', 'color')).not.toBe('rgba(0, 0, 0, 0)');
  expect(await style(page, '.parley-guest', 'background-color')).toBe('rgb(0, 170, 85)');
  const column = (await page.locator('.parley-column').boundingBox())!;
  expect(column.width).toBeGreaterThan(300);
  await page.context().close();
});

test('typing emulation shows the typing indicator before a text bubble (not before the first), and the branding line shows when enabled', async () => {
  const long = 'word '.repeat(12).trim();
  const { publicId } = await publishDefinition(
    server,
    v6Bot({
      groups: [group('g1', [textBubble('b1', 'First'), textBubble('b2', long), textInput('b3')])],
      settings: { general: { isBrandingEnabled: true }, typingEmulation: { enabled: true, speed: 100, maxDelay: 2 } },
    }),
  );
  const page = await open(publicId, undefined, 'no-preference');
  // "First" shows without typing; the second bubble (12 words at 100 wpm, capped at 2 s) is typed first.
  await page.locator('.parley-host', { hasText: 'First' }).waitFor();
  await page.locator('.parley-typing').waitFor({ timeout: 1500 });
  await page.locator('.parley-host', { hasText: long }).waitFor();
  expect(await page.locator('.parley-typing').count()).toBe(0);
  const branding = page.getByRole('link', { name: 'Made with Parley' });
  await branding.waitFor();
  await page.context().close();

  const unbranded = await publishDefinition(
    server,
    v6Bot({ groups: [group('g1', [textBubble('b1', 'Hi'), textInput('b2')])] }),
  );
  const other = await open(unbranded.publicId);
  await other.locator('.parley-host', { hasText: 'Hi' }).waitFor();
  expect(await other.getByRole('link', { name: 'Made with Parley' }).count()).toBe(0);
  await other.context().close();
});

test('an image takes its room before it loads, so the conversation does not jump when it arrives', async () => {
  // An image server that never answers: the picture stays unloaded.
  const sockets = new Set<import('node:net').Socket>();
  const stalled = http.createServer(() => undefined);
  stalled.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/slow.png`;
  try {
    const { publicId } = await publishDefinition(
      server,
      v6Bot({
        groups: [
          group('g1', [
            { id: 'img', type: 'image', content: { url } },
            textBubble('b1', 'Below the picture'),
            textInput('b2'),
          ]),
        ],
      }),
    );
    const page = await open(publicId);
    await page.locator('.parley-host', { hasText: 'Below the picture' }).waitFor();
    const image = (await page.locator('img.parley-image').boundingBox())!;
    expect(await page.locator('img.parley-image').evaluate((element) => (element as HTMLImageElement).complete)).toBe(
      false,
    );
    expect(image.width).toBeGreaterThan(200);
    expect(image.height).toBeGreaterThan(150);
    await page.context().close();
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => stalled.close(resolve));
  }
});
