import type { Browser } from 'playwright-core';
import { createBot, group, publishBot, setVariable, textBubble, textInput, v6Bot } from '../helpers/chat';
import { launchBrowser, screenshot, signInToConsole } from '../helpers/browser';
import { createUserWithToken, startTestServer, type TestServer } from '../helpers/test-server';

// Bot authors may run JavaScript in visitors' browsers (client-side Code and
// Set variable blocks). Here a bot of another workspace tries every way its
// code could act as a console user who opens its link, or read another bot's
// remembered conversation: none works, and its value still reaches the flow.

jest.setTimeout(120_000);

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

const SECRET_ANSWER = 'my-secret-answer-7731';

/** The attack, as a client-side Set variable's code: everything it could reach, as one JSON text. */
function attackCode(consoleUrl: string): string {
  return `
const out = {};
const attempt = async (name, run) => {
  try { out[name] = await run(); } catch (error) { out[name] = 'refused: ' + (error && error.name); }
};
await attempt('cookie', () => document.cookie);
await attempt('localStorage', () => JSON.stringify(Object.entries(localStorage)));
await attempt('sessionStorage', () => JSON.stringify(Object.entries(sessionStorage)));
await attempt('topCookie', () => window.top.document.cookie);
await attempt('topStorage', () => JSON.stringify(Object.entries(window.top.localStorage)));
await attempt('parentDocument', () => window.parent.document.documentElement.outerHTML.slice(0, 200));
const csrf = (/parley_csrf=([^;]+)/.exec(String(out.cookie)) || [])[1] || '';
const body = JSON.stringify({ query: 'mutation { createApiToken(name: "stolen") { token } }' });
const headers = { 'content-type': 'application/json', 'x-parley-csrf': csrf };
for (const [name, url] of [['relative', '/graphql'], ['absolute', ${JSON.stringify(consoleUrl)} + '/graphql']]) {
  await attempt(name, async () => {
    const response = await fetch(url, { method: 'POST', credentials: 'include', headers, body });
    return response.status + ' ' + (await response.text()).slice(0, 300);
  });
}
await attempt('simplePost', async () => {
  const response = await fetch(${JSON.stringify(consoleUrl)} + '/graphql', { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body });
  return response.type;
});
await attempt('restToken', async () => {
  const response = await fetch(${JSON.stringify(consoleUrl)} + '/v1/workspaces', { credentials: 'include' });
  return response.status + ' ' + (await response.text()).slice(0, 200);
});
for (const [name, url] of [['openRelative', '/app'], ['openAbsolute', ${JSON.stringify(consoleUrl)} + '/app']]) {
  await attempt(name, async () => {
    const opened = window.open(url);
    if (!opened) return 'no window';
    await new Promise((resolve) => setTimeout(resolve, 1500));
    try { return opened.document.documentElement.outerHTML.slice(0, 300); } finally { opened.close(); }
  });
}
return JSON.stringify(out);`;
}

/** A published bot of its own workspace whose client-side code runs the attack, then shows what it got. */
async function publishAttack(
  token: string,
  workspaceId: string,
  publicId: string,
): Promise<{ botId: string; publicId: string }> {
  const definition = v6Bot({
    name: 'Free gift',
    groups: [
      group('g1', [
        setVariable('s1', 'vloot', attackCode(server.url), { type: 'Custom', isExecutedOnClient: true, isCode: true }),
        textBubble('b1', 'LOOT {{Loot}}'),
        textInput('i1'),
      ]),
    ],
    variables: [{ id: 'vloot', name: 'Loot' }],
  });
  const { botId } = await createBot(server, { ...definition, publicId }, workspaceId, token);
  await publishBot(server, botId, token);
  return { botId, publicId };
}

const signedInConsole = () =>
  signInToConsole(
    browser,
    server.url,
    { email: server.adminEmail, password: server.adminPassword },
    { reducedMotion: 'reduce' },
  );

const adminTokens = async () => {
  const admin = await server.db.user.findUniqueOrThrow({ where: { email: server.adminEmail } });
  return server.db.apiToken.count({ where: { userId: admin.id } });
};

/** What the attack's bubble says it reached. */
async function lootOf(bubbleText: string): Promise<Record<string, string>> {
  const json = bubbleText.replace(/^LOOT /, '');
  return JSON.parse(json) as Record<string, string>;
}

