import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../helpers/browser';
import { startTestServer, type TestServer } from '../helpers/test-server';

// GraphiQL works with no way out: every request to another host is refused,
// and the editor still comes up and runs a query with a bearer token.

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ graphiql: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('GraphiQL loads and answers a query offline', async () => {
  const page = await (await browser.newContext()).newPage();
  const outside: string[] = [];
  const own = new URL(server.url).host;
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol.startsWith('http') && url.host !== own) {
      outside.push(url.href);
      return route.abort();
    }
    return route.continue();
  });
  await page.goto(`${server.url}/graphql`);
  await page.locator('.graphiql-container').first().waitFor({ timeout: 20_000 });
  await screenshot(page, 'graphiql-offline');
  const answer = await page.evaluate(async (token) => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: '{ workspaces { id } }' }),
    });
    return response.json();
  }, server.adminToken);
  expect(answer.data.workspaces).toEqual([{ id: server.adminWorkspaceId }]);
  expect(outside).toEqual([]);
});
