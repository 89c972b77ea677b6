import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { createToken } from '../../src/services/tokens';
import { ensureUser } from '../../src/services/users';
import { edge, group, publishDefinition, textBubble, textInput, v6Bot } from '../helpers/chat';
import { axeViolations, launchBrowser, screenshot } from '../helpers/browser';
import { eventually } from '../helpers/console-editor';
import { graphql, request } from '../helpers/http';
import { startTestServer, type TestServer } from '../helpers/test-server';

// The visitor's side of a human handoff in a real Chromium: the chat page (and
// the embed on another site) reaches a bot's Handoff block, a person of the
// workspace takes the conversation and answers over GraphQL, and the visitor
// sees them live, answers, and gets the bot back when the person lets go.

// The first test waits on purpose (a stream not reopened after the hand-back): room for a loaded machine.
jest.setTimeout(60_000);

/** A 1×1 PNG (Grace's picture). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6d2e30000000049454e44ae426082',
  'hex',
);

let server: TestServer;
let browser: Browser;
let ada: { token: string };
let site: http.Server;
let siteUrl: string;
let siteHtml = '';

beforeAll(async () => {
  // Streams end after 2 s (in production after an hour): the client's reopening is part of every test here.
  server = await startTestServer({ liveStreams: { streamMaxMs: 2_000 } });
  browser = await launchBrowser();
  const { user } = await ensureUser(server.db, 'ada@example.com', { name: 'Ada Lovelace' });
  await server.db.memberInWorkspace.create({
    data: { userId: user.id, workspaceId: server.adminWorkspaceId, role: 'MEMBER' },
  });
  ada = await createToken(server.db, user.id, 'inbox');
  site = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(siteHtml);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => site?.close(resolve));
  await server?.close();
});

function supportBot() {
  return v6Bot({
    name: 'Support',
    groups: [
      group('g1', [
        textBubble('b1', 'Hello, I am the bot.'),
        {
          id: 'h1',
          type: 'handoff',
          options: { message: 'One moment: a person will answer you here.' },
          outgoingEdgeId: 'e2',
        },
      ]),
      group('g2', [textBubble('b3', 'The bot again: anything else?'), textInput('b4')]),
    ],
    edges: [edge('e2', 'g2', { blockId: 'h1' })],
    settings: { general: { rememberUser: { isEnabled: true, storage: 'local' } } },
    // The default 6 guest bubble (white on light orange) is under AA contrast: not what is checked here.
    theme: { chat: { guestBubbles: { backgroundColor: '#1d4ed8', color: '#ffffff' } } },
  });
}

/** A GraphQL call as Ada; fails the test on an error. */
async function asAda<T = any>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await graphql<T>(server.url, query, variables, ada.token);
  if (response.body.errors?.length || !response.body.data)
    throw new Error(`${query}: ${JSON.stringify(response.body.errors)}`);
  return response.body.data;
}

