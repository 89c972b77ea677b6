import type { Prisma } from '../../../src/db/client';
import { graphql, request } from '../../helpers/http';
import { MINIMAL_BOT } from '../../helpers/bots';
import { startTestServer, type TestServer } from '../../helpers/test-server';

// What a draft may hold, whatever built it (docs/security.md#bounds-of-a-draft):
// a patch cannot name one object twice, and no save makes a draft past the
// bounds of a whole save, however small its request.

jest.setTimeout(60_000);

let server: TestServer;

const CHANGE = `
  mutation ($botId: ID!, $patch: JSON!) {
    changeBotDraft(botId: $botId, patch: $patch) { draftVersion }
  }
`;
const change = (botId: string, patch: unknown) => graphql(server.url, CHANGE, { botId, patch }, server.adminToken);

async function newBot(bot: Record<string, unknown> = MINIMAL_BOT): Promise<string> {
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    json: { workspaceId: server.adminWorkspaceId, bot },
  });
  expect(created.status).toBe(200);
  return created.body.bot.id as string;
}

const stored = async (botId: string) => {
  const row = await server.db.bot.findUniqueOrThrow({
    where: { id: botId },
    select: { draft: true, draftVersion: true },
  });
  return {
    draft: row.draft as { groups: { blocks: Prisma.InputJsonValue[] }[]; events: Prisma.InputJsonValue[] },
    version: row.draftVersion,
  };
};

const words = (id: string, text: string) => ({
  id,
  type: 'text',
  content: { richText: [{ type: 'p', children: [{ text }] }] },
});

beforeAll(async () => {
  server = await startTestServer({
    botBodyLimit: 64 * 1024,
    drafts: { maxGroups: 4, maxBlocks: 6, maxEdges: 20, maxVariables: 20, maxEvents: 3 },
  });
});
afterAll(() => server.close());

describe('a patch names each object once', () => {
  test('an order naming one event many times is refused at the repeat, and nothing is stored', async () => {
    const botId = await newBot();
    const before = await stored(botId);
    const event = { id: 'c1', type: 'command', options: { command: 'help' }, graphCoordinates: { x: 0, y: 200 } };
    const answer = await change(botId, { events: { set: [event], order: ['e', 'c1', ...Array(400).fill('c1')] } });
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_REQUEST' });
    const issues = answer.body.errors?.[0]?.extensions?.issues as { message: string; path: unknown[] }[];
    expect(issues).toHaveLength(400);
    expect(issues[0]).toEqual({ message: 'names "c1" a second time', path: ['patch', 'events', 'order', 2] });
    expect(await stored(botId)).toEqual(before);
  });

  test("a group's blocks, the objects a patch sets and the ids it removes are distinct too", async () => {
    const botId = await newBot();
    const before = await stored(botId);
    const repeatedBlock = await change(botId, {
      groups: { set: [{ id: 'g1', title: 'G', blockIds: ['b1', 'b1', 'b1'] }] },
    });
    expect(repeatedBlock.body.errors?.[0]?.extensions?.issues).toEqual([
      { message: 'names "b1" a second time', path: ['patch', 'groups', 'set', 0, 'blockIds', 1] },
      { message: 'names "b1" a second time', path: ['patch', 'groups', 'set', 0, 'blockIds', 2] },
    ]);
    const setTwice = await change(botId, {
      blocks: {
        set: [
          { groupId: 'g1', block: words('b2', 'one') },
          { groupId: 'g1', block: words('b2', 'two') },
        ],
      },
      edges: { remove: ['ed', 'ed'] },
    });
    expect(setTwice.body.errors?.[0]?.extensions?.issues).toEqual([
      { message: 'sets "b2" a second time', path: ['patch', 'blocks', 'set', 1, 'block', 'id'] },
      { message: 'names "ed" a second time', path: ['patch', 'edges', 'remove', 1] },
    ]);
    expect(await stored(botId)).toEqual(before);
  });

  test('a whole save with two events of one id is refused like two blocks of one id', async () => {
    const botId = await newBot();
    const saved = await request(server.url, 'PATCH', `/v1/bots/${botId}`, {
      token: server.adminToken,
      json: { bot: { events: [...MINIMAL_BOT.events, { id: 'c1', type: 'command' }, { id: 'c1', type: 'command' }] } },
    });
    expect(saved.status).toBe(400);
    expect(saved.body.issues).toEqual([{ message: 'duplicate event id "c1"', path: ['bot', 'events', 2, 'id'] }]);
  });

  test('a draft stored with a repeated event (before events were checked) reads and saves again', async () => {
    const botId = await newBot();
    const { draft } = await stored(botId);
    const start = draft.events[0]!;
    await server.db.bot.update({
      where: { id: botId },
      data: { draft: { ...draft, events: [...draft.events, start, start] } },
    });
    const saved = await change(botId, { blocks: { set: [{ groupId: 'g1', block: words('b1', 'Mended') }] } });
    expect(saved.body.errors).toBeUndefined();
    expect((await stored(botId)).draft.events).toEqual(MINIMAL_BOT.events);
  });
});

