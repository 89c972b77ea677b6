import { applyDraftPatch, type DraftPatch } from '../../../src/engine/definition/patch';
import { parseDefinition } from '../../../src/engine/definition/parse';
import { canonicalJson } from '../../../src/engine/json';
import { graphql, request } from '../../helpers/http';
import { MINIMAL_BOT } from '../../helpers/bots';
import { openSse, type SseStream } from '../../helpers/sse';
import { createUserWithToken, startPeerServer, startTestServer, type TestServer } from '../../helpers/test-server';

// Editing together, the server's part (docs/co-editing.md): every save of a
// draft, whatever made it, is logged with its patch and announced to the
// editors that have the bot open, on every process.

jest.setTimeout(60_000);

let server: TestServer;
let adminId: string;
const streams: SseStream[] = [];

const watch = async (baseUrl: string, botId: string, token = server.adminToken) => {
  const stream = await openSse(`${baseUrl}/v1/bots/${botId}/draft/live`, {
    headers: { authorization: `Bearer ${token}` },
  });
  streams.push(stream);
  await stream.opened;
  return stream;
};
const eventOf = async (stream: SseStream, count: number) => JSON.parse((await stream.message(count, 5_000)).data);

async function newBot(): Promise<{ id: string; draftVersion: number }> {
  const created = await request(server.url, 'POST', '/v1/bots', {
    token: server.adminToken,
    json: { workspaceId: server.adminWorkspaceId, bot: MINIMAL_BOT },
  });
  expect(created.status).toBe(200);
  const read = await graphql(
    server.url,
    'query($botId: ID!) { bot(botId: $botId) { draftVersion } }',
    { botId: created.body.bot.id },
    server.adminToken,
  );
  return { id: created.body.bot.id, draftVersion: read.body.data.bot.draftVersion };
}

const text = (value: string) => ({ richText: [{ type: 'p', children: [{ text: value }] }] });

beforeAll(async () => {
  server = await startTestServer();
  adminId = (await server.db.apiToken.findFirstOrThrow({ where: { name: { not: '' } }, orderBy: { createdAt: 'asc' } }))
    .userId;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await Promise.all(streams.map((stream) => stream.ended));
  await server.close();
});

test('a REST PATCH reaches an open stream, and its patch rebuilds the draft from the version before', async () => {
  const bot = await newBot();
  const before = (await request(server.url, 'GET', `/v1/bots/${bot.id}`, { token: server.adminToken })).body.bot;
  const stream = await watch(server.url, bot.id);
  const groups = [
    ...MINIMAL_BOT.groups,
    { id: 'g2', title: 'Added by an API client', blocks: [{ id: 'b2', type: 'text', content: text('Hello') }] },
  ];
  const patched = await request(server.url, 'PATCH', `/v1/bots/${bot.id}`, {
    token: server.adminToken,
    json: { bot: { groups } },
  });
  expect(patched.status).toBe(200);
  expect(await eventOf(stream, 1)).toEqual({
    botId: bot.id,
    draftVersion: bot.draftVersion + 1,
    authorId: adminId,
    clientKey: null,
  });

  const changes = await request(server.url, 'GET', `/v1/bots/${bot.id}/draft/changes?since=${bot.draftVersion}`, {
    token: server.adminToken,
  });
  expect(changes.status).toBe(200);
  expect(changes.body.draftVersion).toBe(bot.draftVersion + 1);
  expect(changes.body.changes).toEqual([
    {
      version: bot.draftVersion + 1,
      createdAt: expect.any(String),
      authorId: adminId,
      clientKey: null,
      patch: {
        groups: { set: [{ id: 'g2', title: 'Added by an API client', blockIds: ['b2'] }] },
        blocks: expect.any(Object),
      },
    },
  ]);
  const parsed = parseDefinition(before);
  if (!parsed.ok) throw new Error('stored draft');
  const rebuilt = applyDraftPatch(parsed.definition, changes.body.changes[0].patch as DraftPatch);
  const after = (await request(server.url, 'GET', `/v1/bots/${bot.id}`, { token: server.adminToken })).body.bot;
  const now = parseDefinition(after);
  if (!now.ok) throw new Error('stored draft');
  expect(canonicalJson(rebuilt)).toBe(canonicalJson(now.definition));
});

