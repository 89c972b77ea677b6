import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// /app serves the console's shell for every path under it, and its built
// files (content-hashed ES modules) with a year of caching.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('every path under /app answers the same shell, with a Content-Security-Policy that keeps scripts to this server', async () => {
  const shells = await Promise.all(
    ['/app', '/app/sign-in', '/app/w/some-workspace/bots/some-bot/results'].map((path) =>
      request(server.url, 'GET', path),
    ),
  );
  for (const shell of shells) {
    expect(shell.status).toBe(200);
    expect(shell.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shell.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(shell.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(shell.body).toBe(shells[0]!.body);
  }
  expect(shells[0]!.body).toMatch(/<script type="module" src="\/app\/assets\/console-[\w-]+\.js"><\/script>/);
  expect(shells[0]!.body).toMatch(/<link rel="stylesheet" href="\/app\/assets\/console-[\w-]+\.css">/);
});

test('the entry script and style sheet are served compressed and cached for a year; an unknown asset is a 404', async () => {
  const shell = await request(server.url, 'GET', '/app');
  const script = /src="(\/app\/assets\/[^"]+)"/.exec(shell.body)![1]!;
  const style = /href="(\/app\/assets\/[^"]+)"/.exec(shell.body)![1]!;
  for (const [path, type] of [
    [script, 'application/javascript; charset=utf-8'],
    [style, 'text/css; charset=utf-8'],
  ] as const) {
    const response = await fetch(server.url + path, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect((await response.text()).length).toBeGreaterThan(1000);
  }
  const missing = await request(server.url, 'GET', '/app/assets/console-nope.js');
  expect(missing.status).toBe(404);
  expect(missing.body).toEqual({ code: 'NOT_FOUND', message: expect.any(String), issues: [] });
});
