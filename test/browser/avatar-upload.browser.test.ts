import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { group, publishDefinition, textBubble, textInput, v6Bot } from '../helpers/chat';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The Theme tab's "Upload an image" beside the avatar URL fields: the image is
// stored for the bot on the chat origin, its URL fills the field and the
// preview at once, and once saved and published visitors see it.

jest.setTimeout(120_000);

/** A 1×1 PNG, built here. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6d2e30000000049454e44ae426082',
  'hex',
);

let server: TestServer;
let browser: Browser;
let botId: string;
let publicId: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  ({ botId, publicId } = await publishDefinition(
    server,
    v6Bot({
      name: 'Avatar bot',
      groups: [group('g1', [textBubble('b1', 'Hello! What is your name?'), textInput('i1')])],
    }),
  ));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const signedIn = () =>
  signInToConsole(browser, server.url, { email: server.adminEmail, password: server.adminPassword });

/** The preview's host avatar (inside its shadow root) once its picture is loaded: its src. */
async function previewAvatar(page: Page, url: string): Promise<string> {
  const handle = await page.waitForFunction(
    (expected) => {
      const images = [
        ...(document
          .querySelector('[data-theme-preview]')
          ?.shadowRoot?.querySelectorAll<HTMLImageElement>('.parley-row-host img.parley-avatar') ?? []),
      ];
      const image = images.find((each) => each.src === expected);
      // Loaded: the console's CSP lets it show images of the chat origin.
      return image && image.complete && image.naturalWidth > 0 ? image.src : undefined;
    },
    url,
    { timeout: 10_000 },
  );
  return (await handle.jsonValue()) as string;
}

test('an uploaded image becomes the bot avatar: the field, the preview, then the public page once saved and published', async () => {
  const { context, page } = await signedIn();
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/theme`);
  await page.getByRole('form', { name: 'Theme' }).waitFor();

  await page
    .getByLabel('Upload an image for the bot avatar')
    .setInputFiles({ name: 'robot face.png', mimeType: 'image/png', buffer: PNG });
  const field = page.getByLabel('Bot avatar URL', { exact: true });
  await page.waitForFunction((input) => (input as HTMLInputElement).value !== '', await field.elementHandle());
  const url = await field.inputValue();
  expect(url).toMatch(new RegExp(`^${server.chatUrl}/v1/files/[a-f0-9]{32}/robot_face\\.png$`));
  expect(await previewAvatar(page, url)).toBe(url);

  // A file that is not what it claims: the server's refusal is shown, the field keeps its URL.
  await page.getByLabel('Show the visitor avatar').check();
  await page
    .getByLabel('Upload an image for the visitor avatar')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
  await page.getByRole('alert').filter({ hasText: "The file's content is not image/png" }).waitFor();
  expect(await page.getByLabel('Visitor avatar URL', { exact: true }).inputValue()).toBe('');
  expect(await field.inputValue()).toBe(url);
  await page.getByLabel('Show the visitor avatar').uncheck();

  expect(await axeViolations(page)).toEqual([]);
  // The hidden file inputs stay hidden: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await screenshot(page, 'theme-avatar-upload');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('status').filter({ hasText: 'Saved to the draft' }).waitFor();
  const stored = (await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).draft as {
    theme: { chat: { hostAvatar?: { url?: string } } };
  };
  expect(stored.theme.chat.hostAvatar?.url).toBe(url);
  await page.getByRole('button', { name: 'Publish changes' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /^Published/ })
    .filter({ hasNotText: 'changes not published' })
    .waitFor();

  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const publicPage = await visitor.newPage();
  await publicPage.goto(`${server.chatUrl}/${publicId}`);
  await publicPage.locator('.parley-host', { hasText: 'What is your name?' }).waitFor();
  const avatar = publicPage.locator('.parley-row-host img.parley-avatar').last();
  await avatar.waitFor();
  expect(await avatar.getAttribute('src')).toBe(url);
  // The element is there before its picture has loaded: wait for the load (or the error) to settle.
  const loadedWidth = await avatar.evaluate(
    (image: HTMLImageElement) =>
      new Promise<number>((resolve) => {
        if (image.complete) return resolve(image.naturalWidth);
        image.addEventListener('load', () => resolve(image.naturalWidth), { once: true });
        image.addEventListener('error', () => resolve(0), { once: true });
      }),
  );
  expect(loadedWidth).toBe(1);
  await visitor.close();
  await context.close();
});
