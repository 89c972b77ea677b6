import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { request } from '../../helpers/http';
import { httpClient, okTool } from '../../helpers/mcp';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// Values outside the list their field takes (a Set variable's kind of value,
// an AI block's action), over real HTTP: an import keeps them and the draft's
// problems say them in words, through REST and MCP alike; a save that writes
// one is a 400 naming the field; the block types' JSON Schema lists the values.

let server: TestServer;
let mcp: Client;

beforeAll(async () => {
  server = await startTestServer();
  mcp = await httpClient(server.url, server.adminToken);
});
afterAll(async () => {
  await mcp?.close();
  await server?.close();
});

const send = (method: string, path: string, json?: unknown) =>
  request(server.url, method, path, { token: server.adminToken, ...(json === undefined ? {} : { json }) });

function bot(setType: string) {
  return {
    version: '6.1',
    name: 'Values',
    events: [{ id: 'e', type: 'start', outgoingEdgeId: 'ed1', graphCoordinates: { x: 0, y: 0 } }],
    groups: [
      {
        id: 'g1',
        title: 'One',
        graphCoordinates: { x: 0, y: 0 },
        blocks: [
          { id: 'b1', type: 'text', content: { richText: [{ type: 'p', children: [{ text: 'hi' }] }] } },
          { id: 'set', type: 'Set variable', options: { variableId: 'v1', type: setType } },
        ],
      },
    ],
    edges: [{ id: 'ed1', from: { eventId: 'e' }, to: { groupId: 'g1' } }],
    variables: [{ id: 'v1', name: 'When' }],
    theme: {},
    settings: {},
  };
}

const nextWeek = {
  severity: 'warning',
  code: 'INVALID_VALUE',
  groupId: 'g1',
  blockId: 'set',
  path: ['groups', 0, 'blocks', 1, 'options', 'type'],
  message: expect.stringMatching(
    /^Value: “Next week” is not one of the values this field takes \(Custom \(text or code\), .*\): the block empties the variable$/,
  ),
};

test('an import keeps a value outside its list; REST and MCP problems say it at its field, in words', async () => {
  const created = await send('POST', '/v1/bots', { workspaceId: server.adminWorkspaceId, bot: bot('Next week') });
  expect(created.status).toBe(200);
  const botId = created.body.bot.id as string;
  const problems = await send('GET', `/v1/bots/${botId}/problems`);
  expect(problems.body.problems).toContainEqual(nextWeek);
  expect(await okTool(mcp, 'get_problems', { botId })).toContainEqual(nextWeek);
  // Saved again as it was (an editor saving the whole flow), the value is not a new write.
  const renamed = await send('PATCH', `/v1/bots/${botId}`, {
    bot: { name: 'Renamed', groups: bot('Next week').groups },
  });
  expect(renamed.status).toBe(200);
});

test('a save writing a value outside its list is refused, naming the field and the values it takes', async () => {
  const created = await send('POST', '/v1/bots', { workspaceId: server.adminWorkspaceId, bot: bot('Now') });
  const botId = created.body.bot.id as string;
  const refused = await send('PATCH', `/v1/bots/${botId}`, { bot: { groups: bot('Next week').groups } });
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({
    code: 'BAD_REQUEST',
    issues: [
      {
        path: ['bot', 'groups', 0, 'blocks', 1, 'options', 'type'],
        message: expect.stringMatching(/^“Next week” is not one of the values this field takes/),
      },
    ],
  });
  const kept = await send('GET', `/v1/bots/${botId}`);
  expect(kept.body.bot.groups[0].blocks[1].options.type).toBe('Now');
  // One of the list is saved.
  const saved = await send('PATCH', `/v1/bots/${botId}`, { bot: { groups: bot('Tomorrow').groups } });
  expect(saved.status).toBe(200);
});
