import {
  edge,
  group,
  publishDefinition,
  say,
  startChat,
  textBubble,
  textInput,
  texts,
  v6Bot,
} from '../../helpers/chat';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// A session's transcript is kept append-only: each turn adds its lines as
// rows after the earlier ones, the state keeps only their count, and the
// whole transcript is read when a Set variable "Transcript" block needs it.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Asks again and again until the answer is "done", then shows the transcript and asks one last thing. */
function loopBot() {
  return v6Bot({
    groups: [
      group('g-ask', [
        textBubble('ask', 'Say something'),
        textInput('in', 'vanswer'),
        {
          id: 'c1',
          type: 'Condition',
          items: [
            {
              id: 'i-done',
              content: {
                comparisons: [{ id: 'k1', variableId: 'vanswer', comparisonOperator: 'Equal to', value: 'done' }],
              },
              outgoingEdgeId: 'e-done',
            },
          ],
          outgoingEdgeId: 'e-again',
        },
      ]),
      group('g-summary', [
        { id: 'tr', type: 'Set variable', options: { variableId: 'vtranscript', type: 'Transcript' } },
        textBubble('show', 'So far: {{Transcript}}'),
        textInput('last'),
      ]),
    ],
    edges: [
      edge('e-done', 'g-summary', { blockId: 'c1', itemId: 'i-done' }),
      edge('e-again', 'g-ask', { blockId: 'c1' }),
    ],
    variables: [
      { id: 'vanswer', name: 'Answer' },
      { id: 'vtranscript', name: 'Transcript' },
    ],
  });
}

async function storedLines(sessionId: string): Promise<{ index: number; turn: unknown }[]> {
  const rows = await server.db.chatSessionTranscriptTurn.findMany({ where: { sessionId }, orderBy: { index: 'asc' } });
  return rows.map((row) => ({ index: row.index, turn: JSON.parse(row.turn) as unknown }));
}

async function storedState(sessionId: string): Promise<{ transcript?: unknown }> {
  const session = await server.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  return (typeof session.state === 'string' ? JSON.parse(session.state) : session.state) as { transcript?: unknown };
}

const bot = (text: string) => ({ role: 'bot', type: 'text', text });
const user = (text: string) => ({ role: 'user', type: 'text', text });

test('each turn appends its lines as rows; the state keeps their count and size only', async () => {
  const { publicId } = await publishDefinition(server, loopBot());
  const started = await startChat(server, publicId);
  const { sessionId } = started.body;
  expect(await storedLines(sessionId)).toEqual([{ index: 0, turn: bot('Say something') }]);
  for (const answer of ['one', 'two', 'three']) expect((await say(server, sessionId, answer)).status).toBe(200);
  const lines = [
    bot('Say something'),
    user('one'),
    bot('Say something'),
    user('two'),
    bot('Say something'),
    user('three'),
    bot('Say something'),
  ];
  expect(await storedLines(sessionId)).toEqual(lines.map((turn, index) => ({ index, turn })));
  const storedBytes = lines.reduce((sum, line) => sum + Buffer.byteLength(JSON.stringify(line)), 0);
  expect((await storedState(sessionId)).transcript).toEqual({ stored: 7, storedBytes, recent: [] });
});

test('the Transcript block reads the earlier lines and adds this turn’s; the rows go when the flow ends', async () => {
  const { publicId } = await publishDefinition(server, loopBot());
  const { sessionId } = (await startChat(server, publicId)).body;
  await say(server, sessionId, 'first');
  await say(server, sessionId, 'second');
  const summary = await say(server, sessionId, 'done');
  expect(summary.status).toBe(200);
  expect(texts(summary.body)).toEqual([
    [
      'So far: Assistant: "Say something"',
      'User: "first"',
      'Assistant: "Say something"',
      'User: "second"',
      'Assistant: "Say something"',
      'User: "done"',
    ].join('\n\n'),
  ]);
  expect((await storedLines(sessionId)).length).toBe(7);
  const ended = await say(server, sessionId, 'bye');
  expect(ended.status).toBe(200);
  expect(await server.db.chatSession.findUnique({ where: { id: sessionId } })).toBeNull();
  expect(await storedLines(sessionId)).toEqual([]);
});

test('a session stored by an earlier version (its whole transcript in the state) goes on, its lines written out once', async () => {
  const { publicId } = await publishDefinition(server, loopBot());
  const { sessionId } = (await startChat(server, publicId)).body;
  await say(server, sessionId, 'first');
  // Back to format 1: every line inline, no rows.
  const state = (await storedState(sessionId)) as Record<string, unknown>;
  const inline = (await storedLines(sessionId)).map((row) => row.turn);
  await server.db.chatSessionTranscriptTurn.deleteMany({ where: { sessionId } });
  await server.db.chatSession.update({
    where: { id: sessionId },
    data: { state: { ...state, formatVersion: 1, transcript: inline } as object },
  });

  await say(server, sessionId, 'second');
  expect((await storedLines(sessionId)).map((row) => row.turn)).toEqual([
    bot('Say something'),
    user('first'),
    bot('Say something'),
    user('second'),
    bot('Say something'),
  ]);
  expect(await storedState(sessionId)).toMatchObject({ formatVersion: 2, transcript: { stored: 5, recent: [] } });
  const summary = await say(server, sessionId, 'done');
  expect(texts(summary.body)[0]).toBe(
    'So far: Assistant: "Say something"\n\nUser: "first"\n\nAssistant: "Say something"\n\nUser: "second"\n\nAssistant: "Say something"\n\nUser: "done"',
  );
});
