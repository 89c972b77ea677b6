import { group, publishDefinition, setVariable, startChat, textBubble, textInput, v6Bot } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Bots that say nothing themselves publish and run, as the reference's do
// (issue 34, point 2): one that links to a bot that speaks, one that only
// makes a QR code, one that sets a variable and redirects. Only a bot with
// nothing after its start is refused; saying nothing is a warning.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The problems of a bot's draft but the contrast of its (default) colours, which these tests do not set. */
const problemsOf = async (botId: string) =>
  (await request(server.url, 'GET', `/v1/bots/${botId}/problems`, { token: server.adminToken })).body.problems
    .filter((problem: { code: string }) => problem.code !== 'LOW_CONTRAST')
    .map((problem: { severity: string; code: string }) => `${problem.severity} ${problem.code}`);

test('a bot whose flow is a link to another bot publishes; the linked bot speaks', async () => {
  const child = await publishDefinition(
    server,
    v6Bot({ name: 'Child', groups: [group('c1', [textBubble('hello', 'Hello from the child'), textInput('ask')])] }),
  );
  const parent = await publishDefinition(
    server,
    v6Bot({
      name: 'Parent',
      groups: [group('p1', [{ id: 'link', type: 'Typebot link', options: { typebotId: child.botId } }])],
    }),
  );
  expect(await problemsOf(parent.botId)).toEqual(['warning BOT_SAYS_NOTHING']);
  const started = await startChat(server, parent.publicId);
  expect(started.status).toBe(200);
  expect(started.body.messages).toEqual([
    {
      id: 'hello',
      type: 'text',
      content: { type: 'richText', richText: [{ type: 'p', children: [{ text: 'Hello from the child' }] }] },
    },
  ]);
  expect(started.body.input).toMatchObject({ id: 'ask', type: 'text input' });
});

test('a bot that only makes a QR code publishes and runs to its end', async () => {
  const bot = await publishDefinition(
    server,
    v6Bot({
      groups: [
        group('g1', [
          {
            id: 'qr',
            type: 'qr-code',
            options: { action: 'Generate a QR Code', data: 'https://parley.test/pay', saveUrlInVariableId: 'v-url' },
          },
        ]),
      ],
      variables: [{ id: 'v-url', name: 'Url' }],
    }),
  );
  const started = await startChat(server, bot.publicId);
  expect(started.status).toBe(200);
  expect(started.body).toEqual({
    sessionId: expect.any(String),
    bot: expect.objectContaining({ id: bot.botId }),
    messages: [],
  });
});

test('a bot that sets a variable and redirects publishes; started with a message it answers at once', async () => {
  const bot = await publishDefinition(
    server,
    v6Bot({
      groups: [
        group('g1', [
          setVariable('set', 'v-page', '"https://example.com/thanks"'),
          { id: 'go', type: 'Redirect', options: { url: '{{Page}}', isNewTab: false } },
        ]),
      ],
      variables: [{ id: 'v-page', name: 'Page' }],
    }),
  );
  for (const body of [{}, { message: 'hello' }]) {
    const started = await startChat(server, bot.publicId, body);
    expect(started.status).toBe(200);
    expect(started.body).toEqual({
      sessionId: expect.any(String),
      bot: expect.objectContaining({ id: bot.botId }),
      messages: [],
      clientSideActions: [{ type: 'redirect', redirect: { url: 'https://example.com/thanks', isNewTab: false } }],
    });
  }
});

test('a bot with nothing after its start is still refused, naming the rule', async () => {
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    json: {
      workspaceId: server.adminWorkspaceId,
      bot: v6Bot({ groups: [group('g1', [])] }),
    },
  });
  expect(await problemsOf(created.body.bot.id)).toEqual(['error BOT_IS_EMPTY']);
  const published = await request(server.url, 'POST', `/v1/bots/${created.body.bot.id}/publish`, {
    token: server.adminToken,
  });
  expect(published.status).toBe(400);
});
