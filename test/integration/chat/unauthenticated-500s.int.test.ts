import {
  group,
  publishDefinition,
  setVariable,
  startChat,
  textBubble,
  textInput,
  texts,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Unauthenticated input that used to answer 500 (issue 21): deeply nested
// JSON, Markdown that overflowed the renderer, oversized values from bot code.
// Each answer is the documented error object or a normal turn; the
// conversation goes on afterwards.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const echoBot = () =>
  v6Bot({
    groups: [
      group('g1', [textInput('i1', 'vsaid', 'e1')]),
      group('g2', [textBubble('b1', 'You said {{Said}}'), textInput('i2')]),
    ],
    edges: [{ id: 'e1', from: { blockId: 'i1' }, to: { groupId: 'g2' } }],
    variables: [{ id: 'vsaid', name: 'Said' }],
  });

test('prefilledVariables and clientLogs nested 10,000 deep: 400, over REST and GraphQL', async () => {
  const { publicId } = await publishDefinition(server, echoBot());
  const deep = await request(server.url, 'POST', `/v1/bots/${publicId}/startChat`, {
    raw: `{"prefilledVariables":${nested(10_000)}}`,
  });
  expect(deep.status).toBe(400);
  expect(deep.body).toEqual({ code: 'BAD_REQUEST', message: 'JSON nested deeper than 128 levels', issues: [] });

  const started = await startChat(server, publicId);
  const logs = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/clientLogs`, {
    raw: `{"clientLogs":[{"status":"error","description":"x","details":${nested(10_000)}}]}`,
  });
  expect(logs.status).toBe(400);
  expect(logs.body.code).toBe('BAD_REQUEST');

  const viaGraphql = await request(server.url, 'POST', '/graphql', {
    raw: `{"query":"mutation($p: JSON) { startChat(publicId: \\"${publicId}\\", prefilledVariables: $p) { sessionId } }","variables":{"p":${nested(10_000)}}}`,
  });
  expect(viaGraphql.status).toBe(400);
  expect(viaGraphql.body).toEqual({ code: 'BAD_REQUEST', message: 'JSON nested deeper than 128 levels', issues: [] });
  // Moderate nesting is still accepted.
  const fine = await request(server.url, 'POST', `/v1/bots/${publicId}/startChat`, {
    raw: `{"prefilledVariables":{"Said":"ok","deep":${nested(20)}}}`,
  });
  expect(fine.status).toBe(200);
});

test('an answer of 3,000 ">" shown in a bubble answers normally, and so does every later turn', async () => {
  const { publicId } = await publishDefinition(server, echoBot());
  const started = await startChat(server, publicId);
  const quotes = '>'.repeat(3000);
  const shown = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/continueChat`, {
    json: { message: quotes, textBubbleContentFormat: 'markdown' },
  });
  expect(shown.status).toBe(200);
  expect(texts(shown.body)[0]).toContain('You said');
  expect(JSON.stringify(shown.body)).toContain('>>>>>>>>');
  const later = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/continueChat`, {
    json: { message: 'and then' },
  });
  expect(later.status).toBe(200);
  const links = await startChat(server, publicId);
  const hostile = await request(server.url, 'POST', `/v1/sessions/${links.body.sessionId}/continueChat`, {
    json: { message: '[a](b'.repeat(2000) },
  });
  expect(hostile.status).toBe(200);
  expect(JSON.stringify(hostile.body)).toContain('[a](b[a](b');
});

test('a 30 MB value from bot code is the documented bound, not a 500; nothing of the session is lost', async () => {
  const bot = v6Bot({
    groups: [
      group('g1', [textInput('i1', 'vname', 'e1')]),
      group('g2', [
        setVariable('s1', 'vbig', "return 'x'.repeat(30 * 1024 * 1024)", { type: 'Custom', isCode: true }),
        textBubble('b1', 'Size {{Big}}'),
        textInput('i2'),
      ]),
    ],
    edges: [{ id: 'e1', from: { blockId: 'i1' }, to: { groupId: 'g2' } }],
    variables: [
      { id: 'vname', name: 'Name' },
      { id: 'vbig', name: 'Big' },
    ],
  });
  const { publicId } = await publishDefinition(server, bot);
  const started = await startChat(server, publicId);
  const answer = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/continueChat`, {
    json: { message: 'Ada' },
  });
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({
    code: 'BAD_REQUEST',
    message: 'This conversation has grown too large (over 1048576 bytes of session data)',
    issues: [],
  });
  // The turn was not committed: the session still waits for the name, and takes it.
  const again = await request(server.url, 'POST', `/v1/sessions/${started.body.sessionId}/continueChat`, {
    json: { message: 'Ada' },
  });
  expect(again.status).toBe(400);
  expect(await server.db.chatSession.count({ where: { id: started.body.sessionId } })).toBe(1);
});