function expectNothingLeaked(loot: Record<string, string>): void {
  const everything = JSON.stringify(loot);
  expect(everything).not.toContain('parley_session');
  expect(everything).not.toContain('parley_csrf');
  expect(everything).not.toContain('parley-csrf');
  expect(everything).not.toContain(SECRET_ANSWER);
  expect(everything).not.toContain('parley-result-');
  expect(everything).not.toMatch(/"token"\s*:/);
  expect(everything).not.toContain('<div id=\\"console\\"');
  // Code runs in an opaque origin: the page's storage and the embedding documents are out of reach.
  for (const key of ['localStorage', 'sessionStorage', 'topStorage', 'topCookie', 'parentDocument'])
    expect(loot[key]).toMatch(/^refused: /);
  expect(loot.cookie).toMatch(/^(refused: .*)?$/);
  // The console's API takes no request from here as the signed-in user.
  expect(loot.absolute).not.toMatch(/^200 .*createApiToken/);
  expect(loot.restToken).not.toMatch(/^200/);
  expect(loot.openRelative).toBe('no window');
  expect(loot.openAbsolute).toBe('no window');
}

test("another workspace's published bot opened by a signed-in admin: nothing leaks, no token is created, its code's value reaches the flow", async () => {
  const attacker = await createUserWithToken(server.db, 'attacker@example.com');
  const { publicId } = await publishAttack(attacker.token, attacker.personalWorkspaceId, 'free-gift');
  // A bot the admin's visitors use, remembering their conversation in the browser.
  const remembered = v6Bot({
    name: 'Support',
    groups: [
      group('g1', [textBubble('b1', 'Your account number?'), textInput('i1', 'vacc', 'e1')]),
      group('g2', [textBubble('b2', 'Thanks'), textInput('i2')]),
    ],
    edges: [{ id: 'e1', from: { blockId: 'i1' }, to: { groupId: 'g2' } }],
    variables: [{ id: 'vacc', name: 'Account' }],
    settings: { general: { rememberUser: { isEnabled: true, storage: 'local' } } },
  });
  const victim = await createBot(server, { ...remembered, publicId: 'support' });
  await publishBot(server, victim.botId);

  const { context, page } = await signedInConsole();
  const tokensBefore = await adminTokens();
  const visitor = await context.newPage();
  await visitor.goto(`${server.chatUrl}/support`);
  await visitor.locator('.parley-host', { hasText: 'Your account number?' }).waitFor();
  await visitor.locator('input.parley-field').fill(SECRET_ANSWER);
  await visitor.locator('input.parley-field').press('Enter');
  await visitor.locator('.parley-host', { hasText: 'Thanks' }).waitFor();
  expect(await visitor.evaluate(() => Object.keys(localStorage))).toEqual(['parley-result-support']);

  // The admin follows the attacker's link, typed as the console's own address: it moves to the chat origin.
  const lure = await context.newPage();
  await lure.goto(`${server.url}/${publicId}`);
  expect(new URL(lure.url()).origin).toBe(server.chatUrl);
  const bubble = lure.locator('.parley-host', { hasText: 'LOOT' });
  await bubble.waitFor({ timeout: 30_000 });
  const loot = await lootOf(await bubble.innerText());
  await screenshot(lure, 'attack-bot-page');
  expectNothingLeaked(loot);
  // From the chat origin, /graphql does not exist; the console's /graphql refuses the cookie.
  expect(loot.relative).toMatch(/^(404 |refused: )/);
  expect(await adminTokens()).toBe(tokensBefore);
  // The console still works for its user.
  await page.reload();
  await page.getByRole('heading', { name: 'Bots' }).waitFor();
  await context.close();
});

test("a member's bot previewed by the admin in the console runs in the chat origin's frame: nothing leaks", async () => {
  const member = await createUserWithToken(server.db, 'member@example.com', {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });
  const { botId } = await publishAttack(member.token, server.adminWorkspaceId, 'member-bot');
  const { context, page } = await signedInConsole();
  const tokensBefore = await adminTokens();
  await page.goto(`${server.url}/app/w/${server.adminWorkspaceId}/bots/${botId}/test`);
  const frame = page.frameLocator('iframe.preview-host');
  const bubble = frame.locator('.parley-host', { hasText: 'LOOT' });
  await bubble.waitFor({ timeout: 30_000 });
  const loot = await lootOf(await bubble.innerText());
  await screenshot(page, 'attack-bot-preview');
  expectNothingLeaked(loot);
  expect(await adminTokens()).toBe(tokensBefore);
  // The preview goes on: the frame continues the session on the public chat API.
  await frame.locator('input.parley-field').fill('hello');
  await frame.locator('input.parley-field').press('Enter');
  await frame.locator('.parley-guest', { hasText: 'hello' }).waitFor();
  await context.close();
});
