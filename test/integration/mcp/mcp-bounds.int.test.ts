import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createBot, group, textBubble, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { callTool, httpClient, okTool } from '../../helpers/mcp';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// What one token may make /mcp do at once (docs/mcp.md#bounds): one message
// per request, so every tool call counts against the builder rate limit, and
// a few requests in progress per token.

jest.setTimeout(60_000);

let server: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer({ outboundAllow: '127.0.0.1', mcpConcurrency: 2 });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server.close();
});

const connect = async (token = server.adminToken) => {
  const client = await httpClient(server.url, token);
  clients.push(client);
  return client;
};

const mcpPost = (body: unknown) =>
  request(server.url, 'POST', '/mcp', {
    token: server.adminToken,
    json: body,
    headers: { accept: 'application/json, text/event-stream' },
  });

const createCall = (id: number, name: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'create_bot', arguments: { workspaceId: server.adminWorkspaceId, name } },
});

test('a JSON-RPC batch is refused whole, before any of its calls runs', async () => {
  const before = await server.db.bot.count();
  const batch = await mcpPost([createCall(1, 'Batched one'), createCall(2, 'Batched two')]);
  expect(batch.status).toBe(400);
  expect(batch.body).toEqual({
    jsonrpc: '2.0',
    id: null,
    error: {
      code: -32600,
      message: 'Batches are not accepted: send one JSON-RPC message per request (MCP since 2025-06-18 has no batches)',
    },
  });
  expect(await server.db.bot.count()).toBe(before);
  // One message per request is served as before.
  const single = await mcpPost(createCall(3, 'Single'));
  expect(single.status).toBe(200);
  expect(await server.db.bot.count()).toBe(before + 1);
});

test('a token has at most PARLEY_MCP_CONCURRENCY requests in progress; the next is told why, and served later', async () => {
  // A third-party host that answers only when told: each preview waits on it, holding its request.
  const waiting: http.ServerResponse[] = [];
  let arrived: () => void = () => undefined;
  const bothArrived = new Promise<void>((resolve) => (arrived = resolve));
  const host = http.createServer((_req, res) => {
    waiting.push(res);
    if (waiting.length === 2) arrived();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}/`;
  try {
    const { botId } = await createBot(
      server,
      v6Bot({
        groups: [
          group('g1', [{ id: 'h1', type: 'Webhook', options: { webhook: { url } } }, textBubble('b1', 'Called')]),
        ],
      }),
    );
    const client = await connect();
    const held = [okTool(client, 'preview_chat', { botId }), okTool(client, 'preview_chat', { botId })];
    await bothArrived;
    const third = await mcpPost({ jsonrpc: '2.0', id: 9, method: 'tools/list' });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
    expect(third.body).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message:
        'This token already has 2 requests in progress, the most it may have at once (PARLEY_MCP_CONCURRENCY): send the next when one has answered',
      issues: [],
    });
    // The SDK's client sees the refusal as an error of its call.
    await expect(client.listTools()).rejects.toThrow(/429|TOO_MANY_REQUESTS|in progress/);
    for (const res of waiting) res.end('{}');
    const transcripts = await Promise.all(held);
    expect(transcripts.map((transcript) => transcript.lines)).toEqual([
      [{ from: 'bot', text: 'Called' }],
      [{ from: 'bot', text: 'Called' }],
    ]);
    // Once they answered, the token is served again.
    expect((await callTool(client, 'list_workspaces')).isError).toBe(false);
  } finally {
    for (const res of waiting) if (!res.writableEnded) res.end('{}');
    await new Promise<void>((resolve) => host.close(() => resolve()));
  }
});
