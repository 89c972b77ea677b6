import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  axeViolations,
  downloadedText,
  launchBrowser,
  screenshot,
  type AxeViolation,
  signInToConsole,
} from '../helpers/browser';
import { createBot } from '../helpers/chat';
import { request } from '../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers/test-server';
import { setPassword } from '../../src/services/sign-in/password-change';
import { hashToken } from '../../src/services/tokens';

// The builder console (/app) in Chromium, over a real server: only the public
// GraphQL API behind it, signed in with a session cookie.

jest.setTimeout(120_000);

// The fixture copy of ../shared/bots/onboarding.json (CI has only the repository).
const BOT_FILE = path.resolve(__dirname, '../fixtures/bots/onboarding.json');

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

const signedIn = (email: string, password: string) =>
  signInToConsole(browser, server.url, { email, password }, { acceptDownloads: true });

describe('an admin', () => {
  let context: BrowserContext;
  let page: Page;
  let botId: string;
  let publicId: string;

  beforeAll(async () => {
    ({ context, page } = await signedIn(server.adminEmail, server.adminPassword));
  });
  afterAll(() => context?.close());

  test('a wrong password is refused on the sign-in page', async () => {
    const other = await browser.newPage();
    await other.goto(`${server.url}/app/sign-in`);
    await other.getByLabel('E-mail').fill(server.adminEmail);
    await other.getByLabel('Password').fill('not-the-password');
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('alert').filter({ hasText: 'Wrong e-mail or password' }).waitFor();
    await other.close();
  });

  test('imports a Typebot export and sees its flow, with a block’s options on click', async () => {
    await page.getByLabel('Import a bot file').setInputFiles(BOT_FILE);
    await page.getByRole('heading', { name: 'Onboarding copy' }).waitFor();
    botId = /\/bots\/([^/]+)\/flow$/.exec(new URL(page.url()).pathname)![1]!;
    expect(await server.db.bot.count({ where: { id: botId, workspaceId: server.adminWorkspaceId } })).toBe(1);
    for (const title of ['Name', 'Company', 'Bot category', 'Bye'])
      await page.getByRole('group', { name: title, exact: true }).waitFor();
    await page.locator('.flow-block', { hasText: "What's your name?" }).click();
    const details = page.getByRole('complementary', { name: 'Block settings' });
    await details.getByRole('textbox', { name: 'Message', exact: true }).getByText("What's your name?").waitFor();
    await screenshot(page, 'console-flow');
  });

  test('publishes it; the share link opens the public page; the answer appears live in results, with its transcript', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Published/ })
      .waitFor();
    await page.getByRole('link', { name: 'Share' }).click();
    const link = page.locator('a[data-share-link]');
    const href = (await link.getAttribute('href'))!;
    publicId = href.split('/').pop()!;
    // The share link is on the chat origin, never the console's.
    expect(href).toBe(`${server.chatUrl}/${publicId}`);

    await page.getByRole('link', { name: 'Results' }).click();
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
    await page.getByText('0 results').waitFor();
    const visitor = await context.newPage();
    await visitor.goto(href);
    await visitor.locator('.parley-host', { hasText: "What's your name?" }).waitFor();
    await visitor.locator('input.parley-field').fill('Ada Lovelace');
    await visitor.locator('input.parley-field').press('Enter');
    await visitor.locator('.parley-host', { hasText: 'Welcome Ada Lovelace' }).waitFor();
    await visitor.close();

    // No reload: the row arrives through the resultUpdated subscription.
    const row = page.getByRole('table', { name: 'Results' }).getByRole('row').filter({ hasText: 'Ada Lovelace' });
    await row.waitFor();
    await page.getByText('1 result', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Transcript' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transcript' });
    await dialog.getByText("What's your name?").waitFor();
    await dialog.locator('li.guest', { hasText: 'Ada Lovelace' }).waitFor();
    await screenshot(page, 'console-transcript');
    await dialog.getByRole('button', { name: 'Close' }).click();
  });

  test('exports the results as a CSV file', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Onboarding_copy-results.csv');
    const csv = await downloadedText(download);
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    expect(header!.split(',').slice(0, 2)).toEqual(['Submitted at', 'Name']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Ada Lovelace');
  });

  test('analytics: the funnel equals the stats API, with the drop-off drawn on the flow', async () => {
    await page.getByRole('link', { name: 'Analytics' }).click();
    const funnel = page.getByRole('list', { name: 'Funnel' });
    await funnel.waitFor();
    await page.getByLabel('Period').selectOption('allTime');
    const stats = await request(server.url, 'GET', `/v1/bots/${botId}/analytics/stats?timeFilter=allTime`, {
      token: server.adminToken,
    });
    expect(stats.status).toBe(200);
    const { totalViews, totalStarts, totalCompleted } = stats.body.stats;
    expect(totalStarts).toBe(1);
    for (const [step, value] of [
      ['views', totalViews],
      ['starts', totalStarts],
      ['completions', totalCompleted],
    ] as const) {
      await funnel.locator(`li[data-step=${step}] .value`, { hasText: new RegExp(`^${value}$`) }).waitFor();
    }
    // The name input was reached once and answered once; the company question (the next input) was reached and left.
    await page.locator('.drop-off').first().waitFor();
    expect(await page.locator('.drop-off').allTextContents()).toEqual(
      expect.arrayContaining(['1 reached · 0 left (0%)', '1 reached · 1 left (100%)']),
    );
    await page.locator('.chart canvas').waitFor();
    await screenshot(page, 'console-analytics');
    // A new visitor: the counters move without a reload (resultUpdated).
    const started = await request(server.url, 'POST', `/v1/bots/${publicId}/startChat`, { json: {} });
    expect(started.status).toBe(200);
    await funnel.locator('li[data-step=views] .value', { hasText: new RegExp(`^${totalViews + 1}$`) }).waitFor();
  });

  test("every Parley snippet of the Share tab works pasted into another site's page", async () => {
    await page.getByRole('link', { name: 'Share' }).click();
    const snippets = await page.locator('figure.snippet').evaluateAll((figures) =>
      figures.map((figure) => ({
        label: figure.querySelector('figcaption')!.textContent!,
        code: figure.querySelector('code')!.textContent!,
      })),
    );
    expect(snippets.map((snippet) => snippet.label)).toEqual([
      "Parley's script (inline chat in an element)",
      "Parley's script (chat bubble)",
      "Parley's script (popup, opens after 3 seconds)",
      'An existing Typebot embed: point its apiHost at this server',
    ]);
    // Typebot's own library comes from a CDN this machine cannot reach: its snippet is checked for absolute URLs only.
    expect(snippets[3]!.code).toContain(`apiHost: '${server.chatUrl}'`);
    let html = '';
    const site = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(html);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
    try {
      for (const [index, open] of [
        [0, null],
        [1, 'Open chat'],
        [2, null],
      ] as const) {
        html = `<!doctype html><html><body><h1>Someone's shop</h1>${snippets[index]!.code}</body></html>`;
        const visitorContext = await browser.newContext({ reducedMotion: 'reduce' });
        const visitor = await visitorContext.newPage();
        await visitor.goto(siteUrl);
        if (open) await visitor.getByRole('button', { name: open }).click();
        await visitor.locator('.parley-host', { hasText: "What's your name?" }).waitFor({ timeout: 15_000 });
        await visitor.locator('input.parley-field').fill('Snippet visitor');
        await visitor.locator('input.parley-field').press('Enter');
        await visitor.locator('.parley-host', { hasText: 'Welcome Snippet visitor' }).waitFor();
        await visitorContext.close();
      }
    } finally {
      site.close();
    }
  });

  test('the Test panel runs the draft in the chat client', async () => {
    const resultsBefore = await server.db.result.count({ where: { botId } });
    await page.getByRole('link', { name: 'Test' }).click();
    // The preview runs in a frame of the chat origin.
    expect(await page.locator('iframe.preview-host').getAttribute('src')).toBe(`${server.chatUrl}/_parley/preview`);
    const chat = page.frameLocator('iframe.preview-host');
    await chat.locator('.parley-host', { hasText: "What's your name?" }).waitFor();
    await page.getByLabel('Start from').selectOption({ label: 'Bot category' });
    await chat.locator('.parley-host', { hasText: 'What type of bots are you planning to build' }).waitFor();
    // A preview stores no result.
    expect(await server.db.result.count({ where: { botId } })).toBe(resultsBefore);
  });

  test('signs out: the console asks to sign in again and the old session is dead', async () => {
    const cookies = await context.cookies();
    const csrf = await page.locator('meta[name="parley-csrf"]').getAttribute('content');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Parley' }).waitFor();
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots`);
    await page.getByRole('heading', { name: 'Sign in to Parley' }).waitFor();
    const session = cookies.find((cookie) => cookie.name === 'parley_session')!;
    // Only the session cookie: the CSRF token is never a cookie.
    expect(cookies.map((cookie) => cookie.name)).toEqual(['parley_session']);
    const me = await request(server.url, 'POST', '/graphql', {
      json: { query: '{ me { email } }' },
      headers: { cookie: `parley_session=${session.value}`, 'x-parley-csrf': csrf ?? '' },
    });
    expect(me.body.errors[0].message).toBe('Signed out: sign in again');
  });
});

describe('a guest, and an outsider', () => {
  let botId: string;
  beforeAll(async () => {
    const created = await request(server.url, 'POST', '/v1/bots', {
      token: server.adminToken,
      json: {
        workspaceId: server.adminWorkspaceId,
        bot: { ...JSON.parse(fs.readFileSync(BOT_FILE, 'utf8')), name: 'Guest view' },
      },
    });
    botId = created.body.bot.id;
    const guest = await createUserWithToken(server.db, 'guest@parley.test', {
      workspaceId: server.adminWorkspaceId,
      role: 'GUEST',
    });
    await setPassword(server.db, guest.userId, 'guest-password-1');
    const outsider = await createUserWithToken(server.db, 'outsider@parley.test');
    await setPassword(server.db, outsider.userId, 'outsider-password-1');
  });

  test('a GUEST sees no write buttons, and their mutations fail', async () => {
    const { context, page } = await signedIn('guest@parley.test', 'guest-password-1');
    await page.getByRole('combobox', { name: 'Workspace' }).selectOption({
      label: (await server.db.workspace.findUniqueOrThrow({ where: { id: server.adminWorkspaceId } })).name,
    });
    await page.getByRole('link', { name: 'Guest view' }).waitFor();
    for (const name of ['New bot', 'Delete', 'Duplicate'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    expect(await page.getByLabel('Import a bot file').count()).toBe(0);
    await page.getByRole('link', { name: 'Guest view' }).click();
    await page.getByRole('group', { name: 'Name', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Results' }).click();
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete selected' }).count()).toBe(0);

    const answer = await page.evaluate(async (id) => {
      const csrf = document.querySelector<HTMLMetaElement>('meta[name="parley-csrf"]')?.content ?? '';
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-parley-csrf': csrf },
        body: JSON.stringify({ query: 'mutation($id: ID!) { publishBot(botId: $id) { id } }', variables: { id } }),
      });
      return response.json();
    }, botId);
    expect(answer.errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await server.db.bot.findUniqueOrThrow({ where: { id: botId } })).publishedAt).toBeNull();
    await context.close();
  });

  test("another workspace's bot shows “not found”", async () => {
    const { context, page } = await signedIn('outsider@parley.test', 'outsider-password-1');
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/flow`);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    const own = new URL(page.url()).pathname;
    const personal = (
      await server.db.memberInWorkspace.findFirstOrThrow({ where: { user: { email: 'outsider@parley.test' } } })
    ).workspaceId;
    expect(own).toContain('/app/w/');
    await page.goto(`${server.url}/app/w/${personal}/bots/${botId}/results`);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await context.close();
  });
});

