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
      'get_conversation',
      'get_problems',
      'get_result',
      'get_series',
      'list_bots',
      'list_waiting_conversations',
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
  ) as { types: { type: string }[] };
  expect(catalogue.types.map((entry) => entry.type)).toEqual(
    expect.arrayContaining(['text', 'email input', 'Condition']),
  );
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

describe('words for assistants', () => {
  const paragraph = (text: string) => ({ richText: [{ type: 'p', children: [{ text }] }] });
  const text = async (uri: string) => ((await admin.readResource({ uri })).contents[0] as { text: string }).text;
  const newBot = async (name: string) =>
    okTool(admin, 'create_bot', { workspaceId: server.adminWorkspaceId, name }) as Promise<{
      id: string;
      draftVersion: number;
      outline: { start: { eventId: string } };
    }>;

  test('an unknown block type says which types it may have meant and where they are listed, not a GraphQL query', async () => {
    const bot = await newBot('Typos');
    const typo = await callTool(admin, 'edit_bot', {
      botId: bot.id,
      edits: [
        { op: 'addGroup', id: 'g', blocks: [{ type: 'text' }, { type: 'Webook' }] },
        { op: 'addBlock', groupId: 'g', block: { type: 'email imput' } },
      ],
    });
    expect(typo.isError).toBe(true);
    expect(typo.value.error).toMatchObject({ code: 'BAD_REQUEST' });
    const issues = typo.value.error.issues as { path: unknown[]; message: string }[];
    expect(issues.map((issue) => issue.path)).toEqual([
      ['edits', 0, 'blocks', 1, 'type'],
      ['edits', 1, 'block', 'type'],
    ]);
    expect(issues[0]!.message).toBe(
      'unknown block type "Webook": did you mean "Webhook" (HTTP request) or "webhook" (Wait for webhook)? Every type, with the URI of its options: parley://block-types',
    );
    expect(issues[1]!.message).toContain('did you mean "email input" (E-mail input)?');
    expect(JSON.stringify(typo.value)).not.toMatch(/graphql|query/i);
    // Nothing was saved.
    expect((await okTool(admin, 'get_bot', { botId: bot.id })).draftVersion).toBe(bot.draftVersion);

    // A type's own resource answers the same for a type that does not exist.
    await expect(admin.readResource({ uri: 'parley://block-types/Webook' })).rejects.toThrow(
      /unknown block type "Webook": did you mean "Webhook" \(HTTP request\).*parley:\/\/block-types/,
    );
  });

  test('parley://block-types is a small index; every type has a resource of its own with its schemas', async () => {
    const index = await text('parley://block-types');
    expect(index.length).toBeLessThan(12_000);
    const { types } = JSON.parse(index) as { types: { type: string; label: string; category: string; uri: string }[] };
    const listed = await request(server.url, 'POST', '/graphql', {
      json: { query: '{ blockTypes { type label category optionsSchema } }' },
      token: server.adminToken,
    });
    const catalogue = listed.body.data.blockTypes as { type: string; label: string; optionsSchema: unknown }[];
    expect(types.map((entry) => entry.type)).toEqual(catalogue.map((entry) => entry.type));
    for (const entry of types) expect(entry.uri).toBe(`parley://block-types/${encodeURIComponent(entry.type)}`);
    for (const [position, entry] of types.entries()) {
      const one = JSON.parse(await text(entry.uri));
      expect(one).toMatchObject({ type: entry.type, label: entry.label, category: entry.category });
      expect(one.optionsSchema).toEqual(catalogue[position]!.optionsSchema);
    }
    const { resourceTemplates } = await admin.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toContain('parley://block-types/{type}');
    // A type that shares its letters with another says so.
    expect(JSON.parse(await text('parley://block-types/webhook')).notToBeConfusedWith).toEqual([
      { type: 'Webhook', label: 'HTTP request', uri: 'parley://block-types/Webhook' },
    ]);
  });

  test("edit_bot's schema tells apart the block types that differ only by case, by their labels", async () => {
    const { tools } = await admin.listTools();
    const schema = tools.find((tool) => tool.name === 'edit_bot')!.inputSchema;
    const typeEnums: { enum: string[]; description?: string }[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        if (Array.isArray(record.enum) && record.enum.includes('Webhook'))
          typeEnums.push(record as { enum: string[]; description?: string });
        Object.values(record).forEach(walk);
      }
    };
    walk(schema);
    // addGroup's blocks and addBlock's block.
    expect(typeEnums).toHaveLength(2);
    for (const { enum: values, description } of typeEnums) {
      expect(values).toEqual(expect.arrayContaining(['webhook', 'Webhook', 'openai', 'OpenAI', 'text input']));
      expect(description).toContain('"webhook" is Wait for webhook, "Webhook" is HTTP request');
      expect(description).toContain('"OpenAI" is OpenAI (legacy), "openai" is OpenAI');
    }
    // The rest of the edit list's schema is as the API's.
    expect(schema.properties!.edits).toMatchObject({ type: 'array', minItems: 1, items: { oneOf: expect.any(Array) } });
  });

  test('get_bot shows what each condition tests and where "otherwise" goes', async () => {
    const bot = await newBot('Scores');
    const comparison = (variableId: string, comparisonOperator: string, value?: string) => ({
      variableId,
      comparisonOperator,
      ...(value === undefined ? {} : { value }),
    });
    await okTool(admin, 'edit_bot', {
      botId: bot.id,
      edits: [
        { op: 'addVariable', id: 'v_score', name: 'Score' },
        { op: 'addVariable', id: 'v_name', name: 'Name' },
        {
          op: 'addGroup',
          id: 'ask',
          title: 'Ask',
          blocks: [
            { id: 'score', type: 'number input', options: { variableId: 'v_score' } },
            {
              id: 'check',
              type: 'Condition',
              items: [
                {
                  id: 'high',
                  content: {
                    logicalOperator: 'AND',
                    comparisons: [comparison('v_score', 'Greater than', '8'), comparison('v_name', 'Is set')],
                  },
                },
                {
                  id: 'zero',
                  content: { logicalOperator: 'OR', comparisons: [comparison('v_score', 'Equal to', '0')] },
                },
              ],
            },
            {
              id: 'check-again',
              type: 'Condition',
              items: [{ id: 'low', content: { comparisons: [comparison('v_score', 'Less than', '3')] } }],
            },
            { id: 'after', type: 'text', content: paragraph('Thanks') },
          ],
        },
        { op: 'addGroup', id: 'promoters', title: 'Promoters', blocks: [{ type: 'text', content: paragraph(':)') }] },
        { op: 'addGroup', id: 'others', title: 'Others', blocks: [{ type: 'text', content: paragraph(':|') }] },
        { op: 'connect', from: { blockId: 'check', itemId: 'high' }, to: { groupId: 'promoters' } },
        { op: 'connect', from: { blockId: 'check' }, to: { groupId: 'others' } },
      ],
    });
    const outline = (await okTool(admin, 'get_bot', { botId: bot.id })).outline;
    const [check, checkAgain] = outline.groups[0].blocks.slice(1, 3);
    expect(check).toEqual({
      id: 'check',
      type: 'Condition',
      label: 'Condition',
      summary: 'Condition: {{Score}} Greater than 8 AND {{Name}} Is set | {{Score}} Equal to 0',
      items: [
        {
          id: 'high',
          summary: '{{Score}} Greater than 8 AND {{Name}} Is set',
          condition: {
            logicalOperator: 'AND',
            comparisons: [
              { variable: 'Score', variableId: 'v_score', operator: 'Greater than', value: '8' },
              { variable: 'Name', variableId: 'v_name', operator: 'Is set' },
            ],
          },
          next: { groupId: 'promoters', group: 'Promoters' },
        },
        {
          id: 'zero',
          summary: '{{Score}} Equal to 0',
          condition: {
            logicalOperator: 'OR',
            comparisons: [{ variable: 'Score', variableId: 'v_score', operator: 'Equal to', value: '0' }],
          },
        },
      ],
      otherwise: { groupId: 'others', group: 'Others' },
    });
    // Without an edge of its own, a condition that holds for no item goes on to the next block.
    expect(checkAgain.otherwise).toEqual({ groupId: 'ask', group: 'Ask', blockId: 'after' });
    expect(checkAgain.next).toBeUndefined();
  });

  test('every link of the bot format is a resource the assistant can read', async () => {
    const seen = new Set<string>();
    const follow = async (uri: string): Promise<void> => {
      if (seen.has(uri)) return;
      seen.add(uri);
      const page = await text(uri);
      const links = [...page.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
      for (const link of links.filter((target) => !target.startsWith('#'))) {
        expect({ in: uri, link }).toEqual({ in: uri, link: expect.stringMatching(/^parley:\/\//) });
        await follow(link);
      }
    };
    await follow('parley://docs/bot-format');
    expect([...seen]).toEqual(['parley://docs/bot-format', 'parley://docs/engine-behaviour']);
    const { resources } = await admin.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(expect.arrayContaining([...seen]));
  });

  test('edit_bot says that problems in options are saved and answered, not refused; they are', async () => {
    const { tools } = await admin.listTools();
    const description = tools.find((tool) => tool.name === 'edit_bot')!.description!;
    expect(description).toContain('Options, content and items are not refused');
    expect(description).toContain('saved as written and answered in "problems"');

    const bot = await newBot('Loose options');
    const edited = await okTool(admin, 'edit_bot', {
      botId: bot.id,
      expectedVersion: bot.draftVersion,
      edits: [{ op: 'addGroup', blocks: [{ id: 'ask', type: 'text input', options: { isLong: 'yes' } }] }],
    });
    expect(edited.draftVersion).toBe(bot.draftVersion + 1);
    expect(edited.problems).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'INVALID_OPTIONS', blockId: 'ask' })]),
    );
  });

  test('a version conflict says to read the bot again with get_bot, and nothing about overwriting', async () => {
    const bot = await newBot('Raced');
    await okTool(admin, 'edit_bot', { botId: bot.id, edits: [{ op: 'addVariable', name: 'First' }] });
    const stale = await callTool(admin, 'edit_bot', {
      botId: bot.id,
      expectedVersion: bot.draftVersion,
      edits: [{ op: 'addVariable', name: 'Second' }],
    });
    expect(stale.value.error).toEqual({
      code: 'CONFLICT',
      message: `This bot was changed since version ${bot.draftVersion}, by another edit or person: nothing of this edit list was saved. Read it again with get_bot, then send edits that fit its draft, with its draftVersion as expectedVersion.`,
      issues: [{ message: `the current version is ${bot.draftVersion + 1}`, path: ['expectedVersion'] }],
    });
    expect(stale.value.error.message).not.toMatch(/overwrite/i);
  });

  test('the replies a date input and buttons take are documented, and a preview takes them so', async () => {
    const { tools } = await admin.listTools();
    const description = tools.find((tool) => tool.name === 'preview_chat')!.description!;
    for (const words of ['"2024-01-31"', '"31/01/2024"', '"tomorrow"', '"2024-01-31 to 2024-02-03"', 'case-sensitive'])
      expect(description).toContain(words);
    expect(JSON.parse(await text('parley://block-types/date%20input')).replies).toContain('"31/01/2024"');
    expect(JSON.parse(await text('parley://block-types/choice%20input')).replies).toContain('case-sensitive');

    const bot = await newBot('Booking');
    await okTool(admin, 'edit_bot', {
      botId: bot.id,
      edits: [
        { op: 'addVariable', id: 'v_day', name: 'Day' },
        { op: 'addVariable', id: 'v_stay', name: 'Stay' },
        {
          op: 'addGroup',
          id: 'g',
          blocks: [
            { id: 'sure', type: 'choice input', items: [{ content: 'Yes' }, { content: 'No' }] },
            { id: 'day', type: 'date input', options: { variableId: 'v_day' } },
            { type: 'text', content: paragraph('On {{Day}}') },
            { id: 'stay', type: 'date input', options: { variableId: 'v_stay', isRange: true } },
            { type: 'text', content: paragraph('From {{Stay}}') },
          ],
        },
        { op: 'connect', from: { eventId: bot.outline.start.eventId }, to: { groupId: 'g' } },
      ],
    });
    const said = async (replies: string[]) =>
      ((await okTool(admin, 'preview_chat', { botId: bot.id, replies })).lines as { from: string; text: string }[])
        .filter((line) => line.from === 'bot')
        .map((line) => line.text);
    // "yes" is not the button "Yes": the bot asks again, and waits.
    const lower = await okTool(admin, 'preview_chat', { botId: bot.id, replies: ['yes'] });
    expect(lower.waitingFor).toMatchObject({ type: 'choice input', choices: ['Yes', 'No'] });
    for (const day of ['2024-01-31', '31/01/2024', '31 January 2024'])
      expect(await said(['Yes', day, '2024-01-31 to 2024-02-03'])).toEqual([
        'On 31/01/2024',
        'From 31/01/2024 to 03/02/2024',
      ]);
    expect((await said(['Yes', 'tomorrow']))[0]).toMatch(/^On \d\d\/\d\d\/\d{4}$/);
  });
});
