import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

test('health answers ok once the database is reachable', async () => {
  const response = await request(server.url, 'GET', '/health');
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ status: 'ok' });
});
