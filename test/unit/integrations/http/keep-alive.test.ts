import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOutboundClient } from '../../../../src/integrations/http/client';
import { OutboundRefused, parseAllowList } from '../../../../src/integrations/http/guard';

// Keep-alive connections of the outbound client (the messaging providers'):
// one connection for a series of requests, the guard still deciding each one.

let server: http.Server;
let url: string;
let connections = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end(JSON.stringify({ path: req.url })));
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (connections = 0));

const get = (client: ReturnType<typeof createOutboundClient>, path: string) =>
  client.request({ url: `${url}${path}`, method: 'GET', headers: {} });

test('with keep-alive, requests one after another share one connection', async () => {
  const client = createOutboundClient({ allow: parseAllowList('127.0.0.1'), keepAlive: true });
  for (const path of ['/a', '/b', '/c']) expect(JSON.parse((await get(client, path)).body)).toEqual({ path });
  expect(connections).toBe(1);
});

test('without it (bots’ requests), each request opens its own', async () => {
  const client = createOutboundClient({ allow: parseAllowList('127.0.0.1') });
  for (const path of ['/a', '/b', '/c']) await get(client, path);
  expect(connections).toBe(3);
});

test('a keep-alive client still refuses an address its allow-list does not name', async () => {
  const client = createOutboundClient({ keepAlive: true });
  await expect(get(client, '/a')).rejects.toBeInstanceOf(OutboundRefused);
  expect(connections).toBe(0);
});