/** The conversation waiting for `botName`'s visitor (the newest one). */
async function waitingConversation(botName: string): Promise<string> {
  for (let tries = 0; tries < 50; tries += 1) {
    const { conversations } = await asAda<{ conversations: { id: string; botName: string }[] }>(
      'query($w: ID!) { conversations(workspaceId: $w, status: waiting) { id botName } }',
      { w: server.adminWorkspaceId },
    );
    const found = conversations.find((conversation) => conversation.botName === botName);
    if (found) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no waiting conversation for ${botName}`);
}

const take = (id: string) => asAda('mutation($id: ID!) { takeConversation(id: $id) { id } }', { id });
const typing = (id: string) => asAda('mutation($id: ID!) { conversationTyping(id: $id) }', { id });
const write = (id: string, text: string) =>
  asAda<{ sendConversationMessage: { seq: number } }>(
    'mutation($id: ID!, $text: String!) { sendConversationMessage(id: $id, text: $text) { seq } }',
    { id, text },
  );
const release = (id: string) => asAda('mutation($id: ID!) { releaseConversation(id: $id) { id } }', { id });
const close = (id: string) => asAda('mutation($id: ID!) { closeConversation(id: $id) { id } }', { id });

/** The conversation's messages as the inbox reads them. */
async function transcript(id: string): Promise<string[]> {
  const { conversation } = await asAda<{ conversation: { messages: { text: string }[] } }>(
    'query($id: ID!) { conversation(id: $id) { messages { text } } }',
    { id },
  );
  return conversation.messages.map((message) => message.text);
}

/** The addresses of the page's event stream requests, as they are made. */
function streamRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/events')) seen.push(request.url());
  });
  return seen;
}

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width, height: 800 } });
  return context.newPage();
}

const agentBubble = (page: Page, text: string) => page.locator('.parley-bubble.parley-agent', { hasText: text });
const send = async (page: Page, text: string) => {
  await page.locator('input.parley-field').fill(text);
  await page.locator('input.parley-field').press('Enter');
};

test('a person takes the chat page, answers live, reads the visitor and hands back to the bot', async () => {
  const bot = supportBot();
  const { publicId } = await publishDefinition(server, bot);
  const page = await newPage();
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.locator('.parley-host', { hasText: 'One moment: a person will answer you here.' }).waitFor();
  await page.locator('input.parley-field').waitFor();
  const id = await waitingConversation(bot.name);

  await take(id);
  await page.locator('.parley-system', { hasText: 'Ada Lovelace joined the conversation' }).waitFor();
  await typing(id);
  await page.locator('.parley-agent .parley-typing').waitFor();
  // The person's words are text: markup in them shows as typed.
  await write(id, 'Hi, I am Ada. <b>How</b> can I help?');
  await agentBubble(page, 'Hi, I am Ada. <b>How</b> can I help?').waitFor();
  // Their message ends the typing dots.
  expect(await page.locator('.parley-typing').count()).toBe(0);
  expect(await page.locator('.parley-agent b').count()).toBe(0);
  expect(await page.locator('.parley-author').allInnerTexts()).toEqual(['Ada Lovelace']);

  await send(page, 'My parcel is late.');
  await page.locator('.parley-guest', { hasText: 'My parcel is late.' }).waitFor();
  const seen = () => transcript(id);
  await eventually(async () => (await seen()).includes('My parcel is late.'), true);

  await write(id, 'Sorry about that, it leaves today.');
  await agentBubble(page, 'it leaves today').waitFor();
  // The answer to the visitor's next message carries Ada's messages too: each shows once.
  await send(page, 'Thanks!');
  await eventually(async () => (await seen()).includes('Thanks!'), true);
  await page.locator('input.parley-field').waitFor();
  expect(await page.locator('.parley-bubble.parley-agent').allInnerTexts()).toEqual([
    'Hi, I am Ada. <b>How</b> can I help?',
    'Sorry about that, it leaves today.',
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'handoff-visitor-1280');
  // The person's name and the chat's lines are readable (contrast) and announced (the conversation is a live log).
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 760 });
  await screenshot(page, 'handoff-visitor-390');

  // A reload (the bot remembers its visitors) shows the whole handoff again, once.
  await page.reload();
  await agentBubble(page, 'it leaves today').waitFor();
  await write(id, 'Written while you were away.');
  await agentBubble(page, 'Written while you were away.').waitFor();
  expect(await page.locator('.parley-bubble.parley-agent').count()).toBe(3);
  expect(await page.locator('.parley-system').allInnerTexts()).toEqual(['Ada Lovelace joined the conversation']);

  const streams = streamRequests(page);
  await release(id);
  await page.locator('.parley-host', { hasText: 'The bot again: anything else?' }).waitFor();
  // The handoff is over: the stream is not opened again (it would have been by now, its server ending it at 2 s).
  const opened = streams.length;
  await page.waitForTimeout(2_500);
  expect(streams.length).toBe(opened);
  await send(page, 'No, bye.');
  await page.locator('.parley-guest', { hasText: 'No, bye.' }).waitFor();
  // The bot took that answer (its flow ends there): the person did not get it.
  await eventually(() => page.locator('input.parley-field').count(), 0);
  expect(await seen()).not.toContain('No, bye.');
  await page.context().close();
});

test('the person ends the conversation: the visitor reads so and has no box to write in', async () => {
  const bot = { ...supportBot(), name: 'Support (closing)' };
  const { botId, publicId } = await publishDefinition(server, bot);
  // Grace has a picture: it stands beside her words instead of an initial.
  const picture = await request(server.url, 'POST', `/v1/bots/${botId}/assets`, {
    token: server.adminToken,
    json: { fileName: 'grace.png', contentType: 'image/png', dataBase64: PNG.toString('base64') },
  });
  const { user } = await ensureUser(server.db, 'grace@example.com', { name: 'Grace Hopper' });
  await server.db.user.update({ where: { id: user.id }, data: { image: picture.body.url } });
  await server.db.memberInWorkspace.create({
    data: { userId: user.id, workspaceId: server.adminWorkspaceId, role: 'MEMBER' },
  });
  const grace = await createToken(server.db, user.id, 'inbox');
  const page = await newPage(390);
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.locator('input.parley-field').waitFor();
  const id = await waitingConversation(bot.name);
  await graphql(server.url, 'mutation($id: ID!) { takeConversation(id: $id) { id } }', { id }, grace.token);
  const said = await graphql(
    server.url,
    'mutation($id: ID!, $text: String!) { sendConversationMessage(id: $id, text: $text) { seq } }',
    { id, text: 'All sorted, goodbye.' },
    grace.token,
  );
  expect(said.body.errors).toBeUndefined();
  await agentBubble(page, 'All sorted, goodbye.').waitFor();
  const avatar = page.locator('img.parley-agent-avatar').last();
  expect(await avatar.getAttribute('src')).toBe(picture.body.url);
  expect(await avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await graphql(server.url, 'mutation($id: ID!) { closeConversation(id: $id) { id } }', { id }, grace.token);
  await page.locator('.parley-system', { hasText: 'The conversation has ended' }).waitFor();
  expect(await page.locator('input.parley-field').count()).toBe(0);
  await screenshot(page, 'handoff-visitor-closed-390');
  // So it stays after a reload.
  await page.reload();
  await page.locator('.parley-system', { hasText: 'The conversation has ended' }).waitFor();
  expect(await page.locator('.parley-system').allInnerTexts()).toEqual([
    'Grace Hopper joined the conversation',
    'The conversation has ended',
  ]);
  expect(await page.locator('input.parley-field').count()).toBe(0);
  await page.context().close();
});

test('the bubble embed on another site: the person joins and answers there too', async () => {
  const bot = { ...supportBot(), name: 'Support (embed)' };
  const { publicId } = await publishDefinition(server, bot);
  siteHtml = `<!doctype html><html><body><h1>A shop</h1><script src="${server.chatUrl}/embed.js"></script><script>Parley.initBubble({ bot: ${JSON.stringify(publicId)}, apiHost: ${JSON.stringify(server.chatUrl)} })</script></body></html>`;
  const page = await newPage();
  await page.goto(siteUrl);
  await page.getByRole('button', { name: 'Open chat' }).click();
  await page.locator('input.parley-field').waitFor();
  const id = await waitingConversation(bot.name);
  await take(id);
  await write(id, 'Hello from the inbox.');
  await agentBubble(page, 'Hello from the inbox.').waitFor();
  await send(page, 'Hello Ada');
  await eventually(async () => (await transcript(id)).includes('Hello Ada'), true);
  await screenshot(page, 'handoff-visitor-embed');
  await release(id);
  await page.locator('.parley-host', { hasText: 'The bot again: anything else?' }).waitFor();
  await page.context().close();
});

test('a stream the server ends is opened again after the last event: nothing lost, nothing twice', async () => {
  const bot = { ...supportBot(), name: 'Support (long)' };
  const { publicId } = await publishDefinition(server, bot);
  const page = await newPage();
  const streams = streamRequests(page);
  await page.goto(`${server.chatUrl}/${publicId}`);
  await page.locator('input.parley-field').waitFor();
  const id = await waitingConversation(bot.name);
  await take(id);
  const { sendConversationMessage } = await write(id, 'First words.');
  await agentBubble(page, 'First words.').waitFor();
  const before = streams.length;
  await eventually(async () => streams.length > before, true, 8_000);
  // Reopened from the last event it had, not from the start.
  expect(streams.at(-1)).toContain(`after=${sendConversationMessage.seq}`);
  await write(id, 'Second words.');
  await agentBubble(page, 'Second words.').waitFor();
  expect(await page.locator('.parley-bubble.parley-agent').allInnerTexts()).toEqual(['First words.', 'Second words.']);
  expect(await page.locator('.parley-system').allInnerTexts()).toEqual(['Ada Lovelace joined the conversation']);
  await close(id);
  await page.context().close();
});