test('editBot, updateBot and a restore are announced too, with the editor tab that saved', async () => {
  const bot = await newBot();
  const stream = await watch(server.url, bot.id);
  const edit = await graphql(
    server.url,
    `
      mutation ($botId: ID!, $edits: JSON!, $clientKey: String) {
        editBot(botId: $botId, edits: $edits, clientKey: $clientKey) {
          bot {
            draftVersion
          }
        }
      }
    `,
    { botId: bot.id, edits: [{ op: 'updateGroup', groupId: 'g1', title: 'Renamed' }], clientKey: 'tab-a' },
    server.adminToken,
  );
  expect(edit.body.errors).toBeUndefined();
  expect(await eventOf(stream, 1)).toMatchObject({ draftVersion: bot.draftVersion + 1, clientKey: 'tab-a' });

  const update = await graphql(
    server.url,
    `
      mutation ($botId: ID!, $bot: JSON!) {
        updateBot(botId: $botId, bot: $bot, clientKey: "tab-b") {
          draftVersion
        }
      }
    `,
    { botId: bot.id, bot: { theme: { general: { font: 'Inter' } } } },
    server.adminToken,
  );
  expect(update.body.errors).toBeUndefined();
  expect(await eventOf(stream, 2)).toMatchObject({ draftVersion: bot.draftVersion + 2, clientKey: 'tab-b' });

  expect((await request(server.url, 'POST', `/v1/bots/${bot.id}/publish`, { token: server.adminToken })).status).toBe(
    200,
  );
  const restored = await request(server.url, 'POST', `/v1/bots/${bot.id}/revisions/1/restore`, {
    token: server.adminToken,
    json: {},
  });
  expect(restored.status).toBe(200);
  expect(await eventOf(stream, 3)).toMatchObject({ draftVersion: bot.draftVersion + 3, clientKey: null });

  const log = await request(server.url, 'GET', `/v1/bots/${bot.id}/draft/changes?since=${bot.draftVersion}`, {
    token: server.adminToken,
  });
  expect(log.body.changes.map((change: { version: number }) => change.version)).toEqual([
    bot.draftVersion + 1,
    bot.draftVersion + 2,
    bot.draftVersion + 3,
  ]);
  expect(log.body.changes[0].patch).toEqual({
    groups: { set: [expect.objectContaining({ id: 'g1', title: 'Renamed' })] },
  });
  expect(log.body.changes[1].patch).toEqual({ theme: { general: { font: 'Inter' } } });
});

