import type { Browser, Page } from 'playwright-core';
import {
  continueChat,
  type Json,
  edge,
  group,
  publishDefinition,
  startChat,
  textBubble,
  textInput,
  texts,
  v6Bot,
} from '../helpers/chat';
import { axeViolations, launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { graphql } from '../helpers/http';
import { openSse, type SseStream } from '../helpers/sse';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers/test-server';
import { setPassword } from '../../src/services/sign-in/password-change';

// The console's Inbox (issue 52) in Chromium against a real server: a visitor
// reaches a Handoff block over HTTP; the agent sees the conversation come in
// (the top bar's count, the tab's title, the Waiting tab), takes it, replies,
// reads the visitor's next message arrive live, hands it back to the bot or
// closes it; a member watching sees, live, that someone else took it; a GUEST
// reads only; on a phone the list and the conversation are two screens.

jest.setTimeout(120_000);

let server: TestServer;
let browser: Browser;
let publicId: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  const bot = await publishDefinition(
    server,
    v6Bot({
      name: 'Support bot',
      groups: [
        group(
          'g-start',
          [
            textBubble('hello', 'Hello! Your name?'),
            textInput('ask-name', 'v-name'),
            {
              id: 'handoff',
              type: 'handoff',
              options: { team: 'Sales', timeoutSeconds: 3600 },
              outgoingEdgeId: 'e-back',
            },
          ],
          'Start',
        ),
        group('g-after', [textBubble('after', 'The bot again, {{Name}}.')], 'After the handoff'),
        group('g-pricing', [textBubble('pricing', 'Our prices, {{Name}}.')], 'Pricing'),
      ],
      edges: [edge('e-back', 'g-after', { blockId: 'handoff' })],
      variables: [{ id: 'v-name', name: 'Name' }],
    }),
  );
  publicId = bot.publicId;
  const guest = await createUserWithToken(server.db, 'guest@parley.test', {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  await setPassword(server.db, guest.userId, 'guest-password-1');
  const member = await createUserWithToken(server.db, 'member@parley.test', {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });
  await setPassword(server.db, member.userId, 'member-password-1');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A visitor who answers the bot's question and so reaches the handoff: their session id. */
async function visitorWaiting(name: string): Promise<string> {
  const started = await startChat(server, publicId);
  expect(texts(started.body)).toEqual(['Hello! Your name?']);
  const sessionId: string = started.body.sessionId;
  const handedOff = await continueChat(server, sessionId, { message: { type: 'text', text: name } });
  expect(handedOff.status).toBe(200);
  expect(handedOff.body.handoff).toEqual({ status: 'waiting' });
  return sessionId;
}

/** What the visitor's event stream has said so far, parsed (replayed from the start of the handoff). */
function visitorEvents(stream: SseStream): Json[] {
  return stream.messages.flatMap((message) => {
    try {
      return [JSON.parse(message.data) as Json];
    } catch {
      return [];
    }
  });
}

async function visitorEvent(stream: SseStream, type: string): Promise<Json> {
  for (let count = 1; ; count += 1) {
    await stream.message(count, 10_000);
    const found = visitorEvents(stream).find((event) => event.type === type);
    if (found) return found;
  }
}

async function openInbox(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: /^Inbox/ })
    .click();
  await page.getByRole('heading', { name: 'Inbox' }).waitFor();
}

const conversationItem = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: text });

test('a waiting visitor is counted live, taken, answered, heard live, and handed back to the bot', async () => {
  const { context, page } = await signInToConsole(browser, server.url, {
    email: server.adminEmail,
    password: server.adminPassword,
  });
  const nav = page.getByRole('navigation', { name: 'Workspace' });
  await nav.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
  expect(await page.title()).toBe('Parley');

  // On the Bots page: the count beside Inbox and in the title come by the inbox stream.
  const sessionId = await visitorWaiting('Grace');
  await nav.getByRole('link', { name: 'Inbox 1 waiting' }).waitFor();
  await page.waitForFunction(() => document.title === '(1) Parley');

  await openInbox(page);
  await page.waitForFunction(() => document.title === '(1) Inbox — Parley');
  const item = conversationItem(page, 'Support bot');
  await item.waitFor();
  expect(await item.innerText()).toMatch(/Waiting \d+ s/);
  expect(await item.innerText()).toContain('Web page · Sales');
  await item.click();
  const log = page.getByRole('list', { name: 'Conversation' });
  await log.getByText('Grace', { exact: true }).waitFor();
  await log.getByText('Hello! Your name?').waitFor();
  const details = page.getByRole('region', { name: 'Details' });
  expect(await details.innerText()).toMatch(/Name\s+Grace/);
  expect(await details.innerText()).toMatch(/Team\s+Sales/);
  await screenshot(page, 'inbox-waiting-1280');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Take' }).click();
  await page.getByText('You have this conversation.').waitFor();
  // The list follows it to the Mine tab.
  expect(await page.getByRole('link', { name: 'Mine' }).getAttribute('aria-current')).toBe('page');
  await conversationItem(page, 'Support bot').filter({ hasText: 'You · waited' }).waitFor();
  await nav.getByRole('link', { name: 'Inbox', exact: true }).waitFor();
  await page.waitForFunction(() => document.title === 'Inbox — Parley');

  // The visitor's stream, from now on: typing, the agent's message, the bot's answer once handed back.
  const visitor = await openSse(`${server.url}/v1/sessions/${sessionId}/events`);
  await visitor.opened;

  const reply = page.getByRole('textbox', { name: 'Reply to the visitor' });
  await reply.fill('Hello Grace,');
  await reply.press('Shift+Enter');
  await reply.pressSequentially('how can I help?');
  await visitorEvent(visitor, 'typing');
  await reply.press('Enter');
  await log.locator('li.agent').filter({ hasText: 'how can I help?' }).waitFor();
  expect(await log.locator('li.agent .text').last().innerText()).toBe('Hello Grace,\nhow can I help?');
  expect(await reply.inputValue()).toBe('');
  const sent = await visitorEvent(visitor, 'message');
  expect(sent.message.author.kind).toBe('agent');

  // The visitor writes over HTTP: the line shows in the open transcript by the conversation's stream, as text.
  const written = await continueChat(server, sessionId, {
    message: { type: 'text', text: 'My <b>invoice</b> is wrong' },
  });
  expect(written.status).toBe(200);
  expect(written.body.handoff).toEqual({ status: 'active' });
  await log.locator('li.visitor').filter({ hasText: 'My <b>invoice</b> is wrong' }).waitFor();
  expect(await log.locator('b').count()).toBe(0);
  await screenshot(page, 'inbox-active-1280');

  // Hand back, to a group of the agent's choosing.
  await page.getByRole('button', { name: 'Hand back to the bot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hand back to the bot' });
  await dialog.getByLabel('Where the bot goes on').selectOption({ label: 'Pricing' });
  await dialog.getByRole('button', { name: 'Hand back' }).click();
  await page.getByText('Handed back to the bot').first().waitFor();
  const released = await visitorEvent(visitor, 'released');
  expect(texts(released.response)).toEqual(['Our prices, Grace.']);
  visitor.close();

  await page.getByRole('link', { name: 'Closed' }).click();
  await conversationItem(page, 'Support bot').filter({ hasText: 'Handed back to the bot' }).waitFor();
  await context.close();
});

