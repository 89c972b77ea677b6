import { applyDraftPatch, type DraftPatch } from '../../../src/engine/shapes/draft-patch';
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
  // The restore's change holds no copy of the revision: a reader whose range includes it reads the draft again.
  expect(log.body).toEqual({ draftVersion: bot.draftVersion + 3, changes: null });
  const rows = await server.db.botDraftChange.findMany({ where: { botId: bot.id }, orderBy: { version: 'asc' } });
  expect(rows.map((row) => row.version)).toEqual([bot.draftVersion + 1, bot.draftVersion + 2, bot.draftVersion + 3]);
  expect(rows[0]!.patch).toEqual({ groups: { set: [expect.objectContaining({ id: 'g1', title: 'Renamed' })] } });
  expect(rows[1]!.patch).toEqual({ theme: { general: { font: 'Inter' } } });
  expect(rows[2]).toMatchObject({ patch: {}, restoredRevision: 1 });
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

  test('adding to the other person’s words, or a block to the group they renamed, replaces nothing: no checkpoint', async () => {
    const bot = await newBot();
    const bob = await createUserWithToken(server.db, `bob4-${bot.id}@parley.test`, {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    const edit = (token: string, edits: unknown[], clientKey: string) =>
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
        { botId: bot.id, edits, clientKey },
        token,
      );
    const overwrites = async () => (await revisionsOf(bot.id)).filter((revision) => revision.reason === 'overwrite');
    expect((await setText(server.adminToken, bot.id, 'b1', 'Ann wrote this', 'ann-tab')).body.errors).toBeUndefined();
    expect(
      (await setText(bob.token, bot.id, 'b1', 'Ann wrote this, and Bob that', 'bob-tab')).body.errors,
    ).toBeUndefined();
    expect(
      (await edit(server.adminToken, [{ op: 'updateGroup', groupId: 'g1', title: 'Ann’s title' }], 'ann-tab')).body
        .errors,
    ).toBeUndefined();
    expect(
      (
        await edit(
          bob.token,
          [{ op: 'addBlock', groupId: 'g1', block: { type: 'text', content: text('Bob’s') } }],
          'bob-tab',
        )
      ).body.errors,
    ).toBeUndefined();
    expect(await overwrites()).toEqual([]);

    // Taking her words out is replacing them.
    await setText(server.adminToken, bot.id, 'b1', 'Ann wrote this, and Bob that, and Ann again', 'ann-tab');
    await setText(bob.token, bot.id, 'b1', 'Bob alone', 'bob-tab');
    expect(await overwrites()).toHaveLength(1);
  });
});

