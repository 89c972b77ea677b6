import {
  edge,
  group,
  publishDefinition,
  setVariable,
  startChat,
  textBubble,
  textInput,
  texts,
  v6Bot,
  continueChat,
} from '../../helpers/chat';
import { countingHost } from '../../helpers/counting-host';
import { errorBody, graphql, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// A result's transcript (GET /v1/bots/{botId}/results/{resultId}/transcript and
// Result.transcript) equals what the chat answered: a conversation is held over
// HTTP, then its transcript is read back and compared line by line.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A random ticket (code: recomputing it would differ), a name, then a branch on a button. */
function ticketBot(): Record<string, unknown> {
  return v6Bot({
    groups: [
      group('g1', [
        setVariable('ticket', 'vticket', "Math.random().toString(36).slice(2, 10) + '-' + Date.now()", {
          isCode: true,
        }),
        textBubble('hello', 'Welcome! Your ticket is **{{Ticket}}**.'),
        textInput('ask-name', 'vname'),
        textBubble('nice', 'Nice to meet you, {{Name}}.'),
        {
          id: 'choice',
          type: 'choice input',
          items: [
            { id: 'yes', content: 'Yes', outgoingEdgeId: 'e-yes' },
            { id: 'no', content: 'No', outgoingEdgeId: 'e-no' },
          ],
        },
      ]),
      group('g-yes', [textBubble('great', 'Great, {{Name}}! Keep {{Ticket}}.')]),
      group('g-no', [textBubble('sad', 'Maybe next time.')]),
    ],
    edges: [
      edge('e-yes', 'g-yes', { blockId: 'choice', itemId: 'yes' }),
      edge('e-no', 'g-no', { blockId: 'choice', itemId: 'no' }),
    ],
    variables: [
      { id: 'vticket', name: 'Ticket' },
      { id: 'vname', name: 'Name' },
    ],
  });
}

interface Line {
  role: 'bot' | 'user';
  type: string;
  text: string;
  blockId: string;
  rejected: boolean;
}

const bot = (blockId: string, text: string): Line => ({ role: 'bot', type: 'text', text, blockId, rejected: false });
const user = (blockId: string, text: string): Line => ({ role: 'user', type: 'text', text, blockId, rejected: false });

/** Holds a conversation in markdown; answers the transcript the chat itself produced. */
async function converse(publicId: string, replies: string[]): Promise<{ resultId: string; lines: Line[] }> {
  const started = await startChat(server, publicId, { textBubbleContentFormat: 'markdown' });
  expect(started.status).toBe(200);
  const lines: Line[] = started.body.messages.map((message: { id: string }, index: number) =>
    bot(message.id, texts(started.body)[index]!),
  );
  let awaited: string = started.body.input.id;
  for (const reply of replies) {
    lines.push(user(awaited, reply));
    const answered = await continueChat(server, started.body.sessionId, {
      message: { type: 'text', text: reply },
      textBubbleContentFormat: 'markdown',
    });
    expect(answered.status).toBe(200);
    lines.push(
      ...answered.body.messages.map((message: { id: string }, index: number) =>
        bot(message.id, texts(answered.body)[index]!),
      ),
    );
    awaited = answered.body.input?.id;
  }
  return { resultId: started.body.resultId, lines };
}

test('the transcript equals what the chat answered, with code-computed values as they were', async () => {
  const { botId, publicId } = await publishDefinition(server, ticketBot());
  const { resultId, lines } = await converse(publicId, ['Ada *Lovelace*', 'Yes']);
  // The chat itself: the random ticket appears twice, identical.
  const ticket = /\*\*(.+)\*\*/.exec(lines[0]!.text)![1]!;
  expect(lines).toEqual([
    bot('hello', `Welcome! Your ticket is **${ticket}**.`),
    user('ask-name', 'Ada *Lovelace*'),
    bot('nice', expect.stringContaining('Nice to meet you, Ada')),
    user('choice', 'Yes'),
    bot('great', expect.stringContaining(`Keep ${ticket}`)),
  ]);

  const rest = await request(server.url, 'GET', `/v1/bots/${botId}/results/${resultId}/transcript`, {
    token: server.adminToken,
  });
  expect(rest.status).toBe(200);
  expect(rest.body).toEqual({ transcript: lines });

  const gql = await graphql(
    server.url,
    `
      query ($botId: ID!, $id: ID!) {
        bot(botId: $botId) {
          result(id: $id) {
            transcript {
              role
              type
              text
              url
              blockId
              rejected
            }
          }
        }
      }
    `,
    { botId, id: resultId },
    server.adminToken,
  );
  expect(gql.body.errors).toBeUndefined();
  expect(gql.body.data.bot.result.transcript).toEqual(lines.map((line) => ({ ...line, url: null })));
});

test('the other branch, and a conversation left halfway', async () => {
  const { botId, publicId } = await publishDefinition(server, ticketBot());
  const no = await converse(publicId, ['Bo', 'No']);
  expect(no.lines.at(-1)).toEqual(bot('sad', 'Maybe next time.'));
  const half = await converse(publicId, ['Cy']);
  for (const { resultId, lines } of [no, half]) {
    const rest = await request(server.url, 'GET', `/v1/bots/${botId}/results/${resultId}/transcript`, {
      token: server.adminToken,
    });
    expect(rest.body).toEqual({ transcript: lines });
  }
});

test('answers the flow no longer asks for follow as they are (the bot changed after the chat)', async () => {
  const { botId, publicId } = await publishDefinition(server, ticketBot());
  const { resultId } = await converse(publicId, ['Di', 'Yes']);
  // Republished without the name question: the stored answers stay in the transcript.
  const changed = v6Bot({ groups: [group('g1', [textBubble('other', 'A new flow.'), textInput('other-ask')])] });
  expect(
    (await request(server.url, 'PATCH', `/v1/bots/${botId}`, { token: server.adminToken, json: { bot: changed } }))
      .status,
  ).toBe(200);
  expect((await request(server.url, 'POST', `/v1/bots/${botId}/publish`, { token: server.adminToken })).status).toBe(
    200,
  );
  const rest = await request(server.url, 'GET', `/v1/bots/${botId}/results/${resultId}/transcript`, {
    token: server.adminToken,
  });
  expect(rest.body).toEqual({
    transcript: [bot('other', 'A new flow.'), user('ask-name', 'Di'), user('choice', 'Yes')],
  });
});

test('another workspace gets 404; an unknown or archived result is 404', async () => {
  const { botId, publicId } = await publishDefinition(server, ticketBot());
  const { resultId } = await converse(publicId, ['Ed']);
  const outsider = await createUserWithToken(server.db, 'outsider-transcript@parley.test');
  const foreign = await request(server.url, 'GET', `/v1/bots/${botId}/results/${resultId}/transcript`, {
    token: outsider.token,
  });
  expect(foreign.status).toBe(404);
  expect(foreign.body).toEqual(errorBody('NOT_FOUND', 'Not found'));
  const unknown = await request(server.url, 'GET', `/v1/bots/${botId}/results/nope/transcript`, {
    token: server.adminToken,
  });
  expect(unknown.status).toBe(404);
  expect(
    (
      await request(server.url, 'DELETE', `/v1/bots/${botId}/results?resultIds=${resultId}`, {
        token: server.adminToken,
      })
    ).status,
  ).toBe(200);
  const archived = await request(server.url, 'GET', `/v1/bots/${botId}/results/${resultId}/transcript`, {
    token: server.adminToken,
  });
  expect(archived.status).toBe(404);
});

describe('reading a transcript sends nothing', () => {
  let allowed: TestServer;
  beforeAll(async () => {
    allowed = await startTestServer({ outboundAllow: '127.0.0.1' });
  });
  afterAll(() => allowed.close());

  test("server-side code's requests are not sent again when a transcript is read: the recorded values show", async () => {
    const host = await countingHost('{"quote":"Stay curious"}');
    try {
      const definition = v6Bot({
        groups: [
          group('g1', [
            setVariable('quote', 'vquote', `return JSON.parse(await fetch(${JSON.stringify(host.url)})).quote`, {
              isCode: true,
            }),
            textBubble('say', 'Quote: {{Quote}}'),
            textInput('ask', 'vname'),
          ]),
        ],
        variables: [
          { id: 'vquote', name: 'Quote' },
          { id: 'vname', name: 'Name' },
        ],
      });
      const { publicId, botId } = await publishDefinition(allowed, definition);
      const started = await startChat(allowed, publicId);
      expect(texts(started.body)).toEqual(['Quote: Stay curious']);
      expect(host.hits()).toBe(1);
      const read = await request(allowed.url, 'GET', `/v1/bots/${botId}/results/${started.body.resultId}/transcript`, {
        token: allowed.adminToken,
      });
      expect(read.status).toBe(200);
      expect(read.body.transcript[0]).toMatchObject({ role: 'bot', text: 'Quote: Stay curious' });
      expect(host.hits()).toBe(1);
    } finally {
      await host.close();
    }
  });
});
