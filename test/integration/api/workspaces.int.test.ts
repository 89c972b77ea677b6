import { createToken, revokeToken } from '../../../src/services/tokens';
import { updateWorkspaceAsOperator } from '../../../src/services/workspaces';
import { ISO_MS, request, type HttpResponse } from '../../helpers/http';
import { MINIMAL_BOT } from '../../helpers/bots';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// The documented workspace endpoints (docs/api-decisions.md#workspace-endpoints) with the decisions
// of docs/api-decisions.md: exact wire shapes of every success, and each documented error.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const WORKSPACE_KEYS = [
  'id',
  'createdAt',
  'updatedAt',
  'name',
  'icon',
  'plan',
  'paymentProviderId',
  'isSuspended',
  'isPastDue',
  'isVerified',
];
const READ_KEYS = [
  'id',
  'createdAt',
  'updatedAt',
  'name',
  'icon',
  'paymentProviderId',
  'customChatsLimit',
  'customSeatsLimit',
  'isSuspended',
  'isPastDue',
  'isVerified',
];

const api = (method: string, path: string, options: { token?: string; json?: unknown } = {}) =>
  request(server.url, method, path, { token: server.adminToken, ...options });

async function createWorkspace(
  name: string,
  icon?: string | null,
  token = server.adminToken,
): Promise<Record<string, any>> {
  const response = await request(server.url, 'POST', '/v1/workspaces', {
    token,
    json: icon === undefined ? { name } : { name, icon },
  });
  expect(response.status).toBe(200);
  return response.body.workspace;
}

function expectError(response: HttpResponse, status: number, code: string, message: string) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ code, message, issues: expect.any(Array) });
  expect(Object.keys(response.body).sort()).toEqual(['code', 'issues', 'message']);
  for (const issue of response.body.issues) expect(typeof issue.message).toBe('string');
}

/** A 400 validation failure whose issues name `path`. */
function expectInvalid(response: HttpResponse, path: (string | number)[]) {
  expectError(response, 400, 'BAD_REQUEST', 'Invalid input data');
  expect(response.body.issues.length).toBeGreaterThan(0);
  expect(response.body.issues).toEqual(
    expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]),
  );
}

const sortedKeys = (value: object) => Object.keys(value).sort();