test('at phone width the list and the conversation are two screens; a conversation is closed', async () => {
  const { context, page } = await signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { viewport: { width: 390, height: 844 } },
  );
  const sessionId = await visitorWaiting('Linus');
  await openInbox(page);
  // Newest first: this visitor's.
  const item = conversationItem(page, 'Support bot').first();
  await item.waitFor();
  await screenshot(page, 'inbox-list-390');
  await item.click();
  const back = page.getByRole('button', { name: '← Conversations' });
  await back.waitFor();
  expect(await page.getByRole('list', { name: 'Conversations' }).isVisible()).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Take' }).click();
  const reply = page.getByRole('textbox', { name: 'Reply to the visitor' });
  await reply.waitFor();
  const box = (await reply.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  await screenshot(page, 'inbox-conversation-390');
  expect(await axeViolations(page)).toEqual([]);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByText('Closed (answered by you).').waitFor();
  const visitor = await openSse(`${server.url}/v1/sessions/${sessionId}/events?after=0`);
  await visitorEvent(visitor, 'closed');
  visitor.close();

  // Back on the list's screen, on the Mine tab since the take: the closed conversation has left it.
  await back.click();
  await page.getByText('You have no conversation open.').waitFor();
  expect(await back.isVisible()).toBe(false);
  await context.close();
});

test('a GUEST reads a waiting conversation and is told why nothing can be done', async () => {
  await visitorWaiting('Ada');
  const { context, page } = await signInToConsole(browser, server.url, {
    email: 'guest@parley.test',
    password: 'guest-password-1',
  });
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/inbox`);
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: /^Inbox \d+ waiting$/ })
    .waitFor();
  await conversationItem(page, 'Support bot').first().click();
  await page.getByRole('list', { name: 'Conversation' }).getByText('Ada', { exact: true }).waitFor();
  await page.getByText('As a guest of this workspace you read conversations; members answer them.').waitFor();
  for (const name of ['Take', 'Close', 'Hand back to the bot'])
    expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
  expect(await page.getByRole('textbox', { name: 'Reply to the visitor' }).count()).toBe(0);

  await context.close();
});

test('a member watching a waiting conversation sees, live, that someone else took it, and who else has it open', async () => {
  await visitorWaiting('Mary');
  const waiting = await graphql(
    server.url,
    'query($workspaceId: ID!) { conversations(workspaceId: $workspaceId, status: waiting) { id } }',
    { workspaceId: server.adminWorkspaceId },
    server.adminToken,
  );
  const conversationId: string = waiting.body.data.conversations[0].id;
  const { context, page } = await signInToConsole(browser, server.url, {
    email: 'member@parley.test',
    password: 'member-password-1',
  });
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/inbox/${conversationId}`);
  await page.getByRole('button', { name: 'Take' }).waitFor();
  await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();

  const taken = await graphql(
    server.url,
    'mutation($id: ID!) { takeConversation(id: $id) { assignee { email } } }',
    { id: conversationId },
    server.adminToken,
  );
  expect(taken.body.data.takeConversation.assignee.email).toBe(server.adminEmail);
  await page.getByText(/^.+ has this conversation\.$/).waitFor();
  expect(await page.getByText('You have this conversation.').count()).toBe(0);
  for (const name of ['Take', 'Close', 'Hand back to the bot'])
    expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
  expect(await page.getByRole('textbox', { name: 'Reply to the visitor' }).count()).toBe(0);

  // Presence, as in the editor: another member opening the conversation shows up, and sees who is there.
  const admin = await signInToConsole(browser, server.url, {
    email: server.adminEmail,
    password: server.adminPassword,
  });
  await admin.page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/inbox/${conversationId}`);
  const adminUser = await server.db.user.findUniqueOrThrow({ where: { email: server.adminEmail } });
  const adminName = adminUser.name?.trim() || adminUser.email;
  await page.getByText(`Also here: ${adminName}`).waitFor();
  await admin.page.getByText(/^Also here: member@parley\.test$/).waitFor();
  await admin.context.close();
  await context.close();
});
