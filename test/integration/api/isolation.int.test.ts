import { addInvoice } from '../../../src/services/billing';
import { ensureUser } from '../../../src/services/users';
import { createToken } from '../../../src/services/tokens';
import { graphql, request } from '../../helpers/http';
import { MINIMAL_BOT } from '../../helpers/bots';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Workspace isolation and roles (docs/api-decisions.md#errors, #authentication-and-roles):
// a caller outside workspace B gets 404 NOT_FOUND for everything of B (its
// existence is never revealed), a member whose role does not allow an
// operation gets 403 FORBIDDEN, and neither changes anything.

const NOT_FOUND = { code: 'NOT_FOUND', message: 'Not found', issues: [] };
const FORBIDDEN = { code: 'FORBIDDEN', message: 'Insufficient access', issues: [] };

interface Actor {
  userId: string;
  token: string;
  email: string;
}

let server: TestServer;
let owner: Actor;
let member: Actor;
let guest: Actor;
let outsider: Actor & { workspaceId: string };
let workspaceB: string;
/** A published bot of B with one completed result. */
let botB: string;
let baseline: Snapshot;

type Snapshot = Record<string, unknown>;

const call = (actor: { token: string } | undefined, method: string, path: string, json?: unknown) =>
  request(server.url, method, path, { token: actor?.token, json });

/** Everything of B as its owner sees it. */
async function snapshot(): Promise<Snapshot> {
  const reads: Record<string, string> = {
    workspace: `/v1/workspaces/${workspaceB}`,
    members: `/v1/workspaces/${workspaceB}/members`,
    bots: `/v1/bots?workspaceId=${workspaceB}`,
    bot: `/v1/bots/${botB}`,
    invoices: `/v1/billing/invoices?workspaceId=${workspaceB}`,
    usage: `/v1/billing/usage?workspaceId=${workspaceB}`,
    stats: `/v1/bots/${botB}/analytics/stats?timeFilter=allTime`,
  };
  const result: Snapshot = {};
  for (const [key, path] of Object.entries(reads)) {
    const response = await call(owner, 'GET', path);
    expect(response.status).toBe(200);
    result[key] = response.body;
  }
  const memberships = await server.db.memberInWorkspace.findMany({
    where: { workspaceId: workspaceB },
    select: { userId: true, role: true },
    orderBy: { userId: 'asc' },
  });
  result.memberships = memberships;
  result.liveBots = await server.db.bot.count({ where: { workspaceId: workspaceB, isArchived: false } });
  return result;
}

beforeAll(async () => {
  server = await startTestServer();
  const ownerUser = await createUserWithToken(server.db, 'owner-b@parley.test');
  owner = { ...ownerUser, email: 'owner-b@parley.test' };
  const created = await call(owner, 'POST', '/v1/workspaces', { name: 'Workspace B' });
  expect(created.status).toBe(200);
  workspaceB = created.body.workspace.id;
  member = {
    ...(await createUserWithToken(server.db, 'member-b@parley.test', { workspaceId: workspaceB, role: 'MEMBER' })),
    email: 'member-b@parley.test',
  };
  guest = {
    ...(await createUserWithToken(server.db, 'guest-b@parley.test', { workspaceId: workspaceB, role: 'GUEST' })),
    email: 'guest-b@parley.test',
  };
  const outsiderUser = await createUserWithToken(server.db, 'outsider@parley.test');
  outsider = { ...outsiderUser, email: 'outsider@parley.test', workspaceId: outsiderUser.personalWorkspaceId };

  const bot = await call(owner, 'POST', '/v1/bots', { workspaceId: workspaceB, bot: MINIMAL_BOT });
  expect(bot.status).toBe(200);
  botB = bot.body.bot.id;
  expect((await call(owner, 'POST', `/v1/bots/${botB}/publish`)).status).toBe(200);
  await server.db.result.create({ data: { botId: botB, variables: [], hasStarted: true, isCompleted: true } });
  await addInvoice(server.db, {
    workspaceId: workspaceB,
    amount: 3900,
    currency: 'usd',
    url: 'https://billing.example.com/inv/1',
    paidAt: new Date('2026-01-15T10:00:00.000Z'),
  });
  baseline = await snapshot();
});
afterAll(() => server.close());

test('the baseline is meaningful (B has a published bot, a result, an invoice and three members)', () => {
  expect(baseline.stats).toEqual({ stats: { totalViews: 1, totalStarts: 1, totalCompleted: 1 } });
  expect((baseline.usage as { totalChatsUsed: number }).totalChatsUsed).toBe(1);
  expect((baseline.invoices as { invoices: unknown[] }).invoices).toHaveLength(1);
  expect((baseline.bot as { bot: { publishedAt: unknown } }).bot.publishedAt).toEqual(expect.any(String));
  expect(baseline.memberships).toHaveLength(3);
  expect(baseline.liveBots).toBe(1);
});

interface Case {
  label: string;
  method: string;
  path: () => string;
  body?: () => unknown;
}

/** Every read and write on B's resources. */
const everyOperation: Case[] = [
  { label: 'get workspace', method: 'GET', path: () => `/v1/workspaces/${workspaceB}` },
  {
    label: 'update workspace',
    method: 'PATCH',
    path: () => `/v1/workspaces/${workspaceB}`,
    body: () => ({ name: 'Pwned', icon: '💀' }),
  },
  { label: 'delete workspace', method: 'DELETE', path: () => `/v1/workspaces/${workspaceB}` },
  { label: 'list members', method: 'GET', path: () => `/v1/workspaces/${workspaceB}/members` },
  {
    label: 'add themselves as member',
    method: 'POST',
    path: () => `/v1/workspaces/${workspaceB}/members`,
    body: () => ({ email: outsider.email, role: 'ADMIN' }),
  },
  {
    label: 'add a new member',
    method: 'POST',
    path: () => `/v1/workspaces/${workspaceB}/members`,
    body: () => ({ email: 'accomplice@parley.test', role: 'ADMIN' }),
  },
  {
    label: 'demote the owner',
    method: 'PATCH',
    path: () => `/v1/workspaces/${workspaceB}/members/${owner.userId}`,
    body: () => ({ role: 'GUEST' }),
  },
  {
    label: 'promote the guest (by e-mail)',
    method: 'PATCH',
    path: () => `/v1/workspaces/${workspaceB}/members/${guest.email}`,
    body: () => ({ role: 'ADMIN' }),
  },
  { label: 'remove the guest', method: 'DELETE', path: () => `/v1/workspaces/${workspaceB}/members/${guest.userId}` },
  {
    label: 'remove the owner (by e-mail)',
    method: 'DELETE',
    path: () => `/v1/workspaces/${workspaceB}/members/${owner.email}`,
  },
  { label: 'list invoices', method: 'GET', path: () => `/v1/billing/invoices?workspaceId=${workspaceB}` },
  { label: 'read usage', method: 'GET', path: () => `/v1/billing/usage?workspaceId=${workspaceB}` },
  {
    label: 'create a bot',
    method: 'POST',
    path: () => '/v1/bots',
    body: () => ({ workspaceId: workspaceB, bot: { ...MINIMAL_BOT, name: 'Intruder' } }),
  },
  { label: 'list bots', method: 'GET', path: () => `/v1/bots?workspaceId=${workspaceB}` },
  { label: 'get a bot', method: 'GET', path: () => `/v1/bots/${botB}` },
  {
    label: 'update a bot',
    method: 'PATCH',
    path: () => `/v1/bots/${botB}`,
    body: () => ({ bot: { name: 'Pwned', publicId: 'pwned' } }),
  },
  { label: 'delete a bot', method: 'DELETE', path: () => `/v1/bots/${botB}` },
  { label: 'publish a bot', method: 'POST', path: () => `/v1/bots/${botB}/publish` },
  { label: 'unpublish a bot', method: 'POST', path: () => `/v1/bots/${botB}/unpublish` },
  { label: 'read bot stats', method: 'GET', path: () => `/v1/bots/${botB}/analytics/stats` },
  {
    label: 'read bot stats (allTime, time zone)',
    method: 'GET',
    path: () => `/v1/bots/${botB}/analytics/stats?timeFilter=allTime&timeZone=Europe/Paris`,
  },
  { label: 'watch live results', method: 'GET', path: () => `/v1/bots/${botB}/results/live` },
  { label: 'read a result transcript', method: 'GET', path: () => `/v1/bots/${botB}/results/any-result/transcript` },
];

describe('a non-member of B', () => {
  test.each(everyOperation)('gets 404 NOT_FOUND on: $label, and nothing changes', async ({ method, path, body }) => {
    const response = await call(outsider, method, path(), body?.());
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
    expect(await snapshot()).toEqual(baseline);
  });

  test('the 404 is indistinguishable from the one for an id that does not exist', async () => {
    const pairs: [string, string, string, unknown?][] = [
      ['GET', `/v1/workspaces/${workspaceB}`, '/v1/workspaces/no-such-workspace'],
      ['PATCH', `/v1/workspaces/${workspaceB}`, '/v1/workspaces/no-such-workspace', { name: 'x' }],
      ['GET', `/v1/bots/${botB}`, '/v1/bots/no-such-bot'],
      ['GET', `/v1/bots/${botB}/analytics/stats`, '/v1/bots/no-such-bot/analytics/stats'],
      ['GET', `/v1/bots/${botB}/results/live`, '/v1/bots/no-such-bot/results/live'],
      ['GET', `/v1/billing/usage?workspaceId=${workspaceB}`, '/v1/billing/usage?workspaceId=no-such-workspace'],
    ];
    for (const [method, real, fake, body] of pairs) {
      const onReal = await call(outsider, method, real, body);
      const onFake = await call(outsider, method, fake, body);
      expect({ status: onReal.status, body: onReal.body }).toEqual({ status: onFake.status, body: onFake.body });
      expect(onReal.status).toBe(404);
    }
  });

  test('an invalid body on B is still a 404 when the input is well-typed (validation does not run first)', async () => {
    const response = await call(outsider, 'PATCH', `/v1/workspaces/${workspaceB}`, { name: '' });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(NOT_FOUND);
  });

  test('B never shows up in their workspace list', async () => {
    const response = await call(outsider, 'GET', '/v1/workspaces');
    expect(response.status).toBe(200);
    expect(response.body.workspaces.map((w: { id: string }) => w.id)).toEqual([outsider.workspaceId]);
  });

  test('usage without workspaceId is about their own workspace, not B', async () => {
    const response = await call(outsider, 'GET', '/v1/billing/usage');
    expect(response.status).toBe(200);
    expect(response.body.totalChatsUsed).toBe(0);
  });

  test('GraphQL answers NOT_FOUND as well', async () => {
    const response = await graphql(
      server.url,
      'query($w: ID!) { workspace(workspaceId: $w) { name } }',
      { w: workspaceB },
      outsider.token,
    );
    expect(response.body.data ?? null).toBeNull();
    expect(response.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const mutation = await graphql(
      server.url,
      'mutation($b: ID!) { deleteBot(botId: $b) { message } }',
      { b: botB },
      outsider.token,
    );
    expect(mutation.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await snapshot()).toEqual(baseline);
  });

  test('their own workspace is unaffected by B (control: the outsider is a working user)', async () => {
    const response = await call(outsider, 'POST', '/v1/bots', { workspaceId: outsider.workspaceId, bot: MINIMAL_BOT });
    expect(response.status).toBe(200);
    expect(response.body.bot.workspaceId).toBe(outsider.workspaceId);
  });
});

/** Operations reserved to ADMIN (docs/api-decisions.md#authentication-and-roles). */
const adminOnly: Case[] = [
  {
    label: 'update workspace',
    method: 'PATCH',
    path: () => `/v1/workspaces/${workspaceB}`,
    body: () => ({ name: 'Pwned' }),
  },
  {
    label: 'clear the workspace icon',
    method: 'PATCH',
    path: () => `/v1/workspaces/${workspaceB}`,
    body: () => ({ icon: null }),
  },
  { label: 'delete workspace', method: 'DELETE', path: () => `/v1/workspaces/${workspaceB}` },
  {
    label: 'add a member',
    method: 'POST',
    path: () => `/v1/workspaces/${workspaceB}/members`,
    body: () => ({ email: 'accomplice@parley.test', role: 'ADMIN' }),
  },
  {
    label: 'promote themselves',
    method: 'PATCH',
    path: () => `/v1/workspaces/${workspaceB}/members/__self__`,
    body: () => ({ role: 'ADMIN' }),
  },
  {
    label: 'demote the owner',
    method: 'PATCH',
    path: () => `/v1/workspaces/${workspaceB}/members/${owner.userId}`,
    body: () => ({ role: 'GUEST' }),
  },
  { label: 'remove the owner', method: 'DELETE', path: () => `/v1/workspaces/${workspaceB}/members/${owner.userId}` },
  { label: 'remove themselves', method: 'DELETE', path: () => `/v1/workspaces/${workspaceB}/members/__self__` },
  { label: 'list invoices', method: 'GET', path: () => `/v1/billing/invoices?workspaceId=${workspaceB}` },
  { label: 'read usage', method: 'GET', path: () => `/v1/billing/usage?workspaceId=${workspaceB}` },
];

/** Bot writes: ADMIN or MEMBER. */
const botWrites: Case[] = [
  {
    label: 'create a bot',
    method: 'POST',
    path: () => '/v1/bots',
    body: () => ({ workspaceId: workspaceB, bot: { ...MINIMAL_BOT, name: 'By guest' } }),
  },
  {
    label: 'update a bot',
    method: 'PATCH',
    path: () => `/v1/bots/${botB}`,
    body: () => ({ bot: { name: 'Renamed by guest' } }),
  },
  { label: 'delete a bot', method: 'DELETE', path: () => `/v1/bots/${botB}` },
  { label: 'publish a bot', method: 'POST', path: () => `/v1/bots/${botB}/publish` },
  { label: 'unpublish a bot', method: 'POST', path: () => `/v1/bots/${botB}/unpublish` },
];

const actorFor = (role: 'MEMBER' | 'GUEST') => (role === 'MEMBER' ? member : guest);
const resolvePath = (path: string, actor: Actor) => path.replace('__self__', actor.userId);

describe.each(['MEMBER', 'GUEST'] as const)('a %s of B', (role) => {
  test.each(adminOnly)('gets 403 FORBIDDEN on: $label, and nothing changes', async ({ method, path, body }) => {
    const actor = actorFor(role);
    const response = await call(actor, method, resolvePath(path(), actor), body?.());
    expect(response.status).toBe(403);
    expect(response.body).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(baseline);
  });

  test('may read the workspace, its members, its bots, a bot and its stats (same answers as the owner)', async () => {
    const actor = actorFor(role);
    const reads: [string, string][] = [
      ['workspace', `/v1/workspaces/${workspaceB}`],
      ['members', `/v1/workspaces/${workspaceB}/members`],
      ['bots', `/v1/bots?workspaceId=${workspaceB}`],
      ['bot', `/v1/bots/${botB}`],
      ['stats', `/v1/bots/${botB}/analytics/stats?timeFilter=allTime`],
    ];
    for (const [key, path] of reads) {
      const response = await call(actor, 'GET', path);
      expect({ key, status: response.status }).toEqual({ key, status: 200 });
      expect(response.body).toEqual(baseline[key]);
    }
    const defaultStats = await call(actor, 'GET', `/v1/bots/${botB}/analytics/stats`);
    expect(defaultStats.status).toBe(200);
    expect(defaultStats.body).toEqual({ stats: { totalViews: 1, totalStarts: 1, totalCompleted: 1 } });
  });

  test('sees B in their workspace list', async () => {
    const response = await call(actorFor(role), 'GET', '/v1/workspaces');
    expect(response.body.workspaces).toEqual(
      expect.arrayContaining([{ id: workspaceB, name: 'Workspace B', icon: null, plan: 'FREE' }]),
    );
  });
});

describe('a GUEST of B', () => {
  test.each(botWrites)('gets 403 FORBIDDEN on: $label, and nothing changes', async ({ method, path, body }) => {
    const response = await call(guest, method, path(), body?.());
    expect(response.status).toBe(403);
    expect(response.body).toEqual(FORBIDDEN);
    expect(await snapshot()).toEqual(baseline);
  });

  test('a GUEST with no ADMIN workspace of their own gets 404 on usage without workspaceId (B is not theirs to bill)', async () => {
    const invited = await call(owner, 'POST', `/v1/workspaces/${workspaceB}/members`, {
      email: 'guest-only@parley.test',
      role: 'GUEST',
    });
    expect(invited.status).toBe(200);
    const { user } = await ensureUser(server.db, 'guest-only@parley.test');
    const { token } = await createToken(server.db, user.id, 'guest-only');
    expect(
      (await request(server.url, 'POST', `/v1/invitations/${invited.body.invitation.id}/accept`, { token })).status,
    ).toBe(200);
    const usage = await request(server.url, 'GET', '/v1/billing/usage', { token });
    expect(usage.status).toBe(404);
    expect(usage.body).toEqual(NOT_FOUND);
    expect((await request(server.url, 'GET', `/v1/billing/usage?workspaceId=${workspaceB}`, { token })).body).toEqual(
      FORBIDDEN,
    );
    // Restore B's membership list; member changes legitimately touch B's updatedAt, so take a new baseline.
    expect((await call(owner, 'DELETE', `/v1/workspaces/${workspaceB}/members/guest-only@parley.test`)).status).toBe(
      200,
    );
    const restored = await snapshot();
    expect({ ...restored, workspace: undefined }).toEqual({ ...baseline, workspace: undefined });
    baseline = restored;
  });
});

describe('a MEMBER of B', () => {
  test('may create, update, publish, unpublish and delete bots', async () => {
    const created = await call(member, 'POST', '/v1/bots', {
      workspaceId: workspaceB,
      bot: { ...MINIMAL_BOT, name: 'Member bot' },
    });
    expect(created.status).toBe(200);
    expect(created.body.bot).toEqual(
      expect.objectContaining({ workspaceId: workspaceB, name: 'Member bot', publishedAt: null }),
    );
    const id = created.body.bot.id;

    const updated = await call(member, 'PATCH', `/v1/bots/${id}`, { bot: { name: 'Member bot 2' } });
    expect(updated.status).toBe(200);
    expect(updated.body.bot.name).toBe('Member bot 2');

    const published = await call(member, 'POST', `/v1/bots/${id}/publish`);
    expect(published.status).toBe(200);
    expect(published.body.bot.publishedAt).toEqual(expect.any(String));

    const unpublished = await call(member, 'POST', `/v1/bots/${id}/unpublish`);
    expect(unpublished.status).toBe(200);
    expect(unpublished.body.bot.publishedAt).toBeNull();

    // The owner sees the member's work.
    expect((await call(owner, 'GET', `/v1/bots/${id}`)).body.bot.name).toBe('Member bot 2');

    const deleted = await call(member, 'DELETE', `/v1/bots/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: 'Bot deleted' });
    expect((await call(owner, 'GET', `/v1/bots/${id}`)).status).toBe(404);
    expect(await snapshot()).toEqual(baseline);
  });

  test('may update and republish a bot created by the owner', async () => {
    const created = await call(owner, 'POST', '/v1/bots', {
      workspaceId: workspaceB,
      bot: { ...MINIMAL_BOT, name: 'Owner bot' },
    });
    const id = created.body.bot.id;
    const updated = await call(member, 'PATCH', `/v1/bots/${id}`, { bot: { name: 'Edited by member' } });
    expect(updated.status).toBe(200);
    expect((await call(owner, 'GET', `/v1/bots/${id}`)).body.bot.name).toBe('Edited by member');
    expect((await call(member, 'POST', `/v1/bots/${id}/publish`)).status).toBe(200);
    expect((await call(owner, 'DELETE', `/v1/bots/${id}`)).status).toBe(200);
  });
});

test('after every refused attempt, B is exactly as it was', async () => {
  const after = await snapshot();
  expect(after).toEqual(baseline);
  expect(await server.db.user.count({ where: { email: 'accomplice@parley.test' } })).toBe(0);
});
