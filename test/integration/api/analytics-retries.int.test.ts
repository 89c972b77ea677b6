import {
  edge,
  emailInput,
  group,
  publishDefinition,
  say,
  startChat,
  textBubble,
  textInput,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// A retry is not a drop: a visitor who gives a bad answer, is asked again and
// then answers reached the question once and answered it. Two ways to ask
// again: the e-mail input's own retry, and a condition looping back to the
// question (a text input checked by the bot).

let server: TestServer;

afterAll(() => server.close());
beforeAll(async () => {
  server = await startTestServer();
});

const variables = [
  { id: 'v-name', name: 'Name' },
  { id: 'v-mail', name: 'Email' },
];

async function funnelAfter(definition: object, conversations: string[][]) {
  const { botId, publicId } = await publishDefinition(server, definition);
  for (const replies of conversations) {
    const started = await startChat(server, publicId);
    for (const reply of replies) expect((await say(server, started.body.sessionId, reply)).status).toBe(200);
  }
  const response = await request(server.url, 'GET', `/v1/bots/${botId}/analytics/inDepthData?timeFilter=allTime`, {
    token: server.adminToken,
  });
  expect(response.status).toBe(200);
  return response.body;
}

it("counts a visitor once at a question the e-mail input's retry asked again", async () => {
  const body = await funnelAfter(
    v6Bot({
      groups: [
        group('g1', [textBubble('ask-name', 'What is your name?'), textInput('name', 'v-name', 'e1')]),
        group('g2', [
          textBubble('ask-mail', 'Your e-mail?'),
          emailInput('mail', 'v-mail'),
          textBubble('bye', 'Thanks'),
        ]),
      ],
      edges: [edge('e1', 'g2', { blockId: 'name' })],
      variables,
    }),
    [['Ann', 'not an address', 'ann@example.com'], ['Bob', 'bob@example.com'], ['Cy']],
  );
  expect(body.stats).toEqual({ totalViews: 3, totalStarts: 3, totalCompleted: 2 });
  expect(body.blocks).toEqual([
    { blockId: 'name', reached: 3, answered: 3 },
    { blockId: 'mail', reached: 3, answered: 2 },
  ]);
});

it('counts a visitor once at a question a condition looped back to', async () => {
  const body = await funnelAfter(
    v6Bot({
      groups: [
        group('g1', [textBubble('ask-name', 'What is your name?'), textInput('name', 'v-name', 'e1')]),
        group('g2', [textBubble('ask-mail', 'Your e-mail?'), textInput('mail', 'v-mail', 'e2')]),
        group('g3', [
          {
            id: 'check',
            type: 'Condition',
            items: [
              {
                id: 'valid',
                content: {
                  logicalOperator: 'AND',
                  comparisons: [{ id: 'c', variableId: 'v-mail', comparisonOperator: 'Contains', value: '@' }],
                },
                outgoingEdgeId: 'e-valid',
              },
            ],
            outgoingEdgeId: 'e-again',
          },
        ]),
        group('g4', [textBubble('bye', 'Thanks'), textInput('comment', undefined)]),
      ],
      edges: [
        edge('e1', 'g2', { blockId: 'name' }),
        edge('e2', 'g3', { blockId: 'mail' }),
        edge('e-valid', 'g4', { blockId: 'check', itemId: 'valid' }),
        edge('e-again', 'g2', { blockId: 'check' }),
      ],
      variables,
    }),
    [['Ann', 'not an address', 'still not', 'ann@example.com'], ['Bob', 'bob@example.com', 'ok'], ['Cy']],
  );
  expect(body.blocks).toEqual([
    { blockId: 'name', reached: 3, answered: 3 },
    { blockId: 'mail', reached: 3, answered: 2 },
    { blockId: 'comment', reached: 2, answered: 1 },
  ]);
  expect(body.edges).toEqual([{ edgeId: 'e-valid', total: 2 }]);
});