describe('publishing', () => {
  test('a file imported again gets a name of its own ("… (2)")', async () => {
    const { context, page } = await signedIn(server.adminEmail, server.adminPassword);
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots`);
    await page.getByRole('link', { name: 'Onboarding copy' }).first().waitFor();
    await page.getByLabel('Import a bot file').setInputFiles(BOT_FILE);
    await page.getByRole('heading', { name: 'Onboarding copy (2)' }).waitFor();
    await context.close();
  });

  test('errors read as sentences: a file that is not a bot export, a wrong current password', async () => {
    const { context, page } = await signedIn(server.adminEmail, server.adminPassword);
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots`);
    await page.getByLabel('Import a bot file').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"name": "Shopping list"}'),
    });
    const alert = page.getByRole('alert').filter({ hasText: 'This file is not a bot export: it has no groups' });
    await alert.waitFor();
    expect(await alert.textContent()).not.toMatch(/bot\.groups|Invalid input/);
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/settings`);
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password (10 characters or more)').fill('another-password-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    const wrong = page.getByRole('alert').filter({ hasText: 'The current password is wrong' });
    await wrong.waitFor();
    expect(await wrong.textContent()).toBe('The current password is wrong');
    await context.close();
  });

  test('a new, empty bot is not published: the reason is shown, and nothing is published', async () => {
    const { context, page } = await signedIn(server.adminEmail, server.adminPassword);
    await page.getByRole('button', { name: 'New bot' }).click();
    await page.getByRole('dialog', { name: 'New bot' }).getByRole('button', { name: 'Blank' }).click();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({
        hasText: 'This bot has nothing in it yet: add a message or a question to its flow before publishing it',
      })
      .waitFor();
    await page.getByRole('status').filter({ hasText: 'Not published' }).waitFor();
    await screenshot(page, 'console-empty-bot-refused');
    await context.close();
  });
});

describe('phone width (390 px)', () => {
  test('sign-in, the bots list, results and analytics fit the screen: nothing wider than it', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await page.goto(`${server.url}/app`);
    await page.getByLabel('E-mail').fill(server.adminEmail);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByLabel('Password').fill(server.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Bots' }).waitFor();
    await page.getByRole('link', { name: 'Onboarding copy' }).first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'phone-bots');
    const bot = await server.db.bot.findFirstOrThrow({
      where: { workspaceId: server.adminWorkspaceId, name: 'Onboarding copy' },
    });
    for (const tab of ['results', 'analytics']) {
      await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${bot.id}/${tab}`);
      await (
        tab === 'results' ? page.getByRole('table', { name: 'Results' }) : page.getByRole('list', { name: 'Funnel' })
      ).waitFor();
      await page.waitForTimeout(300);
      expect({ tab, overflow: Math.max(0, await overflow()) }).toEqual({ tab, overflow: 0 });
      await screenshot(page, `phone-${tab}`);
    }
    await context.close();
  });
});

