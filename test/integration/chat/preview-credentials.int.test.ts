import { group, say, textBubble, textInput, v6Bot, type Json } from '../../helpers/chat';
import { FAKE_API_KEY, startFakeAi, type FakeAi } from '../../helpers/fake-ai';
import { graphql, request } from '../../helpers/http';
import { httpClient, okTool } from '../../helpers/mcp';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Stored credentials are write-only (docs/security.md#previews-and-stored-credentials):
// a stored key goes only to its credentials' base URL, and a preview spends
// the workspace's accounts only when an editor previews the stored draft.
// Two local stand-ins of a provider: the credentials' own, and a server a
// bot author chose; the second must never see the key.

let provider: FakeAi;
let elsewhere: FakeAi;
let server: TestServer;
let credentialsId: string;
let guest: { token: string };
let member: { token: string };

beforeAll(async () => {
  provider = await startFakeAi();
  elsewhere = await startFakeAi();
  server = await startTestServer({ outboundAllow: '127.0.0.1' });
  const created = await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
    token: server.adminToken,
    json: { type: 'openai', name: 'Our key', data: { apiKey: FAKE_API_KEY, baseUrl: provider.base } },
  });
  expect(created.status).toBe(200);
  credentialsId = created.body.credentials.id;
  guest = await createUserWithToken(server.db, 'guest@parley.test', {
    workspaceId: server.adminWorkspaceId,
    role: 'GUEST',
  });
  member = await createUserWithToken(server.db, 'member@parley.test', {
    workspaceId: server.adminWorkspaceId,
    role: 'MEMBER',
  });
});
afterAll(async () => {
  await server.close();
  await provider.close();
  await elsewhere.close();
});
beforeEach(() => {
  provider.hits.length = 0;
  elsewhere.hits.length = 0;
});

/** Asks a question, sends it to the AI block, shows the answer. */
function aiBot(options: Json = {}, answer = 'Answer: {{Answer}}'): Json {
  return v6Bot({
    groups: [
      group('g1', [
        textInput('ask', 'v-question'),
        {
          id: 'ai',
          type: 'openai',
          options: {
            action: 'Create chat completion',
            credentialsId,
            model: 'gpt-test',
            messages: [{ id: 'm1', role: 'user', content: '{{Question}}' }],
            responseMapping: [{ id: 'r1', item: 'Message content', variableId: 'v-answer' }],
            ...options,
          },
        },
        textBubble('show', answer),
        textInput('again'),
      ]),
    ],
    variables: [
      { id: 'v-question', name: 'Question' },
      { id: 'v-answer', name: 'Answer' },
    ],
  });
}

async function newBot(definition: Json): Promise<string> {
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    json: { workspaceId: server.adminWorkspaceId, bot: definition },
  });
  expect(created.status).toBe(200);
  return created.body.bot.id as string;
}

/** Starts a preview (with `bot` in the body when given) and answers its question: the second turn's body. */
async function preview(botId: string, token: string, body: Json = {}): Promise<Json> {
  const started = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, { token, json: body });
  expect(started.status).toBe(200);
  const answered = await say(server, started.body.sessionId, 'Who are you?');
  expect(answered.status).toBe(200);
  return answered.body;
}

const shown = (body: Json) =>
  (body.messages as Json[]).map((message) =>
    (message.content.richText as Json[]).flatMap((line) => (line.children as Json[]).map((leaf) => leaf.text)).join(''),
  );
const errors = (body: Json) => ((body.logs ?? []) as Json[]).filter((log) => log.status === 'error');

const REQUEST_DEFINITION =
  'Stored credentials are not used when a preview runs a definition sent with the request: save it as the draft and preview the draft';
const GUEST =
  "Stored credentials are not used in a guest's preview: only the bot's editors spend the workspace's accounts";
const redirected = (asked: string) =>
  `This block's base URL (${asked}) is not its credentials' (${provider.base}): a stored API key is only sent to ` +
  "its credentials' base URL. Set the base URL on the credentials, or clear it in the block";

describe('a definition sent with a preview never reaches stored credentials', () => {
  test.each([
    ['a GUEST', () => guest.token],
    ['an ADMIN', () => server.adminToken],
  ])(
    '%s previewing a body whose AI block points elsewhere: no request anywhere, the reason logged',
    async (_, token) => {
      const botId = await newBot(aiBot());
      const body = await preview(botId, token(), { bot: aiBot({ baseUrl: elsewhere.base }) });
      expect(elsewhere.hits).toEqual([]);
      expect(provider.hits).toEqual([]);
      expect(errors(body)).toEqual([{ status: 'error', description: REQUEST_DEFINITION }]);
      expect(shown(body)).toEqual(['Answer: ']);
    },
  );
});

