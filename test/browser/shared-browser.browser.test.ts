import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser';

// The browser project starts one Chromium (test/setup/browser-global.ts) and
// every file connects to it, rather than starting one per file.

test("two files' browsers are connections to one Chromium, each closing only what it opened", async () => {
  const browsers: Browser[] = [await launchBrowser(), await launchBrowser()];
  try {
    const marker = `shared-${Date.now()}`;
    const page = await browsers[0]!.newPage();
    await page.goto(`data:text/html,<title>${marker}</title>`);
    // Chromium's own list of its pages, asked through the other connection.
    const session = await browsers[1]!.newBrowserCDPSession();
    const titles = async () =>
      ((await session.send('Target.getTargets')) as { targetInfos: { title: string }[] }).targetInfos.map(
        (target) => target.title,
      );
    expect(await titles()).toContain(marker);

    // Closing a connection closes the pages it opened, not the browser.
    // The server closes them once it sees the connection go, shortly after close() returns.
    await browsers[0]!.close();
    const deadline = Date.now() + 10_000;
    while ((await titles()).includes(marker) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await titles()).not.toContain(marker);
    await session.detach();
    const other = await browsers[1]!.newPage();
    await other.goto('data:text/html,<title>still here</title>');
    expect(await other.title()).toBe('still here');
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
  }
});
