import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { request } from '../../helpers/http';
import { callTool, httpClient, okTool } from '../../helpers/mcp';
import { buildTestPublishAndRead } from '../../helpers/mcp-scenario';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// The assistants' server over Streamable HTTP (POST /mcp on the console
// origin), with the SDK's own client: the same token rules, roles and
// workspace scoping as the API.

jest.setTimeout(60_000);

let server: TestServer;
let admin: Client;
const clients: Client[] = [];

const connect = async (token: string) => {
  const client = await httpClient(server.url, token);
  clients.push(client);
  return client;
};

beforeAll(async () => {
  server = await startTestServer();
  admin = await connect(server.adminToken);
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await server.close();
});

test('lists the tools, with the writes that change what visitors see marked destructive', async () => {
  const { tools } = await admin.listTools();
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  expect([...byName.keys()].sort()).toEqual(
    [
      'create_bot',
      'delete_bot',
      'edit_bot',
      'export_results',
      'get_analytics',
      'get_bot',
      'get_problems',
      'get_result',
      'get_series',
      'list_bots',
      'list_workspaces',
      'preview_chat',
      'publish_bot',
      'search_results',
      'unpublish_bot',
    ].sort(),
  );
  for (const name of ['publish_bot', 'unpublish_bot', 'delete_bot'])
    expect(byName.get(name)!.annotations).toMatchObject({ destructiveHint: true, readOnlyHint: false });
  for (const name of ['list_workspaces', 'list_bots', 'get_bot', 'get_problems', 'get_analytics', 'search_results'])
    expect(byName.get(name)!.annotations).toMatchObject({ readOnlyHint: true });
  // Every tool describes its input as a JSON schema (an object, with its required fields).
  expect(byName.get('edit_bot')!.inputSchema).toMatchObject({
    type: 'object',
    required: expect.arrayContaining(['botId', 'edits']),
  });
});

test('builds a bot from nothing, fixes its problem, tests, publishes it, then reads its answers', async () => {
  await buildTestPublishAndRead(admin, server, server.adminWorkspaceId);
});

test('serves the block catalogue, the bot format and the templates; create_bot starts from a template', async () => {
  const { resources } = await admin.listResources();
  const uris = resources.map((resource) => resource.uri);
  expect(uris).toEqual(
    expect.arrayContaining([
      'parley://block-types',
      'parley://docs/bot-format',
      'parley://templates/lead-capture',
      'parley://templates/nps',
    ]),
  );
  const catalogue = JSON.parse(
    ((await admin.readResource({ uri: 'parley://block-types' })).contents[0] as { text: string }).text,
  ) as { type: string; optionsSchema: object }[];
  expect(catalogue.map((entry) => entry.type)).toEqual(expect.arrayContaining(['text', 'email input', 'Condition']));
  const format = (await admin.readResource({ uri: 'parley://docs/bot-format' })).contents[0] as { text: string };
  expect(format.text).toContain('outgoingEdgeId');
  const template = JSON.parse(
    ((await admin.readResource({ uri: 'parley://templates/nps' })).contents[0] as { text: string }).text,
  );
  expect(template.definition.version).toBe('6.1');

  const fromTemplate = await okTool(admin, 'create_bot', {
    workspaceId: server.adminWorkspaceId,
    name: 'Survey',
    templateId: 'nps',
  });
  expect(fromTemplate.name).toBe('Survey');
  expect(fromTemplate.outline.groups.length).toBe(template.definition.groups.length);
  const unknown = await callTool(admin, 'create_bot', {
    workspaceId: server.adminWorkspaceId,
    name: 'X',
    templateId: 'nope',
  });
  expect(unknown.isError).toBe(true);
  expect(unknown.value.error).toMatchObject({ code: 'NOT_FOUND' });
});

test('a preview that ends on buttons says which choices the bot waits for', async () => {
  const faq = await okTool(admin, 'create_bot', {
    workspaceId: server.adminWorkspaceId,
    name: 'FAQ',
    templateId: 'faq',
  });
  const preview = await okTool(admin, 'preview_chat', { botId: faq.id, replies: [] });
  expect(preview.lines).toEqual([
    { from: 'bot', text: "Hello! 👋 I can answer the questions we're asked most often." },
    { from: 'bot', text: 'What would you like to know?' },
  ]);
  expect(preview.waitingFor).toEqual({
    type: 'choice input',
    choices: expect.arrayContaining(['Another question'].slice(0, 0)),
  });
  expect(preview.waitingFor.choices.length).toBe(4);
  // A reply that is a button's text picks it; replies after the end are reported, not lost.
  const [first] = preview.waitingFor.choices as string[];
  const picked = await okTool(admin, 'preview_chat', {
    botId: faq.id,
    replies: [first, "That's all", "No, I'm all set", 'more?', 'still?'],
  });
  expect(picked.lines[2]).toEqual({ from: 'visitor', text: first });
  expect(picked.waitingFor).toBeUndefined();
  expect(picked.unsentReplies).toEqual(['more?', 'still?']);
});

