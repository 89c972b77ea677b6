import {
  createBot,
  edge,
  group,
  publishDefinition,
  say,
  setVariable,
  startChat,
  textBubble,
  textInput,
  texts,
  v6Bot,
} from '../../helpers/chat';
import { request } from '../../helpers/http';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// The set-variable history a live chat writes with each turn: every value a
// block or a reply gives a variable, in order, for the result's transcript.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function counterBot(settings: Record<string, unknown> = {}): Record<string, unknown> {
  return v6Bot({
    groups: [
      group('g1', [
        setVariable('init', 'vcount', '1', { isCode: true }),
        textBubble('t1', 'count={{Count}}'),
        textInput('ask', 'vname'),
        setVariable('inc', 'vcount', '{{Count}} + 1', { isCode: true }),
        textBubble('t2', 'Bye {{Name}}, count={{Count}}'),
      ]),
    ],
    variables: [
      { id: 'vcount', name: 'Count' },
      { id: 'vname', name: 'Name' },
    ],
    settings,
  });
}

async function history(resultId: string): Promise<unknown[]> {
  const rows = await server.db.setVariableHistoryItem.findMany({ where: { resultId }, orderBy: { index: 'asc' } });
  return rows.map(({ index, blockIndex, blockId, variableId, value }) => ({
    index,
    blockIndex,
    blockId,
    variableId,
    value,
  }));
}

test('each turn writes the values set by Set variable blocks and by the reply, in order, with the turn', async () => {
  const { publicId } = await publishDefinition(server, counterBot());
  const started = await startChat(server, publicId);
  expect(texts(started.body)).toEqual(['count=1']);
  const { resultId, sessionId } = started.body;
  expect(await history(resultId)).toEqual([
    { index: 0, blockIndex: 0, blockId: 'init', variableId: 'vcount', value: '1' },
  ]);

  const reply = await say(server, sessionId, 'Ann, "the" one');
  expect(texts(reply.body)).toEqual(['Bye Ann, "the" one, count=2']);
  expect(await history(resultId)).toEqual([
    { index: 0, blockIndex: 0, blockId: 'init', variableId: 'vcount', value: '1' },
    { index: 1, blockIndex: 1, blockId: 'ask', variableId: 'vname', value: 'Ann, "the" one' },
    { index: 2, blockIndex: 2, blockId: 'inc', variableId: 'vcount', value: '2' },
  ]);
});

test('a remembered result continues its history after its last row instead of colliding with it', async () => {
  const { publicId } = await publishDefinition(
    server,
    counterBot({ general: { rememberUser: { isEnabled: true, storage: 'local' } } }),
  );
  const first = await startChat(server, publicId);
  const { resultId } = first.body;
  await say(server, first.body.sessionId, 'Bob');
  const again = await startChat(server, publicId, { resultId });
  expect(again.status).toBe(200);
  expect(again.body.resultId).toBe(resultId);
  const rows = (await history(resultId)) as { index: number; blockId: string }[];
  expect(rows.map((row) => [row.index, row.blockId])).toEqual([
    [0, 'init'],
    [1, 'ask'],
    [2, 'inc'],
    [3, 'init'],
  ]);
});

test('previews write no history (no result)', async () => {
  const before = await server.db.setVariableHistoryItem.count();
  const { botId } = await createBot(server, counterBot());
  const started = await request(server.url, 'POST', `/v1/bots/${botId}/preview/startChat`, {
    json: { bot: counterBot() },
  });
  expect(texts(started.body)).toEqual(['count=1']);
  const reply = await say(server, started.body.sessionId, 'Cy');
  expect(texts(reply.body)).toEqual(['Bye Cy, count=2']);
  expect(await server.db.setVariableHistoryItem.count()).toBe(before);
});

test('a remembered result taking a button branch again continues its visited edges too (the turn is not lost)', async () => {
  const definition = v6Bot({
    groups: [
      group('g1', [
        {
          id: 'choice',
          type: 'choice input',
          items: [{ id: 'i1', content: 'Yes', outgoingEdgeId: 'e-yes' }],
          options: { variableId: 'vname' },
        },
      ]),
      group('g2', [textBubble('yes', 'Yes {{Name}}')]),
    ],
    edges: [edge('e-yes', 'g2', { blockId: 'choice', itemId: 'i1' })],
    variables: [{ id: 'vname', name: 'Name' }],
    settings: { general: { rememberUser: { isEnabled: true, storage: 'local' } } },
  });
  const { publicId } = await publishDefinition(server, definition);
  const first = await startChat(server, publicId);
  const { resultId } = first.body;
  expect(texts((await say(server, first.body.sessionId, 'Yes')).body)).toEqual(['Yes Yes']);
  const again = await startChat(server, publicId, { resultId });
  const reply = await say(server, again.body.sessionId, 'Yes');
  expect({ status: reply.status, texts: texts(reply.body) }).toEqual({ status: 200, texts: ['Yes Yes'] });
  const edges = await server.db.visitedEdge.findMany({ where: { resultId }, orderBy: { index: 'asc' } });
  expect(edges.map((row) => [row.index, row.edgeId])).toEqual([
    [0, 'e-yes'],
    [1, 'e-yes'],
  ]);
  expect(await server.db.answer.count({ where: { resultId } })).toBe(2);
});
