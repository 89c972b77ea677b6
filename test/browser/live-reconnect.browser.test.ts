import type { Browser, Page, Request } from 'playwright-core';
import { launchBrowser, signInToConsole } from '../helpers/browser';
import { createBot, group, publishDefinition, say, startChat, textBubble, textInput, v6Bot } from '../helpers/chat';
import { request } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The server ends every live stream after its lifetime
// (PARLEY_LIVE_STREAM_MAX_MINUTES; a second and a half here): the console's
// results page and flow editor open theirs again and catch up with what
// happened while none was open.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
let page: Page;
beforeAll(async () => {
  server = await startTestServer({ liveStreams: { streamMaxMs: 1_500 } });
  browser = await launchBrowser();
  ({ page } = await signInToConsole(browser, server.url, { email: server.adminEmail, password: server.adminPassword }));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Resolves when the server has ended a stream of this subscription (the console opens the next one 2 s later). */
const streamEnded = (subscription: string) =>
  page.waitForEvent('requestfinished', {
    predicate: (sent: Request) => sent.url().endsWith('/graphql') && (sent.postData() ?? '').includes(subscription),
    timeout: 20_000,
  });

test('the results page shows a result answered while its stream was closed', async () => {
  const bot = await publishDefinition(
    server,
    v6Bot({ groups: [group('g1', [textInput('ask', 'v-name')], 'Ask')], variables: [{ id: 'v-name', name: 'Name' }] }),
  );
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${bot.botId}/results`);
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
  await page.getByText('0 results').waitFor();

  await streamEnded('resultUpdated');
  const started = await startChat(server, bot.publicId);
  expect((await say(server, started.body.sessionId, 'Grace Hopper')).status).toBe(200);

  await page.getByRole('table', { name: 'Results' }).getByRole('row').filter({ hasText: 'Grace Hopper' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
});

test('the flow editor shows a save made while its stream was closed', async () => {
  const { botId } = await createBot(server, v6Bot({ groups: [group('g1', [textBubble('b1', 'Hello')], 'Welcome')] }));
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
  await page.locator('.flow-block', { hasText: 'Hello' }).waitFor();

  await streamEnded('botEditing');
  const patched = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: { bot: { groups: [group('g1', [textBubble('b1', 'Saved while away')], 'Welcome')] } },
  });
  expect(patched.status).toBe(200);

  await page.locator('.flow-block', { hasText: 'Saved while away' }).waitFor();
});
