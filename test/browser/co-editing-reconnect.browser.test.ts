import { screenshot } from '../helpers/browser';
import { request } from '../helpers/http';
import { textBubble, group } from '../helpers/chat';
import {
  addBob,
  openFlow,
  sharedBot,
  signIn,
  storedWords,
  typeInto,
  VIEWPORT,
  type Person,
} from '../helpers/co-editors';
import { editorSuite, eventually, saved } from '../helpers/console-editor';
import { startStallingProxy, type StallingProxy } from '../helpers/stalling-proxy';
import type { TestServer } from '../helpers/test-server';

// Co-editing after a lost connection (docs/co-editing.md#the-flow-editors-side):
// a save that failed while the browser was offline goes out by itself once it
// is back, and the other editor sees it; a live stream that dies without
// closing (the server's bytes stop, the socket stays open) is noticed by its
// heartbeat, opened again, and the editor catches up with what was saved
// meanwhile.

jest.setTimeout(180_000);

// A beat a second: a silent stream is given up after two and a half.
const suite = editorSuite({ liveStreams: { heartbeatMs: 1_000 } });
let server: TestServer;
let proxy: StallingProxy | undefined;
beforeAll(async () => {
  ({ server } = suite.current());
  await addBob(server);
});
afterAll(async () => {
  await proxy?.close();
});

const status = (person: Person) => person.page.getByRole('toolbar', { name: 'Editor' }).getByRole('status').last();
const blockShows = (person: Person, blockId: string, words: string, timeout?: number) =>
  person.page.locator(`.flow-block[data-block-id="${blockId}"]`, { hasText: words }).waitFor({ timeout });

test('Ann edits for 20 s offline: once she is back, her save goes out by itself and Bob sees it', async () => {
  const botId = await sharedBot(server, 'Offline');
  const { browser } = suite.current();
  const a = await signIn(browser, server.url, 'ann', server);
  const b = await signIn(browser, server.url, 'bob', server);
  await openFlow(a, server.url, server, botId);
  await openFlow(b, server.url, server, botId);

  await a.context.setOffline(true);
  const wentOffline = Date.now();
  await typeInto(a.page, 'b1', ' written offline');
  await status(a).filter({ hasText: 'Not saved' }).waitFor();
  // Bob goes on meanwhile: Ann catches up with it when she is back.
  await typeInto(b.page, 'b2', ' and Bob’s');
  await saved(b.page);
  await screenshot(a.page, 'co-editing-offline');
  await a.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(a.page, 'co-editing-offline-phone');
  await a.page.setViewportSize(VIEWPORT);
  expect(await status(a).textContent()).not.toBe('All changes saved');
  expect(await storedWords(server, botId, 'b1')).toBe('Hello');

  await a.page.waitForTimeout(Math.max(0, 20_000 - (Date.now() - wentOffline)));
  await a.context.setOffline(false);
  // No key pressed: the pending save lands by itself.
  await saved(a.page);
  await eventually(() => storedWords(server, botId, 'b1'), 'Hello written offline');
  await blockShows(b, 'b1', 'Hello written offline');
  await blockShows(a, 'b2', 'Second words and Bob’s');
  await screenshot(a.page, 'co-editing-back-online');
  await a.page.setViewportSize({ width: 390, height: 844 });
  await screenshot(a.page, 'co-editing-back-online-phone');
  await a.context.close();
  await b.context.close();
});

test('a live stream that dies silently is noticed by its heartbeat, and the editor catches up with what was saved meanwhile', async () => {
  const botId = await sharedBot(server, 'Silent stream');
  proxy = await startStallingProxy(server.url);
  const { browser } = suite.current();
  const a = await signIn(browser, proxy.url, 'ann', server);
  await openFlow(a, proxy.url, server, botId);
  await eventually(async () => proxy!.openStreams() > 0, true);

  // The server still writes; nothing reaches Ann any more, and her connection stays open.
  expect(proxy.stallStreams()).toBeGreaterThan(0);
  const patched = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: { bot: { groups: [group('g1', [textBubble('b1', 'Saved while the stream was silent')], 'Welcome')] } },
  });
  expect(patched.status).toBe(200);

  await blockShows(a, 'b1', 'Saved while the stream was silent', 15_000);
  // And the stream opened again carries the next save at once.
  const again = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: server.adminToken,
    json: { bot: { groups: [group('g1', [textBubble('b1', 'And after it')], 'Welcome')] } },
  });
  expect(again.status).toBe(200);
  await blockShows(a, 'b1', 'And after it', 5_000);
  await a.context.close();
});