describe('changeBotDraft: an editor sends what it changed, merged over what others saved', () => {
  const CHANGE = `
    mutation ($botId: ID!, $patch: JSON!, $clientKey: String, $since: Int!) {
      changeBotDraft(botId: $botId, patch: $patch, clientKey: $clientKey) {
        draftVersion
        draftChanges(since: $since) {
          version
          clientKey
          patch
        }
      }
    }
  `;
  const change = (botId: string, patch: unknown, since: number, clientKey?: string, token = server.adminToken) =>
    graphql(server.url, CHANGE, { botId, patch, since, clientKey }, token);
  const draftOf = async (botId: string) =>
    (await request(server.url, 'GET', `/v1/bots/${botId}`, { token: server.adminToken })).body.bot;
  const addedGroup = (id: string, blockId: string, words: string) => ({
    groups: { set: [{ id, title: id, graphCoordinates: { x: 400, y: 0 }, blockIds: [blockId] }] },
    blocks: { set: [{ groupId: id, block: { id: blockId, type: 'text', content: text(words) } }] },
  });

  test('two tabs that read the same version both land, and each answer lists every save since its read', async () => {
    const bot = await newBot();
    const first = await change(bot.id, addedGroup('ga', 'ba', 'From tab A'), bot.draftVersion, 'tab-a');
    expect(first.body.errors).toBeUndefined();
    // Tab B read the same version: no CONFLICT, tab A's group stays.
    const second = await change(bot.id, addedGroup('gb', 'bb', 'From tab B'), bot.draftVersion, 'tab-b');
    expect(second.body.errors).toBeUndefined();
    expect(second.body.data.changeBotDraft.draftVersion).toBe(bot.draftVersion + 2);
    expect(
      second.body.data.changeBotDraft.draftChanges.map((each: { version: number; clientKey: string }) => [
        each.version,
        each.clientKey,
      ]),
    ).toEqual([
      [bot.draftVersion + 1, 'tab-a'],
      [bot.draftVersion + 2, 'tab-b'],
    ]);
    const draft = await draftOf(bot.id);
    expect(draft.groups.map((group: { id: string }) => group.id)).toEqual(['g1', 'ga', 'gb']);
    expect(draft.groups[2].blocks[0].content).toEqual(text('From tab B'));
  });

  test('both changing one block: the later wins, the earlier value is kept in a draft checkpoint', async () => {
    const bot = await newBot();
    const bob = await createUserWithToken(server.db, `bob3-${bot.id}@parley.test`, {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    const words = (value: string) => ({
      blocks: { set: [{ groupId: 'g1', block: { id: 'b1', type: 'text', content: text(value) } }] },
    });
    expect((await change(bot.id, words('Ann’s words'), bot.draftVersion, 'ann')).body.errors).toBeUndefined();
    expect(
      (await change(bot.id, words('Bob’s words'), bot.draftVersion, 'bob', bob.token)).body.errors,
    ).toBeUndefined();
    expect((await draftOf(bot.id)).groups[0].blocks[0].content).toEqual(text('Bob’s words'));
    const revisions = (await request(server.url, 'GET', `/v1/bots/${bot.id}/revisions`, { token: server.adminToken }))
      .body.revisions as { revision: number; kind: string; reason: string | null }[];
    expect(revisions.map(({ kind, reason }) => [kind, reason])).toEqual([['draft', 'overwrite']]);
    const kept = await request(server.url, 'GET', `/v1/bots/${bot.id}/revisions/${revisions[0]!.revision}`, {
      token: server.adminToken,
    });
    expect(kept.body.revision.definition.groups[0].blocks[0].content).toEqual(text('Ann’s words'));
  });

  test('a variable renamed by the flow editor is followed in the settings it did not send', async () => {
    const bot = await newBot();
    const saved = await request(server.url, 'PATCH', `/v1/bots/${bot.id}`, {
      token: server.adminToken,
      json: {
        bot: {
          variables: [{ id: 'v1', name: 'City' }],
          settings: { general: { isBrandingEnabled: false }, metadata: { title: 'Weather in {{City}}' } },
        },
      },
    });
    expect(saved.status).toBe(200);
    const renamed = await change(bot.id, { variables: { set: [{ id: 'v1', name: 'Town' }] } }, bot.draftVersion + 1);
    expect(renamed.body.errors).toBeUndefined();
    expect((await draftOf(bot.id)).settings.metadata.title).toBe('Weather in {{Town}}');
  });

  test('a malformed patch, a block the definition refuses, or a guest: clear refusals, nothing saved', async () => {
    const bot = await newBot();
    const malformed = await change(bot.id, { groups: { set: [{ id: 'gx' }] }, extra: 1 }, bot.draftVersion);
    expect(malformed.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_REQUEST',
      issues: expect.arrayContaining([
        expect.objectContaining({ path: ['patch', 'groups', 'set', 0, 'blockIds'] }),
        expect.objectContaining({ path: ['patch'] }),
      ]),
    });
    const unknownType = await change(
      bot.id,
      { blocks: { set: [{ groupId: 'g1', block: { id: 'b9', type: 'teleport' } }] } },
      bot.draftVersion,
    );
    expect(unknownType.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [expect.objectContaining({ path: ['patch', 'blocks', 'set', 0, 'block', 'type'] })],
    });
    const badColour = await change(bot.id, { theme: { chat: { hostBubbles: { backgroundColor: 'blurple' } } } }, 0);
    expect(badColour.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [expect.objectContaining({ path: ['bot', 'theme', 'chat', 'hostBubbles', 'backgroundColor'] })],
    });
    const guest = await createUserWithToken(server.db, `guest-${bot.id}@parley.test`, {
      workspaceId: server.adminWorkspaceId,
      role: 'GUEST',
    });
    const refused = await change(bot.id, addedGroup('gz', 'bz', 'Guest'), bot.draftVersion, undefined, guest.token);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const draft = await draftOf(bot.id);
    expect(draft.groups.map((group: { id: string }) => group.id)).toEqual(['g1']);
    const read = await graphql(
      server.url,
      'query($botId: ID!) { bot(botId: $botId) { draftVersion } }',
      { botId: bot.id },
      server.adminToken,
    );
    expect(read.body.data.bot.draftVersion).toBe(bot.draftVersion);
  });
});

