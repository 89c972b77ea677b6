import { starterTheme } from '../../../src/engine/shapes/templates/theme';
import { request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// The flow editor's API: the block catalog, the problems of a draft (GraphQL
// and REST), and publishing refused while the draft has errors.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let counter = 0;
const newUser = () => {
  counter += 1;
  return createUserWithToken(server.db, `block-types-${counter}-${Date.now()}@parley.test`);
};

const graphql = (token: string | undefined, query: string) =>
  request(server.url, 'POST', '/graphql', { ...(token ? { token } : {}), json: { query } });

const say = (id: string, text: string) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
});

/** A v6 bot whose start leads to one group of `blocks`; `extra` overrides any part. */
function draft(blocks: Record<string, unknown>[], extra: Record<string, unknown> = {}) {
  return {
    version: '6',
    name: 'Draft',
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'start-edge', graphCoordinates: { x: 0, y: 0 } }],
    edges: [{ id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    groups: [{ id: 'g1', title: 'Welcome', graphCoordinates: { x: 0, y: 0 }, blocks }],
    variables: [{ id: 'v-name', name: 'Name' }],
    theme: starterTheme(),
    settings: {},
    ...extra,
  };
}

async function importBot(token: string, workspaceId: string, bot: unknown): Promise<string> {
  const response = await request(server.url, 'POST', '/v1/bots', { token, json: { workspaceId, bot } });
  expect(response.status).toBe(200);
  return response.body.bot.id;
}

describe('blockTypes', () => {
  test('lists every block type with its form schema and new block; needs a signed-in caller', async () => {
    const user = await newUser();
    const response = await graphql(
      user.token,
      '{ blockTypes { type category label optionsSchema contentSchema itemSchema defaultBlock } }',
    );
    expect(response.status).toBe(200);
    const types: Record<string, any>[] = response.body.data.blockTypes;
    expect(types.length).toBeGreaterThan(50);
    const byType = new Map(types.map((info) => [info.type, info]));
    expect(byType.get('text input')).toMatchObject({
      category: 'inputs',
      label: 'Text input',
      optionsSchema: {
        type: 'object',
        properties: { variableId: { title: 'Save the answer in', 'x-parley-widget': 'variable', type: 'string' } },
      },
      contentSchema: null,
      defaultBlock: { type: 'text input', options: { labels: { placeholder: 'Type your answer...', button: 'Send' } } },
    });
    expect(byType.get('text')).toMatchObject({
      category: 'bubbles',
      contentSchema: { properties: { richText: { 'x-parley-widget': 'richText' } } },
    });
    expect(byType.get('openai')).toMatchObject({
      category: 'ai',
      label: 'OpenAI',
      optionsSchema: { properties: { credentialsId: { 'x-parley-widget': 'credentials' } } },
    });
    expect(byType.get('Webhook')).toMatchObject({ category: 'integrations', label: 'HTTP request' });
    expect(byType.get('Condition')).toMatchObject({
      itemSchema: {
        properties: {
          content: {
            properties: { comparisons: { items: { properties: { variableId: { 'x-parley-widget': 'variable' } } } } },
          },
        },
      },
      defaultBlock: {
        type: 'Condition',
        items: [{ content: { logicalOperator: 'AND', comparisons: [{ comparisonOperator: 'Equal to', value: '' }] } }],
      },
    });

    const anonymous = await graphql(undefined, '{ blockTypes { type } }');
    expect(anonymous.body.data).toBeNull();
    expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
  });
});

