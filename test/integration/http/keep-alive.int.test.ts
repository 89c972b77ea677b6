import { startTestServer, type TestServer } from '../../helpers/test-server';

// An idle connection stays open longer than the proxies in front of us keep
// theirs (60 s), and the Keep-Alive hint tells clients so: with Node's 5 s, a
// request sent on a connection the server was closing failed.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test.each([
  ['console', () => server.url],
  ['chat', () => server.chatUrl],
])('the %s surface keeps idle connections 65 s and says so', async (_surface, urlOf) => {
  const response = await fetch(`${urlOf()}/health`);
  expect(response.status).toBe(200);
  expect(response.headers.get('connection')).toBe('keep-alive');
  expect(response.headers.get('keep-alive')).toBe('timeout=65');
});
