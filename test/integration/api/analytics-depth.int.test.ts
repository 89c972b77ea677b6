import { edge, group, publishDefinition, say, startChat, textBubble, textInput, v6Bot } from '../../helpers/chat';
import { errorBody, request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Drop-off numbers for a scripted set of real conversations:
// g1: q1 (text) then c1 (choice: Yes → g2 by e-yes, No → g3 by e-no); g2: q2 (text); g3: a bubble.

let server: TestServer;
let botId: string;
let publicId: string;

function definition() {
  return v6Bot({
    groups: [
      group('g1', [
        textInput('q1', 'va'),
        {
          id: 'c1',
          type: 'choice input',
          items: [
            { id: 'i-yes', content: 'Yes', outgoingEdgeId: 'e-yes' },
            { id: 'i-no', content: 'No', outgoingEdgeId: 'e-no' },
          ],
        },
      ]),
      group('g2', [textInput('q2', 'vb'), textBubble('thanks', 'Thanks')]),
      group('g3', [textBubble('bye', 'Bye')]),
    ],
    edges: [
      edge('e-yes', 'g2', { blockId: 'c1', itemId: 'i-yes' }),
      edge('e-no', 'g3', { blockId: 'c1', itemId: 'i-no' }),
    ],
    variables: [
      { id: 'va', name: 'A' },
      { id: 'vb', name: 'B' },
    ],
  });
}

async function converse(replies: string[]): Promise<void> {
  const started = await startChat(server, publicId);
  expect(started.status).toBe(200);
  for (const reply of replies) expect((await say(server, started.body.sessionId, reply)).status).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer();
  ({ botId, publicId } = await publishDefinition(server, definition()));
  await converse(['Ann', 'Yes', 'fine']);
  await converse(['Bob', 'Yes']);
  await converse(['Cy', 'No']);
  await converse(['Dee']);
  await converse([]);
});
afterAll(() => server.close());

it('GET /v1/bots/{botId}/analytics/inDepthData counts reached and answered per input block and results per edge', async () => {
  const response = await request(server.url, 'GET', `/v1/bots/${botId}/analytics/inDepthData?timeFilter=allTime`, {
    token: server.adminToken,
  });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({
    stats: { totalViews: 5, totalStarts: 4, totalCompleted: 2 },
    blocks: [
      { blockId: 'q1', reached: 5, answered: 4 },
      { blockId: 'c1', reached: 4, answered: 3 },
      { blockId: 'q2', reached: 2, answered: 1 },
    ],
    edges: [
      { edgeId: 'e-no', total: 1 },
      { edgeId: 'e-yes', total: 2 },
    ],
  });
});

it('another workspace gets 404', async () => {
  const stranger = await createUserWithToken(server.db, 'stranger-depth@parley.test');
  const response = await request(server.url, 'GET', `/v1/bots/${botId}/analytics/inDepthData`, {
    token: stranger.token,
  });
  expect(response.status).toBe(404);
  expect(response.body).toEqual(errorBody('NOT_FOUND', 'Not found'));
});