describe('problems of a draft', () => {
  test('bot.problems and GET /v1/bots/{id}/problems list the same problems, errors first', async () => {
    const user = await newUser();
    const botId = await importBot(
      user.token,
      user.personalWorkspaceId,
      draft([
        say('hi', 'Hello'),
        { id: 'ask', type: 'email input' },
        { id: 'wait', type: 'Wait', options: { secondsToWaitFor: true } },
      ]),
    );
    const expected = [
      {
        severity: 'error',
        code: 'INVALID_OPTIONS',
        message: expect.stringContaining('secondsToWaitFor'),
        groupId: 'g1',
        blockId: 'wait',
        path: ['groups', 0, 'blocks', 2, 'options', 'secondsToWaitFor'],
      },
      {
        severity: 'warning',
        code: 'ANSWER_NOT_SAVED',
        message: 'The answer is not saved in a variable',
        groupId: 'g1',
        blockId: 'ask',
        path: ['groups', 0, 'blocks', 1, 'options', 'variableId'],
      },
    ];
    const viaGraphql = await graphql(
      user.token,
      `{ bot(botId: "${botId}") { problems { severity code message groupId blockId path } } }`,
    );
    expect(viaGraphql.body.data.bot.problems).toEqual(expected);

    const viaRest = await request(server.url, 'GET', `/v1/bots/${botId}/problems`, { token: user.token });
    expect(viaRest.status).toBe(200);
    expect(viaRest.body).toEqual({ problems: expected });
  });

  test("an AI block's account of another kind, or of no account of the workspace, is a problem; the catalogue says which kinds each picker takes", async () => {
    const user = await newUser();
    const credentials = async (type: string, name: string, data: unknown) => {
      const created = await request(server.url, 'POST', `/v1/workspaces/${user.personalWorkspaceId}/credentials`, {
        token: user.token,
        json: { type, name, data },
      });
      expect(created.status).toBe(200);
      return created.body.credentials.id as string;
    };
    const telegram = await credentials('telegram', 'Support bot', { botToken: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ' });
    const openai = await credentials('openai', 'Our OpenAI', { apiKey: 'sk-test' });
    const ai = (id: string, credentialsId: string) => ({
      id,
      type: 'openai',
      options: { action: 'Create chat completion', credentialsId },
    });
    const botId = await importBot(
      user.token,
      user.personalWorkspaceId,
      draft([say('hi', 'Hello'), ai('right', openai), ai('wrong', telegram), ai('gone', 'cl-not-here')]),
    );
    const problems = await request(server.url, 'GET', `/v1/bots/${botId}/problems`, { token: user.token });
    expect(
      (problems.body.problems as { code: string; blockId: string; message: string }[])
        .filter((problem) => problem.code.includes('CREDENTIALS'))
        .map(({ code, blockId, message }) => ({ code, blockId, message })),
    ).toEqual([
      {
        code: 'WRONG_CREDENTIALS_KIND',
        blockId: 'wrong',
        message: '"Support bot" is a Telegram connection, not an OpenAI account: this OpenAI block cannot use it',
      },
      {
        code: 'UNKNOWN_CREDENTIALS',
        blockId: 'gone',
        message:
          'This OpenAI block names an account this workspace does not have ("cl-not-here"): it does nothing until you pick an OpenAI account',
      },
    ]);
    const catalogue = await graphql(user.token, '{ blockTypes { type optionsSchema } }');
    const kinds = Object.fromEntries(
      (catalogue.body.data.blockTypes as { type: string; optionsSchema: { properties?: Record<string, any> } }[])
        .filter((entry) => entry.optionsSchema.properties?.credentialsId)
        .map((entry) => [entry.type, entry.optionsSchema.properties!.credentialsId['x-parley-credentials']]),
    );
    expect(kinds).toMatchObject({ openai: ['openai'], anthropic: ['anthropic'], Email: ['smtp'], 'Google Sheets': [] });
    expect(Object.values(kinds).every((value) => Array.isArray(value))).toBe(true);
  });

  test('problems are read by members only', async () => {
    const owner = await newUser();
    const stranger = await newUser();
    const botId = await importBot(owner.token, owner.personalWorkspaceId, draft([say('hi', 'Hello')]));
    expect((await request(server.url, 'GET', `/v1/bots/${botId}/problems`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await request(server.url, 'GET', `/v1/bots/${botId}/problems`)).status).toBe(401);
  });
});

describe('publishing and problems', () => {
  test('a draft with errors is refused: 400 with the errors as issues, nothing published', async () => {
    const user = await newUser();
    const botId = await importBot(
      user.token,
      user.personalWorkspaceId,
      draft([say('hi', 'Hello'), { id: 'jump', type: 'Jump', options: { groupId: 'gone' } }], {
        edges: [
          { id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1' } },
          { id: 'broken', from: { blockId: 'hi' }, to: { groupId: 'deleted' } },
        ],
      }),
    );
    const response = await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token: user.token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'This bot has problems to fix before publishing it',
      issues: [
        {
          message:
            'The connection "broken" from block "hi" leads to group "deleted", which this bot does not have: connect it to a group of the bot or remove it',
          path: ['edges', 1, 'to', 'groupId'],
        },
        { message: 'Jumps to a group that no longer exists', path: ['groups', 0, 'blocks', 1, 'options', 'groupId'] },
      ],
    });
    const read = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: user.token });
    expect(read.body.bot).toMatchObject({ publicId: null, publishedAt: null });
  });

  test('warnings do not stop a publish', async () => {
    const user = await newUser();
    const botId = await importBot(
      user.token,
      user.personalWorkspaceId,
      draft([say('hi', 'Hello {{Name}}'), { id: 'ask', type: 'text input' }]),
    );
    const problems = await request(server.url, 'GET', `/v1/bots/${botId}/problems`, { token: user.token });
    expect(problems.body.problems.map((problem: { code: string }) => problem.code).sort()).toEqual([
      'ANSWER_NOT_SAVED',
      'VARIABLE_NEVER_SET',
    ]);
    const response = await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body.bot.publishedAt).toEqual(expect.any(String));
  });
});
