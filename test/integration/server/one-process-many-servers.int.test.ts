import { group, publishDefinition, startChat, textBubble, textInput, v6Bot, type Json } from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// A server started in a process where another one ran before (as tests do,
// and as the jest workers do across files: docs/testing.md#keeping-it-fast)
// starts clean: it serves its own database's bots, never a snapshot the other
// one cached under the same bot id and revision, and counts its own requests.

const BOT_ID = 'same-bot-id-in-both-databases';

const botSaying = (words: string): Json => ({
  ...v6Bot({ groups: [group('g1', [textBubble('b1', words), textInput('ask')])] }),
  id: BOT_ID,
});

const firstMessage = (response: { body: Json }): string =>
  ((response.body.messages as Json[])[0]!.content as Json).richText[0].children[0].text as string;

/** Publishes a bot saying `words` under BOT_ID and starts a chat: the words it opened with, and its public id. */
async function chatOnce(server: TestServer, words: string): Promise<{ said: string; publicId: string }> {
  const { botId, publicId } = await publishDefinition(server, botSaying(words));
  expect(botId).toBe(BOT_ID);
  const started = await startChat(server, publicId!);
  expect(started.status).toBe(200);
  return { said: firstMessage(started), publicId: publicId! };
}

const startChats = (metrics: string): string | undefined =>
  /parley_http_requests_total\{method="POST",route="\/v1\/bots\/:publicId\/startChat",status="200"\} (\d+)/.exec(
    metrics,
  )?.[1];

test("the second server answers from its own database with its own counts, not the first server's", async () => {
  const first = await startTestServer();
  try {
    const { said, publicId } = await chatOnce(first, 'Hello from the first database');
    expect(said).toBe('Hello from the first database');
    expect((await startChat(first, publicId)).status).toBe(200);
    expect(startChats((await request(first.url, 'GET', '/metrics')).body as string)).toBe('2');
  } finally {
    await first.close();
  }

  const second = await startTestServer();
  try {
    expect((await chatOnce(second, 'Hello from the second database')).said).toBe('Hello from the second database');
    expect(startChats((await request(second.url, 'GET', '/metrics')).body as string)).toBe('1');
  } finally {
    await second.close();
  }
});
