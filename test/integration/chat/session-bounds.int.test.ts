import {
  group,
  publishDefinition,
  say,
  setVariable,
  startChat,
  textBubble,
  textInput,
  threeQuestions,
  v6Bot,
} from '../../helpers/chat';
import { errorBody, request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// What one public session may make Parley store is bounded; a refusal changes nothing already stored.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    bounds: { maxAnswerBytes: 20, maxClientLogs: 3, maxVariablesBytes: 100, maxSessionBytes: 6000 },
  });
});
afterAll(() => server.close());

async function answersOf(resultId: string): Promise<string[]> {
  return (await server.db.answer.findMany({ where: { resultId }, orderBy: { id: 'asc' } })).map(
    (answer) => answer.content,
  );
}

test('an oversized answer is refused and the session goes on as before', async () => {
  const { publicId } = await publishDefinition(server, threeQuestions());
  const { sessionId, resultId } = (await startChat(server, publicId)).body;
  const before = await server.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  const long = await say(server, sessionId, 'é'.repeat(11));
  expect(long.status).toBe(400);
  expect(long.body).toEqual({
    code: 'BAD_REQUEST',
    message: 'Answer too long: at most 20 bytes',
    issues: [{ path: ['message'], message: 'Answer too long: at most 20 bytes' }],
  });
  const after = await server.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  expect({ version: after.version, state: after.state }).toEqual({ version: before.version, state: before.state });
  expect((await say(server, sessionId, 'é'.repeat(10))).status).toBe(200);
  expect(await answersOf(resultId)).toEqual(['é'.repeat(10)]);
});

test('client logs per session are bounded', async () => {
  const { publicId } = await publishDefinition(server, threeQuestions());
  const { sessionId } = (await startChat(server, publicId)).body;
  const post = (count: number) =>
    request(server.url, 'POST', `/v1/sessions/${sessionId}/clientLogs`, {
      json: { clientLogs: Array.from({ length: count }, (_, index) => ({ description: `log ${index}` })) },
    });
  expect((await post(2)).status).toBe(200);
  const over = await post(2);
  expect(over.status).toBe(400);
  expect(over.body).toEqual(errorBody('BAD_REQUEST', 'Too many client logs for this session: at most 3'));
  expect((await post(1)).status).toBe(200);
  expect(await server.db.log.count({ where: { sessionId } })).toBe(3);
});

test('prefilled variables are bounded', async () => {
  const { publicId } = await publishDefinition(server, threeQuestions());
  const refused = await startChat(server, publicId, { prefilledVariables: { A: 'x'.repeat(200) } });
  expect(refused.status).toBe(400);
  expect(refused.body.message).toBe('Prefilled variables too large: at most 100 bytes');
  expect(refused.body.issues).toEqual([
    { path: ['prefilledVariables'], message: 'Prefilled variables too large: at most 100 bytes' },
  ]);
});

test('a turn that would grow the session past its bound is not committed', async () => {
  const bot = v6Bot({
    groups: [
      group('g1', [
        textInput('ask', 'vname'),
        setVariable('grow', 'vbig', "'z'.repeat(8000)", { isCode: true }),
        textBubble('size', 'size {{Big}}'),
        textInput('again'),
      ]),
    ],
    variables: [
      { id: 'vname', name: 'Name' },
      { id: 'vbig', name: 'Big' },
    ],
  });
  const { publicId } = await publishDefinition(server, bot);
  const { sessionId, resultId } = (await startChat(server, publicId)).body;
  const before = await server.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  const refused = await say(server, sessionId, 'Ada');
  expect(refused.status).toBe(400);
  expect(refused.body).toEqual(
    errorBody('BAD_REQUEST', 'This conversation has grown too large (over 6000 bytes of session data)'),
  );
  const after = await server.db.chatSession.findUniqueOrThrow({ where: { id: sessionId } });
  // The claim bumped the version; the state is as it was and the claim is released.
  expect({ state: after.state, claimedUntil: after.claimedUntil }).toEqual({ state: before.state, claimedUntil: null });
  expect(await answersOf(resultId)).toEqual([]);
});

test('transcript lines stored apart from the state count in the bound; the refused turn adds none', async () => {
  const bot = v6Bot({
    groups: [
      group('g1', [textBubble('ask', 'Again?'), textInput('in', 'vname', 'e-loop')]),
      group('g-unused', [{ id: 'tr', type: 'Set variable', options: { variableId: 'vt', type: 'Transcript' } }]),
    ],
    edges: [{ id: 'e-loop', from: { blockId: 'in' }, to: { groupId: 'g1' } }],
    variables: [
      { id: 'vname', name: 'Name' },
      { id: 'vt', name: 'Transcript' },
    ],
  });
  const { publicId } = await publishDefinition(server, bot);
  const { sessionId } = (await startChat(server, publicId)).body;
  let answered = 0;
  let refused;
  for (; answered < 200; answered += 1) {
    const reply = await say(server, sessionId, 'x'.repeat(20));
    if (reply.status !== 200) {
      refused = reply;
      break;
    }
  }
  // Each turn adds ~90 bytes of lines and the state stays near 1 kB: refused after dozens of turns, not at once.
  expect(answered).toBeGreaterThan(30);
  expect(refused?.status).toBe(400);
  expect(refused?.body).toEqual(
    errorBody('BAD_REQUEST', 'This conversation has grown too large (over 6000 bytes of session data)'),
  );
  expect(await server.db.chatSessionTranscriptTurn.count({ where: { sessionId } })).toBe(1 + 2 * answered);
});