test('a version ahead of the bot, or a bad editor key, is answered clearly', async () => {
  const bot = await newBot();
  const ahead = await request(server.url, 'GET', `/v1/bots/${bot.id}/draft/changes?since=${bot.draftVersion + 5}`, {
    token: server.adminToken,
  });
  expect(ahead.body).toEqual({ draftVersion: bot.draftVersion, changes: null });
  const upToDate = await request(server.url, 'GET', `/v1/bots/${bot.id}/draft/changes?since=${bot.draftVersion}`, {
    token: server.adminToken,
  });
  expect(upToDate.body).toEqual({ draftVersion: bot.draftVersion, changes: [] });
  const badKey = await graphql(
    server.url,
    `
      mutation ($botId: ID!) {
        editBot(botId: $botId, edits: [{ op: "addVariable", name: "X" }], clientKey: "not a key!") {
          bot {
            id
          }
        }
      }
    `,
    { botId: bot.id },
    server.adminToken,
  );
  expect(badKey.body.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
});

test("another workspace's bot: no stream, no changes", async () => {
  const bot = await newBot();
  const outsider = await createUserWithToken(server.db, 'outsider-draft@parley.test');
  const changes = await request(server.url, 'GET', `/v1/bots/${bot.id}/draft/changes?since=0`, {
    token: outsider.token,
  });
  expect(changes.status).toBe(404);
  const stream = await openSse(`${server.url}/v1/bots/${bot.id}/draft/live`, {
    headers: { authorization: `Bearer ${outsider.token}` },
  });
  streams.push(stream);
  expect(stream.status).toBe(404);
});

test('two processes on PostgreSQL hear each other’s saves', async () => {
  if (server.provider !== 'postgresql') return; // SQLite serves from one process (its workers relay through the primary).
  const peer = await startPeerServer(server);
  try {
    const bot = await newBot();
    const onPeer = await watch(peer.url, bot.id);
    const onFirst = await watch(server.url, bot.id);
    const saved = await request(server.url, 'POST', `/v1/bots/${bot.id}/edits`, {
      token: server.adminToken,
      json: { edits: [{ op: 'addGroup', id: 'from-first', title: 'From the first process' }] },
    });
    expect(saved.status).toBe(200);
    expect(await eventOf(onPeer, 1)).toMatchObject({ draftVersion: bot.draftVersion + 1 });
    const back = await request(peer.url, 'POST', `/v1/bots/${bot.id}/edits`, {
      token: server.adminToken,
      json: { edits: [{ op: 'addGroup', id: 'from-peer', title: 'From the peer' }] },
    });
    expect(back.status).toBe(200);
    expect(await eventOf(onFirst, 2)).toMatchObject({ draftVersion: bot.draftVersion + 2 });
  } finally {
    await peer.close();
  }
});

describe('two people changing the same object at once', () => {
  const setText = (token: string, botId: string, blockId: string, words: string, clientKey: string) =>
    graphql(
      server.url,
      `
        mutation ($botId: ID!, $edits: JSON!, $clientKey: String) {
          editBot(botId: $botId, edits: $edits, clientKey: $clientKey) {
            bot {
              draftVersion
            }
          }
        }
      `,
      { botId, edits: [{ op: 'updateBlock', blockId, content: text(words) }], clientKey },
      token,
    );
  const revisionsOf = async (botId: string) =>
    (await request(server.url, 'GET', `/v1/bots/${botId}/revisions`, { token: server.adminToken })).body.revisions as {
      revision: number;
      kind: string;
      reason: string | null;
    }[];

  test('the later save wins, and the value it replaced is kept in a draft checkpoint', async () => {
    const bot = await newBot();
    const bob = await createUserWithToken(server.db, `bob-${bot.id}@parley.test`, {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    expect((await setText(server.adminToken, bot.id, 'b1', 'Ann wrote this', 'ann-tab')).body.errors).toBeUndefined();
    expect((await setText(bob.token, bot.id, 'b1', 'Bob wrote that', 'bob-tab')).body.errors).toBeUndefined();
    const draft = (await request(server.url, 'GET', `/v1/bots/${bot.id}`, { token: server.adminToken })).body.bot;
    expect(draft.groups[0].blocks[0].content).toEqual(text('Bob wrote that'));
    const [checkpoint] = await revisionsOf(bot.id);
    expect(checkpoint).toMatchObject({ kind: 'draft', reason: 'overwrite' });
    const kept = await request(server.url, 'GET', `/v1/bots/${bot.id}/revisions/${checkpoint!.revision}`, {
      token: server.adminToken,
    });
    expect(kept.body.revision.definition.groups[0].blocks[0].content).toEqual(text('Ann wrote this'));
  });

  test('changes to different objects, or one person’s successive saves, take no checkpoint', async () => {
    const bot = await newBot();
    const bob = await createUserWithToken(server.db, `bob2-${bot.id}@parley.test`, {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    await setText(server.adminToken, bot.id, 'b1', 'Ann once', 'ann-tab');
    await setText(server.adminToken, bot.id, 'b1', 'Ann twice', 'ann-tab');
    const other = await graphql(
      server.url,
      `
        mutation ($botId: ID!) {
          editBot(botId: $botId, edits: [{ op: "updateGroup", groupId: "g1", title: "Bob's title" }]) {
            bot {
              draftVersion
            }
          }
        }
      `,
      { botId: bot.id },
      bob.token,
    );
    expect(other.body.errors).toBeUndefined();
    expect((await revisionsOf(bot.id)).filter((revision) => revision.reason === 'overwrite')).toEqual([]);
  });
});