describe('a draft is bounded like a whole save, whatever builds it', () => {
  test('patches that add blocks stop at PARLEY_BOT_MAX_BLOCKS, with the limit named', async () => {
    const botId = await newBot();
    const added = (from: number, count: number) => ({
      blocks: {
        set: Array.from({ length: count }, (_, index) => ({
          groupId: 'g1',
          block: words(`n${from + index}`, 'More'),
        })),
      },
    });
    expect((await change(botId, added(0, 5))).body.errors).toBeUndefined();
    const before = await stored(botId);
    const refused = await change(botId, added(5, 1));
    expect(refused.body.errors?.[0]?.message).toBe('This bot would be too large');
    expect(refused.body.errors?.[0]?.extensions).toEqual({
      code: 'BAD_REQUEST',
      issues: [{ message: '7 blocks: a bot may have at most 6 (PARLEY_BOT_MAX_BLOCKS)', path: ['bot', 'groups'] }],
    });
    expect(await stored(botId)).toEqual(before);
    // Lists of edits are bounded the same way.
    const edits = await graphql(
      server.url,
      'mutation ($botId: ID!, $edits: JSON!) { editBot(botId: $botId, edits: $edits) { bot { id } } }',
      {
        botId,
        edits: [
          { op: 'addGroup', title: 'One' },
          { op: 'addBlock', groupId: 'g1', block: words('x', 'x') },
        ],
      },
      server.adminToken,
    );
    expect(edits.body.errors?.[0]?.extensions?.issues).toEqual([
      { message: '7 blocks: a bot may have at most 6 (PARLEY_BOT_MAX_BLOCKS)', path: ['bot', 'groups'] },
    ]);
  });

  test("small patches cannot grow a draft past a whole save's bytes", async () => {
    const botId = await newBot();
    const big = (id: string) => ({
      groups: { set: [{ id: `g-${id}`, title: id, graphCoordinates: { x: 0, y: 0 }, blockIds: [id] }] },
      blocks: { set: [{ groupId: `g-${id}`, block: words(id, 'x'.repeat(25 * 1024)) }] },
    });
    expect((await change(botId, big('a'))).body.errors).toBeUndefined();
    expect((await change(botId, big('b'))).body.errors).toBeUndefined();
    const before = await stored(botId);
    const refused = await change(botId, big('c'));
    expect(refused.body.errors?.[0]?.extensions?.issues).toEqual([
      {
        message: expect.stringMatching(
          /^7\d kB: a bot's definition may weigh at most 64 kB \(PARLEY_BOT_BODY_LIMIT\)$/,
        ),
        path: ['bot'],
      },
    ]);
    expect(await stored(botId)).toEqual(before);
  });

  test('an import past a bound is refused, naming each count over it', async () => {
    const groups = Array.from({ length: 5 }, (_, index) => ({ id: `g${index}`, title: `G${index}`, blocks: [] }));
    const events = [MINIMAL_BOT.events[0], ...['c1', 'c2', 'c3'].map((id) => ({ id, type: 'command' }))];
    const created = await request(server.url, 'POST', '/v1/bots', {
      token: server.adminToken,
      json: { workspaceId: server.adminWorkspaceId, bot: { ...MINIMAL_BOT, groups, events, edges: [] } },
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'This bot would be too large',
      issues: [
        { message: '5 groups: a bot may have at most 4 (PARLEY_BOT_MAX_GROUPS)', path: ['bot', 'groups'] },
        { message: '4 events: a bot may have at most 3 (PARLEY_BOT_MAX_EVENTS)', path: ['bot', 'events'] },
      ],
    });
  });

  test('a draft already past a lowered bound may still be saved when the save does not grow it', async () => {
    const botId = await newBot();
    const { draft } = await stored(botId);
    const crowded = Array.from({ length: 8 }, (_, index) => words(`c${index}`, 'Crowded'));
    await server.db.bot.update({
      where: { id: botId },
      data: { draft: { ...draft, groups: [{ ...draft.groups[0], blocks: crowded }] } },
    });
    const shrunk = await change(botId, { blocks: { remove: ['c7'] } });
    expect(shrunk.body.errors).toBeUndefined();
    expect((await stored(botId)).draft.groups[0]!.blocks).toHaveLength(7);
    const grown = await change(botId, { blocks: { set: [{ groupId: 'g1', block: words('c8', 'More') }] } });
    expect(grown.body.errors?.[0]?.extensions?.issues).toEqual([
      { message: '8 blocks: a bot may have at most 6 (PARLEY_BOT_MAX_BLOCKS)', path: ['bot', 'groups'] },
    ]);
  });
});
