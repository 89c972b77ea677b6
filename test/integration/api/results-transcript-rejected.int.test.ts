import { continueChat, emailInput, group, publishDefinition, startChat, textBubble, v6Bot } from '../../helpers/chat';
import { graphql, request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// The transcript shows what the visitor saw: a reply the input refused stays
// in place, marked, followed by the bot's retry message, and every bot line
// carries the message as the chat sent it (rich text, media URLs), so the
// console renders it as the chat page did.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const IMAGE_URL = 'https://images.example.com/cat.png';
const RETRY = 'That does not look like an e-mail address.';

function signUpBot(): Record<string, unknown> {
  return v6Bot({
    groups: [
      group('g1', [
        {
          id: 'hello',
          type: 'text',
          content: { richText: [{ type: 'p', children: [{ text: 'Hello ' }, { text: 'AA', bold: true }] }] },
        },
        { id: 'cat', type: 'image', content: { url: IMAGE_URL } },
        { ...emailInput('ask-email', 'vemail'), options: { variableId: 'vemail', retryMessageContent: RETRY } },
        textBubble('thanks', 'Thanks, {{Email}}.'),
      ]),
    ],
    variables: [{ id: 'vemail', name: 'Email' }],
  });
}

interface ChatMessage {
  id: string;
  type: string;
  content: unknown;
}

/** The chat as the chat page holds it (rich text): the messages each turn answered. */
async function converse(publicId: string, replies: string[]): Promise<{ resultId: string; turns: ChatMessage[][] }> {
  const started = await startChat(server, publicId);
  expect(started.status).toBe(200);
  const turns: ChatMessage[][] = [started.body.messages];
  for (const reply of replies) {
    const answered = await continueChat(server, started.body.sessionId, { message: { type: 'text', text: reply } });
    expect(answered.status).toBe(200);
    turns.push(answered.body.messages);
  }
  return { resultId: started.body.resultId, turns };
}

const sent = (message: ChatMessage) => ({ type: message.type, content: message.content });

async function transcriptOf(botId: string, resultId: string) {
  const response = await graphql(
    server.url,
    `
      query ($botId: ID!, $id: ID!) {
        bot(botId: $botId) {
          result(id: $id) {
            answers {
              blockId
              content
            }
            transcript {
              role
              type
              text
              url
              blockId
              rejected
              message
            }
          }
        }
      }
    `,
    { botId, id: resultId },
    server.adminToken,
  );
  expect(response.body.errors).toBeUndefined();
  return response.body.data.bot.result;
}

test('a refused e-mail, the retry message and the accepted one are in order; bot lines carry the message the chat sent', async () => {
  const { botId, publicId } = await publishDefinition(server, signUpBot());
  const { resultId, turns } = await converse(publicId, ['ada at example', 'ada@example.com']);
  const [start, retry, end] = turns as [ChatMessage[], ChatMessage[], ChatMessage[]];
  // The chat itself answered the refusal with the retry message.
  expect(retry).toHaveLength(1);
  expect(JSON.stringify(retry[0]!.content)).toContain(RETRY);

  const result = await transcriptOf(botId, resultId);
  expect(result.transcript).toEqual([
    {
      role: 'bot',
      type: 'text',
      text: 'Hello **AA**',
      url: null,
      blockId: 'hello',
      rejected: false,
      message: sent(start[0]!),
    },
    {
      role: 'bot',
      type: 'image',
      text: null,
      url: IMAGE_URL,
      blockId: 'cat',
      rejected: false,
      message: sent(start[1]!),
    },
    {
      role: 'user',
      type: 'text',
      text: 'ada at example',
      url: null,
      blockId: 'ask-email',
      rejected: true,
      message: null,
    },
    {
      role: 'bot',
      type: 'text',
      text: RETRY,
      url: null,
      blockId: 'ask-email',
      rejected: false,
      message: sent(retry[0]!),
    },
    {
      role: 'user',
      type: 'text',
      text: 'ada@example.com',
      url: null,
      blockId: 'ask-email',
      rejected: false,
      message: null,
    },
    {
      role: 'bot',
      type: 'text',
      text: 'Thanks, ada@example.com.',
      url: null,
      blockId: 'thanks',
      rejected: false,
      message: sent(end[0]!),
    },
  ]);
  // What the console renders: the bold run as rich text, the image by its URL.
  const [hello, cat] = result.transcript as { message: { content: { richText?: unknown[]; url?: string } } }[];
  expect(hello!.message.content.richText).toEqual([
    { type: 'p', children: [{ text: 'Hello ' }, { text: 'AA', bold: true }] },
  ]);
  expect(cat!.message.content.url).toBe(IMAGE_URL);
  // The refusal is no answer: results, exports and analytics read answers only.
  expect(result.answers).toEqual([{ blockId: 'ask-email', content: 'ada@example.com' }]);

  const rest = await request(server.url, 'GET', `/v1/bots/${botId}/results/${resultId}/transcript`, {
    token: server.adminToken,
  });
  expect(rest.status).toBe(200);
  expect(
    rest.body.transcript.map((line: { role: string; text?: string; rejected: boolean }) => [
      line.role,
      line.text,
      line.rejected,
    ]),
  ).toEqual([
    ['bot', 'Hello **AA**', false],
    ['bot', undefined, false],
    ['user', 'ada at example', true],
    ['bot', RETRY, false],
    ['user', 'ada@example.com', false],
    ['bot', 'Thanks, ada@example.com.', false],
  ]);
});

test('refusals repeat in place; a conversation left after a refusal ends on the retry message', async () => {
  const { botId, publicId } = await publishDefinition(server, signUpBot());
  const { resultId } = await converse(publicId, ['one', 'two']);
  const { transcript } = await transcriptOf(botId, resultId);
  expect(
    transcript
      .slice(2)
      .map((line: { role: string; text: string; rejected: boolean }) => [line.role, line.text, line.rejected]),
  ).toEqual([
    ['user', 'one', true],
    ['bot', RETRY, false],
    ['user', 'two', true],
    ['bot', RETRY, false],
  ]);
});

test('an over-long refused reply is not stored; deleting the result deletes its refusals', async () => {
  const { publicId } = await publishDefinition(server, signUpBot());
  const started = await startChat(server, publicId);
  const tooLong = await continueChat(server, started.body.sessionId, {
    message: { type: 'text', text: 'x'.repeat(11 * 1024) },
  });
  expect(tooLong.status).toBe(400);
  const resultId: string = started.body.resultId;
  expect(await server.db.rejectedAnswer.count({ where: { resultId } })).toBe(0);
  expect((await continueChat(server, started.body.sessionId, { message: { type: 'text', text: 'nope' } })).status).toBe(
    200,
  );
  expect(
    await server.db.rejectedAnswer.findMany({ where: { resultId }, select: { blockId: true, content: true } }),
  ).toEqual([{ blockId: 'ask-email', content: 'nope' }]);
  await server.db.result.delete({ where: { id: resultId } });
  expect(await server.db.rejectedAnswer.count({ where: { resultId } })).toBe(0);
});