describe('a tab\'s key is its user\'s (docs/co-editing.md, "Whose tab")', () => {
  const CHANGE = `
    mutation ($botId: ID!, $patch: JSON!, $clientKey: String, $since: Int!) {
      changeBotDraft(botId: $botId, patch: $patch, clientKey: $clientKey) {
        draftChanges(since: $since) {
          authorId
          clientKey
        }
      }
    }
  `;
  const EDITING = `subscription($botId: ID!, $sessionKey: String!) {
    botEditing(botId: $botId, sessionKey: $sessionKey) { draftChanged { draftVersion authorId clientKey } }
  }`;
  const title = (value: string) => ({
    groups: { set: [{ id: 'g1', title: value, graphCoordinates: { x: 0, y: 0 }, blockIds: ['b1'] }] },
  });
  const keysIn = (changes: { authorId: string; clientKey: string | null }[]) =>
    changes.map(({ authorId, clientKey }) => [authorId, clientKey]);

  test("another user's saves come without their tab's key, and a save sent under the admin's key is not the admin's tab's", async () => {
    const bot = await newBot();
    const member = await createUserWithToken(server.db, `member-${bot.id}@parley.test`, {
      workspaceId: server.adminWorkspaceId,
      role: 'MEMBER',
    });
    const guest = await createUserWithToken(server.db, `guest-key-${bot.id}@parley.test`, {
      workspaceId: server.adminWorkspaceId,
      role: 'GUEST',
    });
    // What the admin's editor tab follows (the console's stream), and what REST clients of the admin and a guest read.
    const adminTab = await openSse(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.adminToken}` },
      body: JSON.stringify({ query: EDITING, variables: { botId: bot.id, sessionKey: 'admin-tab' } }),
    });
    streams.push(adminTab);
    await adminTab.opened;
    const adminLive = await watch(server.url, bot.id);
    const guestLive = await watch(server.url, bot.id, guest.token);

    const save = (token: string, value: string) =>
      graphql(
        server.url,
        CHANGE,
        { botId: bot.id, patch: title(value), since: bot.draftVersion, clientKey: 'admin-tab' },
        token,
      );
    expect((await save(server.adminToken, 'The admin’s')).body.errors).toBeUndefined();
    // A member who learnt the admin's key sends it with a save of theirs.
    const members = await save(member.token, 'The member’s');
    expect(members.body.errors).toBeUndefined();
    // The member sees the key they sent on their own save only.
    expect(keysIn(members.body.data.changeBotDraft.draftChanges)).toEqual([
      [adminId, null],
      [member.userId, 'admin-tab'],
    ]);
    // The admin's tab: the member's save is someone else's (caught up with, never skipped as its own).
    const admins = await save(server.adminToken, 'The admin’s again');
    expect(keysIn(admins.body.data.changeBotDraft.draftChanges)).toEqual([
      [adminId, 'admin-tab'],
      [member.userId, null],
      [adminId, 'admin-tab'],
    ]);

    const version = (n: number) => bot.draftVersion + n;
    for (const [n, authorId, clientKey] of [
      [1, adminId, 'admin-tab'],
      [2, member.userId, null],
      [3, adminId, 'admin-tab'],
    ] as const) {
      expect(await eventOf(adminTab, n)).toEqual({
        data: { botEditing: { draftChanged: { draftVersion: version(n), authorId, clientKey } } },
      });
      expect(await eventOf(adminLive, n)).toEqual({ botId: bot.id, draftVersion: version(n), authorId, clientKey });
      // A guest never reads anyone's key.
      expect(await eventOf(guestLive, n)).toEqual({
        botId: bot.id,
        draftVersion: version(n),
        authorId,
        clientKey: null,
      });
    }
    const logOf = async (token: string) =>
      keysIn(
        (await request(server.url, 'GET', `/v1/bots/${bot.id}/draft/changes?since=${bot.draftVersion}`, { token })).body
          .changes,
      );
    expect(await logOf(guest.token)).toEqual([
      [adminId, null],
      [member.userId, null],
      [adminId, null],
    ]);
    expect(await logOf(member.token)).toEqual([
      [adminId, null],
      [member.userId, 'admin-tab'],
      [adminId, null],
    ]);
  });
});
