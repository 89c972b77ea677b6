import { startTestServer, type TestServer } from '../../helpers/test-server';

// GraphiQL is served whole from the server (the npm package's bundle): an
// offline or locked-down deployment still gets a working page.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ graphiql: true });
});
afterAll(() => server.close());

test('GET /graphql in a browser answers GraphiQL without loading anything from another host', async () => {
  const response = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  // (Booleans and short lists only: the page inlines megabytes of script.)
  expect(html.includes('<div id="root"')).toBe(true);
  // Every <script src> and <link href> of the page: none points to another host (the icon is a data: URL).
  const tags = (html.match(/<(script|link)\b[^>]*>/g) ?? []).map((tag) => tag.slice(0, 200));
  expect(tags.filter((tag) => /\b(src|href)="(https?:)?\/\//.test(tag))).toEqual([]);
  expect(tags.filter((tag) => tag.startsWith('<script')).length).toBeGreaterThan(0);
});
