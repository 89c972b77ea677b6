import { starterTheme } from '../../../src/engine/shapes/templates/theme';
import { request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// A draft's problems, as the console and API clients read them, name a
// `{{mention}}` of a variable the bot does not have, on its block; fixing the
// mention clears it, and as a warning it does not stop a publish.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const say = (id: string, text: string) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
});

function draft(greeting: string) {
  return {
    version: '6',
    name: 'Greeter',
    events: [{ id: 'start', type: 'start', outgoingEdgeId: 'start-edge', graphCoordinates: { x: 0, y: 0 } }],
    edges: [{ id: 'start-edge', from: { eventId: 'start' }, to: { groupId: 'g1' } }],
    groups: [
      {
        id: 'g1',
        title: 'Welcome',
        graphCoordinates: { x: 0, y: 0 },
        blocks: [{ id: 'ask', type: 'text input', options: { variableId: 'v-name' } }, say('hi', greeting)],
      },
    ],
    variables: [{ id: 'v-name', name: 'name' }],
    theme: starterTheme(),
    settings: {},
  };
}

test('an unknown mention is a warning on its block, over REST and GraphQL, until the text names the variable', async () => {
  const user = await createUserWithToken(server.db, `unknown-variable-${Date.now()}@parley.test`);
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: user.token,
    json: { workspaceId: user.personalWorkspaceId, bot: draft('Nice to meet you, {{nmae}}!') },
  });
  expect(created.status).toBe(200);
  const botId: string = created.body.bot.id;

  const rest = await request(server.url, 'GET', `/v1/bots/${botId}/problems`, { token: user.token });
  expect(rest.status).toBe(200);
  expect(rest.body.problems).toEqual([
    {
      severity: 'warning',
      code: 'UNKNOWN_VARIABLE',
      message: '{{nmae}} names no variable: it shows nothing',
      groupId: 'g1',
      blockId: 'hi',
      path: ['groups', 0, 'blocks', 1, 'content', 'richText', 0, 'children', 0, 'text'],
    },
  ]);
  const graphql = await request(server.url, 'POST', '/graphql', {
    token: user.token,
    json: { query: `{ bot(botId: "${botId}") { problems { severity code blockId } } }` },
  });
  expect(graphql.body).toEqual({
    data: { bot: { problems: [{ severity: 'warning', code: 'UNKNOWN_VARIABLE', blockId: 'hi' }] } },
  });

  const published = await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token: user.token });
  expect(published.status).toBe(200);

  const fixed = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: user.token,
    json: { bot: { groups: draft('Nice to meet you, {{name}}!').groups } },
  });
  expect(fixed.status).toBe(200);
  const after = await request(server.url, 'GET', `/v1/bots/${botId}/problems`, { token: user.token });
  expect(after.body.problems).toEqual([]);
});

test('a save that renames a variable and sends only the flow renames its mentions in the stored theme and settings too', async () => {
  const user = await createUserWithToken(server.db, `rename-follow-${Date.now()}@parley.test`);
  const bot = {
    ...draft('Nice to meet you, {{name}}!'),
    theme: { customCss: '/* {{name}} */ .host { color: red }' },
    settings: { metadata: { title: 'Chat with {{name}}', description: 'For {{other}}' } },
  };
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: user.token,
    json: { workspaceId: user.personalWorkspaceId, bot },
  });
  expect(created.status).toBe(200);
  const botId: string = created.body.bot.id;

  // What the flow editor saves: its groups (mentions renamed) and the variables; no theme, no settings.
  const renamed = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: user.token,
    json: {
      bot: {
        groups: draft('Nice to meet you, {{firstName}}!').groups,
        variables: [{ id: 'v-name', name: 'firstName' }],
      },
    },
  });
  expect(renamed.status).toBe(200);
  const stored = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: user.token });
  expect(stored.body.bot.theme.customCss).toBe('/* {{firstName}} */ .host { color: red }');
  expect(stored.body.bot.settings.metadata).toEqual({ title: 'Chat with {{firstName}}', description: 'For {{other}}' });

  // A save that sends the theme itself is taken as written.
  const themed = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
    token: user.token,
    json: { bot: { variables: [{ id: 'v-name', name: 'who' }], theme: { customCss: '{{firstName}}' } } },
  });
  expect(themed.status).toBe(200);
  const after = await request(server.url, 'GET', `/v1/bots/${botId}`, { token: user.token });
  expect(after.body.bot.theme.customCss).toBe('{{firstName}}');
  expect(after.body.bot.settings.metadata.title).toBe('Chat with {{who}}');
});