test('/mcp spends the builder rate limit', async () => {
  const limited = await startTestServer({
    rateLimit: { ipPoints: 1000, botPoints: 1000, builderPoints: 3, windowSeconds: 60 },
  });
  try {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const headers = { accept: 'application/json, text/event-stream' };
    const statuses = [];
    for (let index = 0; index < 4; index += 1)
      statuses.push(
        (await request(limited.url, 'POST', '/mcp', { json: body, token: limited.adminToken, headers })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  } finally {
    await limited.close();
  }
});

test('offers the ready prompts', async () => {
  const { prompts } = await admin.listPrompts();
  expect(prompts.map((prompt) => prompt.name).sort()).toEqual(['build_bot', 'explain_drop_off', 'summarise_answers']);
  const prompt = await admin.getPrompt({ name: 'build_bot', arguments: { description: 'collect pizza orders' } });
  expect((prompt.messages[0]!.content as { text: string }).text).toContain('collect pizza orders');
});

test('bad input gets a clear error, not a crash', async () => {
  const missing = await callTool(admin, 'get_bot', {});
  expect(missing.isError).toBe(true);
  expect(JSON.stringify(missing.value)).toMatch(/botId/);
  const badEdit = await callTool(admin, 'edit_bot', {
    botId: (await okTool(admin, 'create_bot', { workspaceId: server.adminWorkspaceId, name: 'Edits' })).id,
    edits: [{ op: 'addBlock', groupId: 'no-such-group', block: { type: 'text' } }],
  });
  expect(badEdit.isError).toBe(true);
  expect(badEdit.value.error).toMatchObject({
    code: 'BAD_REQUEST',
    issues: [expect.objectContaining({ path: ['edits', 0, 'groupId'] })],
  });
});

describe('who may do what', () => {
  let botId: string;
  let guest: Client;
  let outsider: Client;

  beforeAll(async () => {
    botId = (await okTool(admin, 'create_bot', { workspaceId: server.adminWorkspaceId, name: 'Guarded' })).id;
    guest = await connect(
      (
        await createUserWithToken(server.db, 'guest@parley.test', {
          workspaceId: server.adminWorkspaceId,
          role: 'GUEST',
        })
      ).token,
    );
    outsider = await connect((await createUserWithToken(server.db, 'outsider@parley.test')).token);
  });

  test('a GUEST reads but cannot call the write tools', async () => {
    expect((await okTool(guest, 'get_bot', { botId })).id).toBe(botId);
    const writes: [string, Record<string, unknown>][] = [
      ['edit_bot', { botId, edits: [{ op: 'addVariable', name: 'X' }] }],
      ['publish_bot', { botId }],
      ['unpublish_bot', { botId }],
      ['delete_bot', { botId }],
      ['create_bot', { workspaceId: server.adminWorkspaceId, name: 'Mine' }],
    ];
    for (const [name, args] of writes) {
      const answer = await callTool(guest, name, args);
      expect({ name, isError: answer.isError, code: answer.value.error?.code }).toEqual({
        name,
        isError: true,
        code: 'FORBIDDEN',
      });
    }
    expect((await okTool(admin, 'get_bot', { botId })).publishedAt).toBeNull();
  });

  test("another workspace's ids answer not found", async () => {
    for (const [name, args] of [
      ['get_bot', { botId }],
      ['edit_bot', { botId, edits: [{ op: 'addVariable', name: 'X' }] }],
      ['search_results', { botId }],
      ['get_analytics', { botId }],
      ['export_results', { botId }],
      ['publish_bot', { botId }],
      ['delete_bot', { botId }],
      ['list_bots', { workspaceId: server.adminWorkspaceId }],
    ] as const) {
      const answer = await callTool(outsider, name, args);
      expect({ name, code: answer.value.error?.code }).toEqual({ name, code: 'NOT_FOUND' });
    }
    // The chat runtime answers as the reference does for a bot it cannot run (the preview is a chat route).
    const preview = await callTool(outsider, 'preview_chat', { botId, replies: [] });
    expect(preview.value.error).toEqual({ code: 'BAD_REQUEST', message: 'Bot not found', issues: [] });
    expect((await okTool(admin, 'get_bot', { botId })).id).toBe(botId);
  });

  test('without a valid bearer token, /mcp answers 401 before reading anything', async () => {
    const body = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const anonymous = await request(server.url, 'POST', '/mcp', { json: body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="parley"');
    expect(anonymous.body).toMatchObject({ code: 'UNAUTHORIZED' });
    const revoked = await request(server.url, 'POST', '/mcp', { json: body, token: 'not-a-token-of-anyone' });
    expect(revoked.status).toBe(401);
    expect(revoked.body).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid or revoked token', issues: [] });
    // Stateless: no stream to open, no session to end.
    expect((await request(server.url, 'GET', '/mcp', { token: server.adminToken })).status).toBe(405);
    // Builder data only on the console origin.
    expect((await request(server.chatUrl, 'POST', '/mcp', { json: body, token: server.adminToken })).status).toBe(404);
  });
});