describe('a stored key goes only to its credentials’ base URL', () => {
  test('a draft whose block names another base URL: refused in the preview, the live chat and the stream', async () => {
    // The answer alone in the next bubble: a chat that streams asks the client to stream it.
    const botId = await newBot(aiBot({ baseUrl: elsewhere.base }, '{{Answer}}'));
    const previewed = await preview(botId, server.adminToken);
    expect(errors(previewed)).toEqual([{ status: 'error', description: redirected(elsewhere.base) }]);

    const published = await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token: server.adminToken });
    expect(published.status).toBe(200);
    const started = await request(server.url, 'POST', `/v1/bots/${published.body.bot.publicId}/startChat`, {
      json: { isStreamEnabled: true },
    });
    const live = await say(server, started.body.sessionId, 'Who are you?');
    expect(live.body.clientSideActions).toEqual([{ type: 'stream', expectsDedicatedReply: true, stream: true }]);
    const stream = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/streamMessage`, {
      json: {},
    });
    expect(stream.status).toBe(400);
    expect(stream.body).toEqual({ code: 'BAD_REQUEST', message: redirected(elsewhere.base), issues: [] });
    expect(elsewhere.hits).toEqual([]);
    expect(provider.hits).toEqual([]);
  });

  test('a base URL that is the credentials’ own (a trailing slash aside) is used as it is', async () => {
    const botId = await newBot(aiBot({ baseUrl: `${provider.base}/` }));
    const body = await preview(botId, server.adminToken);
    expect(errors(body)).toEqual([]);
    expect(shown(body)).toEqual(['Answer: Echo: Who are you?']);
    expect(provider.hits.map((hit) => [hit.path, hit.headers.authorization])).toEqual([
      ['/v1/chat/completions', `Bearer ${FAKE_API_KEY}`],
    ]);
  });

  test('credentials without a base URL send their key to the provider, never to the base URL a block names', async () => {
    const created = await request(server.url, 'POST', `/v1/workspaces/${server.adminWorkspaceId}/credentials`, {
      token: server.adminToken,
      json: { type: 'openai', name: 'Provider default', data: { apiKey: FAKE_API_KEY } },
    });
    const botId = await newBot(aiBot({ credentialsId: created.body.credentials.id, baseUrl: elsewhere.base }));
    const body = await preview(botId, server.adminToken);
    expect(errors(body)).toEqual([
      {
        status: 'error',
        description: redirected(elsewhere.base).replace(provider.base, 'https://api.openai.com/v1'),
      },
    ]);
    expect(elsewhere.hits).toEqual([]);
  });
});

describe('who spends the workspace’s accounts in a preview of the stored draft', () => {
  test('an ADMIN and a MEMBER do; a GUEST does not, and is told why', async () => {
    const botId = await newBot(aiBot());
    for (const token of [server.adminToken, member.token]) {
      const body = await preview(botId, token);
      expect(shown(body)).toEqual(['Answer: Echo: Who are you?']);
    }
    expect(provider.hits).toHaveLength(2);
    const guestBody = await preview(botId, guest.token);
    expect(errors(guestBody)).toEqual([{ status: 'error', description: GUEST }]);
    expect(shown(guestBody)).toEqual(['Answer: ']);
    expect(provider.hits).toHaveLength(2);
  });

  test("a GUEST's preview_chat through MCP spends nothing either", async () => {
    const botId = await newBot(aiBot());
    const client = await httpClient(server.url, guest.token);
    try {
      const transcript = await okTool(client, 'preview_chat', { botId, replies: ['Who are you?'] });
      expect(transcript.errors).toEqual([GUEST]);
    } finally {
      await client.close();
    }
    expect(provider.hits).toEqual([]);
  });

  test('the GraphQL mutation decides alike (a GUEST previewing the draft there)', async () => {
    const botId = await newBot(aiBot());
    const started = await graphql(
      server.url,
      'mutation ($botId: String!) { startPreviewChat(botId: $botId) { sessionId } }',
      { botId },
      guest.token,
    );
    expect(started.body.errors).toBeUndefined();
    const answered = await say(server, started.body.data.startPreviewChat.sessionId, 'Who are you?');
    expect(errors(answered.body)).toEqual([{ status: 'error', description: GUEST }]);
    expect(provider.hits).toEqual([]);
  });
});