describe('settings', () => {
  test('credentials have a form per type, and the secret is cleared once saved; a workspace can be created', async () => {
    const { context, page } = await signedIn(server.adminEmail, server.adminPassword);
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/settings`);
    const form = page.getByRole('form', { name: 'New credentials' });
    await form.getByLabel('Type').selectOption('smtp');
    await form.getByLabel('Name', { exact: true }).fill('Our mail server');
    await form.getByLabel('Host').fill('smtp.example.com');
    await form.getByLabel('Port', { exact: true }).fill('2525');
    await form.getByLabel('Password', { exact: true }).fill('very-secret-password');
    await form.getByLabel('From address').fill('bot@example.com');
    await screenshot(page, 'console-credentials-form');
    await form.getByRole('button', { name: 'Add credentials' }).click();
    await page.getByText('Our mail server').waitFor();
    expect(await form.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('Host').inputValue()).toBe('');
    const stored = await server.db.credentials.findFirstOrThrow({ where: { name: 'Our mail server' } });
    expect(stored.type).toBe('smtp');
    expect(JSON.stringify(stored)).not.toContain('very-secret-password');

    await form.getByLabel('Type').selectOption('openai');
    await form.getByLabel('Name', { exact: true }).fill('Local model');
    await form.getByLabel('API key').fill('sk-test-key');
    await form.getByLabel(/Base URL/).fill('https://llm.example.com/v1');
    await form.getByRole('button', { name: 'Add credentials' }).click();
    await page.getByText('Local model').waitFor();
    expect(await form.getByLabel('API key').inputValue()).toBe('');

    const newWorkspace = page.getByRole('form', { name: 'New workspace' });
    await newWorkspace.getByLabel('Name').fill('Second shop');
    await newWorkspace.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByRole('heading', { name: 'Bots' }).waitFor();
    expect(await page.getByRole('combobox').first().locator('option:checked').textContent()).toBe('Second shop');
    await context.close();
  });
});

describe('invitations', () => {
  test('an ADMIN invites an address; its owner signs in, sees the invitation and joins; nothing happens before', async () => {
    const invitee = await createUserWithToken(server.db, 'invitee@parley.test');
    await setPassword(server.db, invitee.userId, 'invitee-password-1');
    const admin = await signedIn(server.adminEmail, server.adminPassword);
    await admin.page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/settings`);
    const members = admin.page.locator('section.card', { has: admin.page.getByRole('heading', { name: 'Members' }) });
    await members.locator('form.row input[type=email]').fill('invitee@parley.test');
    await members.locator('form.row select').selectOption('MEMBER');
    await members.getByRole('button', { name: 'Invite' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'Invitation made for invitee@parley.test' }).waitFor();
    await admin.page.getByRole('table', { name: 'Invitations waiting' }).getByText('invitee@parley.test').waitFor();
    await screenshot(admin.page, 'console-invitation-sent');
    expect(
      await server.db.memberInWorkspace.count({
        where: { userId: invitee.userId, workspaceId: server.adminWorkspaceId },
      }),
    ).toBe(0);

    const { context, page } = await signedIn('invitee@parley.test', 'invitee-password-1');
    const banner = page.getByRole('region', { name: 'Invitations' });
    await banner.getByText("You are invited to join Admin's workspace as member.").waitFor();
    await screenshot(page, 'console-invitation-banner');
    await banner.getByRole('button', { name: 'Join' }).click();
    await page.waitForURL(`${server.url}/app/w/${server.adminWorkspaceId}/bots`);
    await page.getByRole('heading', { name: 'Bots' }).waitFor();
    expect(await page.getByRole('region', { name: 'Invitations' }).count()).toBe(0);
    expect(
      await server.db.memberInWorkspace.findUnique({
        where: { userId_workspaceId: { userId: invitee.userId, workspaceId: server.adminWorkspaceId } },
      }),
    ).toMatchObject({
      role: 'MEMBER',
    });
    await context.close();
    await admin.context.close();
  });

  test('without SMTP the ADMIN is shown the link to hand over; someone new opens it, is in the workspace, and is asked to set a password', async () => {
    const admin = await signedIn(server.adminEmail, server.adminPassword);
    await admin.page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/settings`);
    const members = admin.page.locator('section.card', { has: admin.page.getByRole('heading', { name: 'Members' }) });
    await members.locator('form.row input[type=email]').fill('newcomer@parley.test');
    await members.getByRole('button', { name: 'Invite' }).click();
    const link = await admin.page.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(new RegExp(`^${server.url}/app/sign-in#invitation=`));
    await screenshot(admin.page, 'console-invitation-link');
    await admin.context.close();

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Bots' }).waitFor();
    const reminder = page.getByRole('region', { name: 'Password' });
    await reminder.getByText('Welcome! Set a password so you can sign in again.').waitFor();
    await screenshot(page, 'console-invitation-joined');
    await reminder.getByRole('link', { name: 'Set a password' }).click();
    await page.getByLabel('New password (10 characters or more)').fill('newcomer-password-1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').filter({ hasText: 'Password changed' }).waitFor();
    const user = await server.db.user.findUniqueOrThrow({
      where: { email: 'newcomer@parley.test' },
      include: { memberships: true },
    });
    expect(user.passwordHash).not.toBeNull();
    expect(user.memberships).toEqual([
      expect.objectContaining({ workspaceId: server.adminWorkspaceId, role: 'MEMBER' }),
    ]);
    await context.close();
  });

  test('an inviter who is not an operator is shown no link: the answer says how the invitee gets in (issue 33, finding 2)', async () => {
    const inviter = await createUserWithToken(server.db, 'not-operator@parley.test');
    await setPassword(server.db, inviter.userId, 'not-operator-password-1');
    for (const width of [1280, 390]) {
      const { context, page } = await signedIn('not-operator@parley.test', 'not-operator-password-1');
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/app/w/${inviter.personalWorkspaceId}/settings`);
      const members = page.locator('section.card', { has: page.getByRole('heading', { name: 'Members' }) });
      await members.locator('form.row input[type=email]').fill(`someone-${width}@parley.test`);
      await members.getByRole('button', { name: 'Invite' }).click();
      const answer = page.getByRole('status').filter({ hasText: `Invitation made for someone-${width}@parley.test` });
      await answer.getByText("Someone without an account needs one from the server's operator first.").waitFor();
      expect(await page.getByLabel('Invitation link').count()).toBe(0);
      await screenshot(page, `console-invitation-no-link-${width}`);
      await context.close();
    }
  });
});

describe('cookie sessions', () => {
  test("another origin's page cannot act with the console's cookie (no CSRF header), by fetch or by form", async () => {
    const { context, page } = await signedIn(server.adminEmail, server.adminPassword);
    // A page on another port of the same host: another origin, but the same site, so the SameSite=Lax cookie does go along.
    const evil = http.createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><form id="f" method="post" action="${server.url}/graphql" enctype="text/plain">
        <input name='{"query":"mutation { createWorkspace(name: \\"Evil form\\") { id } }","x":"' value='"}'></form>
        <script>
          fetch(${JSON.stringify(server.url)} + '/graphql', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ query: 'mutation { createWorkspace(name: "Evil fetch") { id } }' }) })
            .then((r) => r.text(), (e) => 'blocked: ' + e.message).then((text) => { document.title = 'fetched'; window.fetched = text; document.getElementById('f').submit(); });
        </script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    try {
      const port = (evil.address() as AddressInfo).port;
      const attacker = await context.newPage();
      await attacker.goto(`http://localhost:${port}/`);
      // The form posts to /graphql and lands on its refusal: the error object.
      await attacker.waitForURL(`${server.url}/graphql`);
      expect(await attacker.evaluate(() => document.body.textContent)).toContain('UNSUPPORTED_MEDIA_TYPE');
      expect(await server.db.workspace.count({ where: { name: { startsWith: 'Evil' } } })).toBe(0);
      await attacker.close();
      // The console itself still works with the same cookie.
      await page.reload();
      await page.getByRole('heading', { name: 'Bots' }).waitFor();
    } finally {
      evil.close();
      await context.close();
    }
  });

  test('an expired session sends the console back to sign-in', async () => {
    const { context, page } = await signedIn(server.adminEmail, server.adminPassword);
    const session = (await context.cookies()).find((cookie) => cookie.name === 'parley_session')!;
    await server.db.consoleSession.update({
      where: { tokenHash: hashToken(session.value) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Parley' }).waitFor();
    await context.close();
  });
});

describe('accessibility', () => {
  test('axe-core finds nothing on the sign-in page, the bots list, a bot’s tabs and the settings', async () => {
    const { botId } = await createBot(server, {
      ...JSON.parse(fs.readFileSync(BOT_FILE, 'utf8')),
      name: 'Accessibility check',
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const found: { where: string; violations: AxeViolation[] }[] = [];
    const check = async (where: string) => found.push({ where, violations: await axeViolations(page) });
    await page.goto(`${server.url}/app`);
    await page.getByRole('heading', { name: 'Sign in to Parley' }).waitFor();
    await check('sign-in');
    await page.getByLabel('E-mail').fill(server.adminEmail);
    await page.getByLabel('Password').fill(server.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Bots' }).waitFor();
    await page.getByRole('link', { name: 'Accessibility check' }).first().waitFor();
    await check('bots');
    for (const tab of ['flow', 'results', 'analytics', 'share']) {
      await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/${tab}`);
      await page.getByRole('heading', { name: 'Accessibility check' }).waitFor();
      // Loaded when no "Loading…" is left (the live results keep a request open: never network-idle).
      await page.waitForFunction(() => !document.querySelector('.loading'));
      await check(tab);
    }
    await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/settings`);
    await page.getByRole('heading', { name: 'Settings' }).first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.loading'));
    await check('settings');
    expect(found.filter((entry) => entry.violations.length > 0)).toEqual([]);
    await context.close();
  });
});