describe('POST /v1/workspaces', () => {
  test('creates a FREE workspace with the full documented record', async () => {
    const response = await api('POST', '/v1/workspaces', { json: { name: 'Acme', icon: '🚀' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(sortedKeys(response.body)).toEqual(['workspace']);
    const workspace = response.body.workspace;
    expect(sortedKeys(workspace)).toEqual([...WORKSPACE_KEYS].sort());
    expect(workspace).toEqual({
      id: expect.any(String),
      createdAt: expect.stringMatching(ISO_MS),
      updatedAt: expect.stringMatching(ISO_MS),
      name: 'Acme',
      icon: '🚀',
      plan: 'FREE',
      paymentProviderId: null,
      isSuspended: false,
      isPastDue: false,
      isVerified: null,
    });
    expect(workspace.id.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(workspace.createdAt))).toBe(false);
  });

  test('the creator becomes its only member, as ADMIN', async () => {
    const workspace = await createWorkspace('Creator check');
    const members = await api('GET', `/v1/workspaces/${workspace.id}/members`);
    expect(members.status).toBe(200);
    expect(members.body).toEqual({
      members: [
        { workspaceId: workspace.id, user: { name: 'Admin', email: 'admin@parley.test', image: null }, role: 'ADMIN' },
      ],
    });
  });

  test('icon is optional (null when absent) and the name is trimmed', async () => {
    const workspace = await createWorkspace('  Padded name \t ');
    expect(workspace.name).toBe('Padded name');
    expect(workspace.icon).toBeNull();
    const read = await api('GET', `/v1/workspaces/${workspace.id}`);
    expect(read.body.workspace.name).toBe('Padded name');
  });

  test('explicit icon: null is accepted and stored as null', async () => {
    const workspace = await createWorkspace('Null icon', null);
    expect(workspace.icon).toBeNull();
  });

  test('a name of exactly 100 characters (after trimming) is accepted', async () => {
    const name = 'n'.repeat(100);
    const workspace = await createWorkspace(`  ${name}  `);
    expect(workspace.name).toBe(name);
  });

  test('a name of 101 characters is rejected', async () => {
    const before = await api('GET', '/v1/workspaces');
    const response = await api('POST', '/v1/workspaces', { json: { name: 'n'.repeat(101) } });
    expectInvalid(response, ['name']);
    const after = await api('GET', '/v1/workspaces');
    expect(after.body.workspaces).toHaveLength(before.body.workspaces.length);
  });

  test.each([
    ['empty', ''],
    ['whitespace only', '   \t\n '],
  ])('a %s name is rejected', async (_label, name) => {
    expectInvalid(await api('POST', '/v1/workspaces', { json: { name } }), ['name']);
  });

  test('a missing name is rejected', async () => {
    expectInvalid(await api('POST', '/v1/workspaces', { json: { icon: 'x' } }), ['name']);
  });

  test('an icon of 2048 characters is accepted, 2049 rejected', async () => {
    const icon = `https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`;
    expect(icon).toHaveLength(2048);
    const workspace = await createWorkspace('Long icon', icon);
    expect(workspace.icon).toBe(icon);
    expectInvalid(await api('POST', '/v1/workspaces', { json: { name: 'Too long icon', icon: `${icon}a` } }), ['icon']);
  });

  test('401 without Authorization, with a malformed header, or with an unknown token', async () => {
    expectError(
      await request(server.url, 'POST', '/v1/workspaces', { json: { name: 'x' } }),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
    expectError(
      await request(server.url, 'POST', '/v1/workspaces', {
        json: { name: 'x' },
        headers: { authorization: `Basic ${server.adminToken}` },
      }),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
    const unknown = await request(server.url, 'POST', '/v1/workspaces', {
      json: { name: 'x' },
      token: 'unknown-token-0123456789abcdef',
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String), issues: [] });
  });

  test('the 401 is decided before validation (an invalid body without a token is still 401)', async () => {
    expectError(
      await request(server.url, 'POST', '/v1/workspaces', { json: { name: '' } }),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
  });
});

describe('GET /v1/workspaces', () => {
  test('lists summaries {id, name, icon, plan} of only the caller’s workspaces, oldest first', async () => {
    const { db } = server;
    const user = await createUserWithToken(db, 'lister@parley.test');
    const a = await createWorkspace('List A', '🅰️', user.token);
    const b = await createWorkspace('List B', null, user.token);
    const c = await createWorkspace('List C', 'https://example.com/c.png', user.token);
    // Make creation order and age disagree, so the order must come from createdAt.
    await db.workspace.update({
      where: { id: user.personalWorkspaceId },
      data: { createdAt: new Date('2020-01-04T00:00:00.000Z') },
    });
    await db.workspace.update({ where: { id: c.id }, data: { createdAt: new Date('2020-01-01T00:00:00.000Z') } });
    await db.workspace.update({ where: { id: a.id }, data: { createdAt: new Date('2020-01-02T00:00:00.000Z') } });
    await db.workspace.update({ where: { id: b.id }, data: { createdAt: new Date('2020-01-03T00:00:00.000Z') } });

    const response = await request(server.url, 'GET', '/v1/workspaces', { token: user.token });
    expect(response.status).toBe(200);
    expect(sortedKeys(response.body)).toEqual(['workspaces']);
    expect(response.body.workspaces).toEqual([
      { id: c.id, name: 'List C', icon: 'https://example.com/c.png', plan: 'FREE' },
      { id: a.id, name: 'List A', icon: '🅰️', plan: 'FREE' },
      { id: b.id, name: 'List B', icon: null, plan: 'FREE' },
      { id: user.personalWorkspaceId, name: "lister's workspace", icon: null, plan: 'FREE' },
    ]);
    for (const summary of response.body.workspaces) expect(sortedKeys(summary)).toEqual(['icon', 'id', 'name', 'plan']);

    // The admin does not see the lister's workspaces, and the lister does not see the admin's.
    const adminList = await api('GET', '/v1/workspaces');
    const adminIds = adminList.body.workspaces.map((w: { id: string }) => w.id);
    expect(adminIds).toContain(server.adminWorkspaceId);
    for (const id of [a.id, b.id, c.id, user.personalWorkspaceId]) expect(adminIds).not.toContain(id);
  });

  test('shows the plan set by the operator and includes workspaces the caller was added to', async () => {
    const user = await createUserWithToken(server.db, 'joined@parley.test');
    const shared = await createWorkspace('Shared with joined');
    await updateWorkspaceAsOperator(server.db, shared.id, { plan: 'PRO' });
    await server.db.memberInWorkspace.create({ data: { userId: user.userId, workspaceId: shared.id, role: 'GUEST' } });
    const response = await request(server.url, 'GET', '/v1/workspaces', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body.workspaces).toEqual(
      expect.arrayContaining([{ id: shared.id, name: 'Shared with joined', icon: null, plan: 'PRO' }]),
    );
    expect(response.body.workspaces).toHaveLength(2);
  });

  test('a user whose only membership was removed gets an empty list', async () => {
    const user = await createUserWithToken(server.db, 'alone@parley.test');
    await server.db.memberInWorkspace.deleteMany({ where: { userId: user.userId } });
    const response = await request(server.url, 'GET', '/v1/workspaces', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ workspaces: [] });
  });

  test('401 without a token and with a revoked token', async () => {
    expectError(await request(server.url, 'GET', '/v1/workspaces'), 401, 'UNAUTHORIZED', 'Authorization not provided');
    const user = await createUserWithToken(server.db, 'revoked@parley.test');
    const { token, apiToken } = await createToken(server.db, user.userId, 'to revoke');
    expect((await request(server.url, 'GET', '/v1/workspaces', { token })).status).toBe(200);
    await revokeToken(server.db, apiToken.id);
    const response = await request(server.url, 'GET', '/v1/workspaces', { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String), issues: [] });
  });
});

describe('GET /v1/workspaces/{workspaceId}', () => {
  test('returns the reading record: custom limits, no plan', async () => {
    const created = await createWorkspace('Readable', '📘');
    const response = await api('GET', `/v1/workspaces/${created.id}`);
    expect(response.status).toBe(200);
    expect(sortedKeys(response.body)).toEqual(['workspace']);
    expect(sortedKeys(response.body.workspace)).toEqual([...READ_KEYS].sort());
    expect(response.body.workspace).not.toHaveProperty('plan');
    expect(response.body.workspace).toEqual({
      id: created.id,
      createdAt: created.createdAt,
      updatedAt: expect.stringMatching(ISO_MS),
      name: 'Readable',
      icon: '📘',
      paymentProviderId: null,
      customChatsLimit: null,
      customSeatsLimit: null,
      isSuspended: false,
      isPastDue: false,
      isVerified: null,
    });
  });

  test('shows operator-set limits and flags', async () => {
    const created = await createWorkspace('Operated');
    await updateWorkspaceAsOperator(server.db, created.id, {
      customChatsLimit: 5000,
      customSeatsLimit: 12,
      isSuspended: true,
      isPastDue: true,
      isVerified: false,
      paymentProviderId: 'cus_123',
      plan: 'CUSTOM',
    });
    const response = await api('GET', `/v1/workspaces/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body.workspace).toEqual(
      expect.objectContaining({
        customChatsLimit: 5000,
        customSeatsLimit: 12,
        isSuspended: true,
        isPastDue: true,
        isVerified: false,
        paymentProviderId: 'cus_123',
      }),
    );
    expect(response.body.workspace).not.toHaveProperty('plan');
  });

  test('any member (GUEST included) may read it', async () => {
    const created = await createWorkspace('Guest readable');
    const guest = await createUserWithToken(server.db, 'guest-reader@parley.test', {
      workspaceId: created.id,
      role: 'GUEST',
    });
    const response = await request(server.url, 'GET', `/v1/workspaces/${created.id}`, { token: guest.token });
    expect(response.status).toBe(200);
    expect(response.body.workspace.id).toBe(created.id);
  });

  test('404 for an unknown id and for a workspace of which the caller is not a member', async () => {
    expectError(await api('GET', '/v1/workspaces/does-not-exist'), 404, 'NOT_FOUND', 'Not found');
    const outsider = await createUserWithToken(server.db, 'outsider-read@parley.test');
    expectError(
      await request(server.url, 'GET', `/v1/workspaces/${server.adminWorkspaceId}`, { token: outsider.token }),
      404,
      'NOT_FOUND',
      'Not found',
    );
  });

  test('401 without a token (even for an unknown id)', async () => {
    expectError(
      await request(server.url, 'GET', `/v1/workspaces/${server.adminWorkspaceId}`),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
    expectError(
      await request(server.url, 'GET', '/v1/workspaces/does-not-exist'),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
  });
});

describe('PATCH /v1/workspaces/{workspaceId}', () => {
  test('updates name and icon and returns exactly {workspace: {name, icon}}', async () => {
    const created = await createWorkspace('Before', '🐢');
    const response = await api('PATCH', `/v1/workspaces/${created.id}`, { json: { name: '  After  ', icon: '🐇' } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ workspace: { name: 'After', icon: '🐇' } });
    const read = await api('GET', `/v1/workspaces/${created.id}`);
    expect(read.body.workspace).toEqual(expect.objectContaining({ name: 'After', icon: '🐇' }));
    expect(Date.parse(read.body.workspace.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
  });

  test('name alone keeps the icon; icon alone keeps the name', async () => {
    const created = await createWorkspace('Keep', '🔒');
    const renamed = await api('PATCH', `/v1/workspaces/${created.id}`, { json: { name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ workspace: { name: 'Renamed', icon: '🔒' } });
    const reiconed = await api('PATCH', `/v1/workspaces/${created.id}`, { json: { icon: '🔑' } });
    expect(reiconed.status).toBe(200);
    expect(reiconed.body).toEqual({ workspace: { name: 'Renamed', icon: '🔑' } });
    const read = await api('GET', `/v1/workspaces/${created.id}`);
    expect(read.body.workspace).toEqual(expect.objectContaining({ name: 'Renamed', icon: '🔑' }));
  });

  test('icon: null clears the icon', async () => {
    const created = await createWorkspace('Clear icon', '🧹');
    const response = await api('PATCH', `/v1/workspaces/${created.id}`, { json: { icon: null } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ workspace: { name: 'Clear icon', icon: null } });
    const read = await api('GET', `/v1/workspaces/${created.id}`);
    expect(read.body.workspace.icon).toBeNull();
  });

  test('neither name nor icon is a 400 and changes nothing', async () => {
    const created = await createWorkspace('Untouched', '🪨');
    const empty = await api('PATCH', `/v1/workspaces/${created.id}`, { json: {} });
    expectError(empty, 400, 'BAD_REQUEST', 'Invalid input data');
    expect(empty.body.issues.length).toBeGreaterThan(0);
    // Only unknown keys is the same as nothing.
    expectError(
      await api('PATCH', `/v1/workspaces/${created.id}`, { json: { plan: 'PRO' } }),
      400,
      'BAD_REQUEST',
      'Invalid input data',
    );
    const read = await api('GET', `/v1/workspaces/${created.id}`);
    expect(read.body.workspace).toEqual(expect.objectContaining({ name: 'Untouched', icon: '🪨' }));
  });

  test('same bounds as create: 100 ok, 101 / empty / whitespace name and 2049-character icon rejected', async () => {
    const created = await createWorkspace('Bounded', '📏');
    const ok = await api('PATCH', `/v1/workspaces/${created.id}`, { json: { name: ` ${'m'.repeat(100)} ` } });
    expect(ok.status).toBe(200);
    expect(ok.body.workspace.name).toBe('m'.repeat(100));
    expectInvalid(await api('PATCH', `/v1/workspaces/${created.id}`, { json: { name: 'm'.repeat(101) } }), ['name']);
    expectInvalid(await api('PATCH', `/v1/workspaces/${created.id}`, { json: { name: '' } }), ['name']);
    expectInvalid(await api('PATCH', `/v1/workspaces/${created.id}`, { json: { name: '    ' } }), ['name']);
    expectInvalid(await api('PATCH', `/v1/workspaces/${created.id}`, { json: { name: null } }), ['name']);
    expectInvalid(await api('PATCH', `/v1/workspaces/${created.id}`, { json: { icon: 'i'.repeat(2049) } }), ['icon']);
    // A valid icon next to an invalid name: nothing is applied.
    expectInvalid(await api('PATCH', `/v1/workspaces/${created.id}`, { json: { name: '', icon: '🆕' } }), ['name']);
    const read = await api('GET', `/v1/workspaces/${created.id}`);
    expect(read.body.workspace).toEqual(expect.objectContaining({ name: 'm'.repeat(100), icon: '📏' }));
  });

  test.each(['MEMBER', 'GUEST'] as const)('403 for a %s, and nothing changes', async (role) => {
    const created = await createWorkspace(`Patch by ${role}`, '🛡️');
    const user = await createUserWithToken(server.db, `patch-${role.toLowerCase()}@parley.test`, {
      workspaceId: created.id,
      role,
    });
    const response = await request(server.url, 'PATCH', `/v1/workspaces/${created.id}`, {
      token: user.token,
      json: { name: 'Hijacked' },
    });
    expectError(response, 403, 'FORBIDDEN', 'Insufficient access');
    expect(response.body.issues).toEqual([]);
    const read = await api('GET', `/v1/workspaces/${created.id}`);
    expect(read.body.workspace).toEqual(expect.objectContaining({ name: `Patch by ${role}`, icon: '🛡️' }));
  });

  test('404 for an unknown id and for a non-member', async () => {
    expectError(
      await api('PATCH', '/v1/workspaces/does-not-exist', { json: { name: 'x' } }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    const outsider = await createUserWithToken(server.db, 'outsider-patch@parley.test');
    const created = await createWorkspace('Not yours');
    expectError(
      await request(server.url, 'PATCH', `/v1/workspaces/${created.id}`, {
        token: outsider.token,
        json: { name: 'Mine' },
      }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expect((await api('GET', `/v1/workspaces/${created.id}`)).body.workspace.name).toBe('Not yours');
  });

  test('401 without a token', async () => {
    const created = await createWorkspace('No token patch');
    expectError(
      await request(server.url, 'PATCH', `/v1/workspaces/${created.id}`, { json: { name: 'x' } }),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
    expect((await api('GET', `/v1/workspaces/${created.id}`)).body.workspace.name).toBe('No token patch');
  });
});

describe('DELETE /v1/workspaces/{workspaceId}', () => {
  test('deletes the workspace with its bots; it is then 404 everywhere', async () => {
    const created = await createWorkspace('Doomed');
    const member = await createUserWithToken(server.db, 'doomed-member@parley.test', {
      workspaceId: created.id,
      role: 'MEMBER',
    });
    const createdBot = await api('POST', '/v1/bots', { json: { workspaceId: created.id, bot: MINIMAL_BOT } });
    expect(createdBot.status).toBe(200);
    const botId = createdBot.body.bot.id;

    const response = await api('DELETE', `/v1/workspaces/${created.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Workspace deleted' });

    expectError(await api('GET', `/v1/workspaces/${created.id}`), 404, 'NOT_FOUND', 'Not found');
    expectError(await api('GET', `/v1/workspaces/${created.id}/members`), 404, 'NOT_FOUND', 'Not found');
    expectError(await api('GET', `/v1/bots/${botId}`), 404, 'NOT_FOUND', 'Not found');
    expectError(await api('DELETE', `/v1/workspaces/${created.id}`), 404, 'NOT_FOUND', 'Not found');
    const list = await api('GET', '/v1/workspaces');
    expect(list.body.workspaces.map((w: { id: string }) => w.id)).not.toContain(created.id);
    const memberList = await request(server.url, 'GET', '/v1/workspaces', { token: member.token });
    expect(memberList.body.workspaces.map((w: { id: string }) => w.id)).toEqual([member.personalWorkspaceId]);
    expect(await server.db.bot.count({ where: { id: botId } })).toBe(0);
  });

  test.each(['MEMBER', 'GUEST'] as const)('403 for a %s, and the workspace stays', async (role) => {
    const created = await createWorkspace(`Delete by ${role}`);
    const user = await createUserWithToken(server.db, `delete-${role.toLowerCase()}@parley.test`, {
      workspaceId: created.id,
      role,
    });
    expectError(
      await request(server.url, 'DELETE', `/v1/workspaces/${created.id}`, { token: user.token }),
      403,
      'FORBIDDEN',
      'Insufficient access',
    );
    expect((await api('GET', `/v1/workspaces/${created.id}`)).status).toBe(200);
  });

  test('404 for an unknown id and for a non-member (the workspace stays)', async () => {
    expectError(await api('DELETE', '/v1/workspaces/does-not-exist'), 404, 'NOT_FOUND', 'Not found');
    const created = await createWorkspace('Survivor');
    const outsider = await createUserWithToken(server.db, 'outsider-delete@parley.test');
    expectError(
      await request(server.url, 'DELETE', `/v1/workspaces/${created.id}`, { token: outsider.token }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expect((await api('GET', `/v1/workspaces/${created.id}`)).status).toBe(200);
  });

  test('401 without a token (the workspace stays)', async () => {
    const created = await createWorkspace('Unauthenticated delete');
    expectError(
      await request(server.url, 'DELETE', `/v1/workspaces/${created.id}`),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
    expect((await api('GET', `/v1/workspaces/${created.id}`)).status).toBe(200);
  });
});

describe('GET /v1/workspaces/{workspaceId}/members', () => {
  test('lists {workspaceId, user: {name, email, image}, role} of every member', async () => {
    const created = await createWorkspace('Team');
    const member = await createUserWithToken(server.db, 'team-member@parley.test', {
      workspaceId: created.id,
      role: 'MEMBER',
    });
    await createUserWithToken(server.db, 'team-guest@parley.test', { workspaceId: created.id, role: 'GUEST' });
    await server.db.user.update({
      where: { id: member.userId },
      data: { name: 'Mem Ber', image: 'https://example.com/m.png' },
    });

    const response = await api('GET', `/v1/workspaces/${created.id}/members`);
    expect(response.status).toBe(200);
    expect(sortedKeys(response.body)).toEqual(['members']);
    expect(response.body.members).toHaveLength(3);
    expect(response.body.members).toEqual(
      expect.arrayContaining([
        { workspaceId: created.id, user: { name: 'Admin', email: 'admin@parley.test', image: null }, role: 'ADMIN' },
        {
          workspaceId: created.id,
          user: { name: 'Mem Ber', email: 'team-member@parley.test', image: 'https://example.com/m.png' },
          role: 'MEMBER',
        },
        { workspaceId: created.id, user: { name: null, email: 'team-guest@parley.test', image: null }, role: 'GUEST' },
      ]),
    );
    for (const entry of response.body.members) {
      expect(sortedKeys(entry)).toEqual(['role', 'user', 'workspaceId']);
      expect(sortedKeys(entry.user)).toEqual(['email', 'image', 'name']);
    }
  });

  test.each(['MEMBER', 'GUEST'] as const)('a %s may list members', async (role) => {
    const created = await createWorkspace(`Listed by ${role}`);
    const user = await createUserWithToken(server.db, `lists-${role.toLowerCase()}@parley.test`, {
      workspaceId: created.id,
      role,
    });
    const response = await request(server.url, 'GET', `/v1/workspaces/${created.id}/members`, { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body.members.map((m: { user: { email: string } }) => m.user.email).sort()).toEqual(
      ['admin@parley.test', `lists-${role.toLowerCase()}@parley.test`].sort(),
    );
  });

  test('404 for an unknown workspace and for a non-member; 401 without a token', async () => {
    expectError(await api('GET', '/v1/workspaces/does-not-exist/members'), 404, 'NOT_FOUND', 'Not found');
    const outsider = await createUserWithToken(server.db, 'outsider-members@parley.test');
    expectError(
      await request(server.url, 'GET', `/v1/workspaces/${server.adminWorkspaceId}/members`, { token: outsider.token }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(
      await request(server.url, 'GET', `/v1/workspaces/${server.adminWorkspaceId}/members`),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
  });
});
