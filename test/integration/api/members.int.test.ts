import { request, type HttpResponse } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// Parley's member management (docs/api-decisions.md#builder-endpoints-parley-adds):
// POST/PATCH/DELETE /v1/workspaces/{id}/members[/{userId}], ADMIN only, and a
// workspace always keeps at least one ADMIN. POST invites: the invitee accepts
// (issue 21: membership needs consent).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let counter = 0;
const unique = (prefix: string) => `${prefix}-${(counter += 1)}@parley.test`;

const asAdmin = (method: string, path: string, json?: unknown) =>
  request(server.url, method, path, { token: server.adminToken, json });

async function newWorkspace(name = 'Members'): Promise<string> {
  const response = await asAdmin('POST', '/v1/workspaces', { name });
  expect(response.status).toBe(200);
  return response.body.workspace.id;
}

async function membersOf(workspaceId: string): Promise<{ email: string; role: string }[]> {
  const response = await asAdmin('GET', `/v1/workspaces/${workspaceId}/members`);
  expect(response.status).toBe(200);
  return response.body.members
    .map((m: { user: { email: string }; role: string }) => ({ email: m.user.email, role: m.role }))
    .sort((a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email));
}

function expectError(response: HttpResponse, status: number, code: string, message: string) {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ code, message, issues: expect.any(Array) });
}

function expectInvalid(response: HttpResponse, path: (string | number)[]) {
  expectError(response, 400, 'BAD_REQUEST', 'Invalid input data');
  expect(response.body.issues).toEqual(
    expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]),
  );
}

describe('POST /v1/workspaces/{workspaceId}/members: an invitation the invitee accepts', () => {
  const INVITATION_KEYS = ['createdAt', 'email', 'emailed', 'expiresAt', 'id', 'link', 'role'];

  test('the same answer whether or not the address has an account; nobody is added or created', async () => {
    const workspaceId = await newWorkspace();
    const existing = await createUserWithToken(server.db, unique('has-account'));
    await server.db.user.update({ where: { id: existing.userId }, data: { name: 'Exi Sting' } });
    const newcomer = unique('no-account');
    const answers = [];
    for (const email of [
      (await server.db.user.findUniqueOrThrow({ where: { id: existing.userId } })).email,
      newcomer,
    ]) {
      const response = await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email, role: 'MEMBER' });
      expect(response.status).toBe(200);
      expect(Object.keys(response.body)).toEqual(['invitation']);
      expect(Object.keys(response.body.invitation).sort()).toEqual(INVITATION_KEYS);
      expect(response.body.invitation).toEqual({
        id: expect.any(String),
        email,
        role: 'MEMBER',
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        // No SMTP here: the link is handed to the inviter, the same form of link for both addresses.
        emailed: false,
        link: expect.stringMatching(new RegExp(`^${server.url}/app/sign-in#invitation=[A-Za-z0-9_-]{43}$`)),
      });
      answers.push(response.body.invitation);
    }
    expect(JSON.stringify(answers)).not.toContain(existing.userId);
    expect(JSON.stringify(answers)).not.toContain('Exi Sting');
    expect(await server.db.user.count({ where: { email: newcomer } })).toBe(0);
    expect(await membersOf(workspaceId)).toEqual([{ email: 'admin@parley.test', role: 'ADMIN' }]);
    // The invitee has no access until they accept.
    expect((await request(server.url, 'GET', `/v1/workspaces/${workspaceId}`, { token: existing.token })).status).toBe(
      404,
    );
  });

  test('the invitee sees it, accepts it with their own token and joins with its role; it is spent', async () => {
    const workspaceId = await newWorkspace('Acme');
    const email = unique('invitee');
    const invitee = await createUserWithToken(server.db, email);
    const { emailed, link, ...invitation } = (
      await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email: email.toUpperCase(), role: 'GUEST' })
    ).body.invitation;
    expect({ emailed, link: typeof link }).toEqual({ emailed: false, link: 'string' });
    expect(invitation.email).toBe(email);
    const mine = await request(server.url, 'GET', '/v1/invitations', { token: invitee.token });
    expect(mine.body).toEqual({
      invitations: [{ ...invitation, workspace: { id: workspaceId, name: 'Acme', icon: null } }],
    });
    const pending = await asAdmin('GET', `/v1/workspaces/${workspaceId}/invitations`);
    expect(pending.body).toEqual({ invitations: [invitation] });

    // Someone else cannot accept it: to them it does not exist.
    const other = await createUserWithToken(server.db, unique('other'));
    expectError(
      await request(server.url, 'POST', `/v1/invitations/${invitation.id}/accept`, { token: other.token }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(await asAdmin('POST', `/v1/invitations/${invitation.id}/accept`), 404, 'NOT_FOUND', 'Not found');

    const accepted = await request(server.url, 'POST', `/v1/invitations/${invitation.id}/accept`, {
      token: invitee.token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ workspace: { id: workspaceId, name: 'Acme', icon: null, plan: 'FREE' } });
    expect(await membersOf(workspaceId)).toEqual([
      { email: 'admin@parley.test', role: 'ADMIN' },
      { email, role: 'GUEST' },
    ]);
    expect((await request(server.url, 'GET', `/v1/workspaces/${workspaceId}`, { token: invitee.token })).status).toBe(
      200,
    );
    expectError(
      await request(server.url, 'POST', `/v1/invitations/${invitation.id}/accept`, { token: invitee.token }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expect((await request(server.url, 'GET', '/v1/invitations', { token: invitee.token })).body).toEqual({
      invitations: [],
    });
  });

  test('declined or revoked, nobody joins; inviting again renews the role', async () => {
    const workspaceId = await newWorkspace();
    const email = unique('decliner');
    const invitee = await createUserWithToken(server.db, email);
    const first = (await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email, role: 'GUEST' })).body
      .invitation;
    const again = (await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email, role: 'ADMIN' })).body
      .invitation;
    expect(again.id).toBe(first.id);
    expect(again.role).toBe('ADMIN');
    expect(
      (await request(server.url, 'POST', `/v1/invitations/${first.id}/decline`, { token: invitee.token })).body,
    ).toEqual({
      message: 'Invitation declined',
    });
    expect(await membersOf(workspaceId)).toHaveLength(1);

    const second = (await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email, role: 'MEMBER' })).body
      .invitation;
    expect((await asAdmin('DELETE', `/v1/workspaces/${workspaceId}/invitations/${second.id}`)).body).toEqual({
      message: 'Invitation revoked',
    });
    expectError(
      await request(server.url, 'POST', `/v1/invitations/${second.id}/accept`, { token: invitee.token }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expect(await membersOf(workspaceId)).toHaveLength(1);
  });

  test('an address without an account can ask for a sign-in link once invited (and only then)', async () => {
    const workspaceId = await newWorkspace();
    const email = unique('first-time');
    await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email, role: 'MEMBER' });
    expect(await server.db.user.count({ where: { email } })).toBe(0);
    const { createSignInLink } = await import('../../../src/services/sign-in/links');
    expect(await createSignInLink(server.db, unique('never-invited'), 60_000)).toBeNull();
    const link = await createSignInLink(server.db, email, 60_000);
    expect(link?.email).toBe(email);
    expect(await server.db.user.count({ where: { email } })).toBe(1);
  });

  test('inviting an existing member is a 400 and leaves their role alone', async () => {
    const workspaceId = await newWorkspace();
    const email = unique('twice');
    await createUserWithToken(server.db, email, { workspaceId, role: 'GUEST' });
    const again = await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email, role: 'ADMIN' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'BAD_REQUEST',
      message: 'Already a member of this workspace',
      issues: [{ message: 'already a member of this workspace', path: ['email'] }],
    });
    expect(
      (await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email: 'admin@parley.test', role: 'GUEST' }))
        .status,
    ).toBe(400);
    expect(await membersOf(workspaceId)).toEqual(
      [
        { email: 'admin@parley.test', role: 'ADMIN' },
        { email, role: 'GUEST' },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  test.each([['not-an-email'], [''], ['   '], ['a@'], ['@b.c'], [`${'x'.repeat(320)}@parley.test`]])(
    'invalid e-mail %j is a 400 at ["email"] and creates nobody',
    async (email) => {
      const workspaceId = await newWorkspace();
      const usersBefore = await server.db.user.count();
      expectInvalid(await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email, role: 'MEMBER' }), [
        'email',
      ]);
      expect(await server.db.user.count()).toBe(usersBefore);
      expect(await membersOf(workspaceId)).toHaveLength(1);
    },
  );

  test.each([['OWNER'], ['admin'], [''], [5], [null]])('invalid role %j is a 400 at ["role"]', async (role) => {
    const workspaceId = await newWorkspace();
    const email = unique('badrole');
    expectInvalid(await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, { email, role }), ['role']);
    expect(await membersOf(workspaceId)).toHaveLength(1);
    expect(await server.db.user.count({ where: { email } })).toBe(0);
  });

  test('missing email or role is a 400 naming each', async () => {
    const workspaceId = await newWorkspace();
    const response = await asAdmin('POST', `/v1/workspaces/${workspaceId}/members`, {});
    expectInvalid(response, ['email']);
    expectInvalid(response, ['role']);
  });

  test.each(['MEMBER', 'GUEST'] as const)('403 for a %s, and nobody is invited', async (role) => {
    const workspaceId = await newWorkspace();
    const caller = await createUserWithToken(server.db, unique(`adder-${role}`), { workspaceId, role });
    const email = unique('not-added');
    const response = await request(server.url, 'POST', `/v1/workspaces/${workspaceId}/members`, {
      token: caller.token,
      json: { email, role: 'ADMIN' },
    });
    expectError(response, 403, 'FORBIDDEN', 'Insufficient access');
    expect(await membersOf(workspaceId)).toHaveLength(2);
    expect(await server.db.invitation.count({ where: { email } })).toBe(0);
  });

  test('404 for a non-member and for an unknown workspace; 401 without a token', async () => {
    const workspaceId = await newWorkspace();
    const outsider = await createUserWithToken(server.db, unique('outsider'));
    const email = unique('not-added');
    expectError(
      await request(server.url, 'POST', `/v1/workspaces/${workspaceId}/members`, {
        token: outsider.token,
        json: { email, role: 'MEMBER' },
      }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(
      await asAdmin('POST', '/v1/workspaces/nope/members', { email, role: 'MEMBER' }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(
      await request(server.url, 'POST', `/v1/workspaces/${workspaceId}/members`, { json: { email, role: 'MEMBER' } }),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
    expect(await membersOf(workspaceId)).toHaveLength(1);
    expect(await server.db.user.count({ where: { email } })).toBe(0);
  });
});

describe('PATCH /v1/workspaces/{workspaceId}/members/{userId}', () => {
  test('changes a role by user id and answers the member shape', async () => {
    const workspaceId = await newWorkspace();
    const user = await createUserWithToken(server.db, unique('promote'), { workspaceId, role: 'GUEST' });
    const response = await asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/${user.userId}`, { role: 'MEMBER' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      member: {
        workspaceId,
        userId: user.userId,
        user: { id: user.userId, name: null, email: expect.any(String), image: null },
        role: 'MEMBER',
      },
    });
    // The new role takes effect: a MEMBER may create bots, not manage members.
    const forbidden = await request(server.url, 'DELETE', `/v1/workspaces/${workspaceId}`, { token: user.token });
    expect(forbidden.status).toBe(403);
  });

  test('the member may be addressed by e-mail (any case)', async () => {
    const workspaceId = await newWorkspace();
    const email = unique('by-email');
    const user = await createUserWithToken(server.db, email, { workspaceId, role: 'MEMBER' });
    const response = await asAdmin(
      'PATCH',
      `/v1/workspaces/${workspaceId}/members/${encodeURIComponent(email.toUpperCase())}`,
      { role: 'ADMIN' },
    );
    expect(response.status).toBe(200);
    expect(response.body.member).toEqual(expect.objectContaining({ userId: user.userId, role: 'ADMIN' }));
    expect(await membersOf(workspaceId)).toEqual(expect.arrayContaining([{ email, role: 'ADMIN' }]));
  });

  test('a new ADMIN may manage members; then the first ADMIN may be demoted', async () => {
    const workspaceId = await newWorkspace();
    const second = await createUserWithToken(server.db, unique('second-admin'), { workspaceId, role: 'MEMBER' });
    expect(
      (await asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/${second.userId}`, { role: 'ADMIN' })).status,
    ).toBe(200);
    const demote = await request(server.url, 'PATCH', `/v1/workspaces/${workspaceId}/members/admin@parley.test`, {
      token: second.token,
      json: { role: 'GUEST' },
    });
    expect(demote.status).toBe(200);
    expect(demote.body.member.role).toBe('GUEST');
    // The former admin is now a GUEST: 403 on member management.
    expectError(
      await asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/${second.userId}`, { role: 'GUEST' }),
      403,
      'FORBIDDEN',
      'Insufficient access',
    );
  });

  test('demoting the last ADMIN is a 400 and they stay ADMIN', async () => {
    const workspaceId = await newWorkspace();
    await createUserWithToken(server.db, unique('plain-member'), { workspaceId, role: 'MEMBER' });
    for (const role of ['MEMBER', 'GUEST']) {
      const response = await asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/admin@parley.test`, { role });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ code: 'BAD_REQUEST', message: expect.any(String), issues: expect.any(Array) });
    }
    expect(await membersOf(workspaceId)).toEqual(
      expect.arrayContaining([{ email: 'admin@parley.test', role: 'ADMIN' }]),
    );
    // Still able to act as ADMIN.
    expect((await asAdmin('PATCH', `/v1/workspaces/${workspaceId}`, { name: 'Still mine' })).status).toBe(200);
  });

  test('setting the last ADMIN to ADMIN again is fine', async () => {
    const workspaceId = await newWorkspace();
    const response = await asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/admin@parley.test`, {
      role: 'ADMIN',
    });
    expect(response.status).toBe(200);
    expect(response.body.member.role).toBe('ADMIN');
  });

  test('two ADMINs demoting each other at the same time: exactly one succeeds, one ADMIN remains', async () => {
    const workspaceId = await newWorkspace();
    const other = await createUserWithToken(server.db, unique('rival'), { workspaceId, role: 'ADMIN' });
    const [first, second] = await Promise.all([
      asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/${other.userId}`, { role: 'MEMBER' }),
      request(server.url, 'PATCH', `/v1/workspaces/${workspaceId}/members/admin@parley.test`, {
        token: other.token,
        json: { role: 'MEMBER' },
      }),
    ]);
    const statuses = [first.status, second.status].sort();
    // The loser is either refused (last ADMIN) or, when it ran second, no longer an ADMIN (403).
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    const admins = (await server.db.memberInWorkspace.findMany({ where: { workspaceId, role: 'ADMIN' } })).length;
    expect(admins).toBe(1);
  });

  test('invalid or missing role is a 400 at ["role"]', async () => {
    const workspaceId = await newWorkspace();
    const user = await createUserWithToken(server.db, unique('role-check'), { workspaceId, role: 'GUEST' });
    expectInvalid(
      await asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/${user.userId}`, { role: 'SUPERUSER' }),
      ['role'],
    );
    expectInvalid(await asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/${user.userId}`, {}), ['role']);
    expect(await membersOf(workspaceId)).toEqual(expect.arrayContaining([expect.objectContaining({ role: 'GUEST' })]));
  });

  test.each(['MEMBER', 'GUEST'] as const)('403 for a %s (also on themselves), nothing changes', async (role) => {
    const workspaceId = await newWorkspace();
    const caller = await createUserWithToken(server.db, unique(`patcher-${role}`), { workspaceId, role });
    const target = await createUserWithToken(server.db, unique('target'), { workspaceId, role: 'GUEST' });
    const path = `/v1/workspaces/${workspaceId}/members`;
    expectError(
      await request(server.url, 'PATCH', `${path}/${target.userId}`, { token: caller.token, json: { role: 'ADMIN' } }),
      403,
      'FORBIDDEN',
      'Insufficient access',
    );
    expectError(
      await request(server.url, 'PATCH', `${path}/${caller.userId}`, { token: caller.token, json: { role: 'ADMIN' } }),
      403,
      'FORBIDDEN',
      'Insufficient access',
    );
    const roles = await server.db.memberInWorkspace.findMany({
      where: { workspaceId },
      select: { userId: true, role: true },
    });
    expect(roles).toEqual(
      expect.arrayContaining([
        { userId: caller.userId, role },
        { userId: target.userId, role: 'GUEST' },
      ]),
    );
  });

  test('404 for a user who is not a member, for an unknown workspace and for a non-member caller; 401 without a token', async () => {
    const workspaceId = await newWorkspace();
    const stranger = await createUserWithToken(server.db, unique('stranger'));
    expectError(
      await asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/${stranger.userId}`, { role: 'MEMBER' }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(
      await asAdmin('PATCH', `/v1/workspaces/${workspaceId}/members/nobody@parley.test`, { role: 'MEMBER' }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(
      await asAdmin('PATCH', `/v1/workspaces/nope/members/${stranger.userId}`, { role: 'MEMBER' }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(
      await request(server.url, 'PATCH', `/v1/workspaces/${workspaceId}/members/admin@parley.test`, {
        token: stranger.token,
        json: { role: 'GUEST' },
      }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(
      await request(server.url, 'PATCH', `/v1/workspaces/${workspaceId}/members/admin@parley.test`, {
        json: { role: 'GUEST' },
      }),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
    expect(await membersOf(workspaceId)).toEqual([{ email: 'admin@parley.test', role: 'ADMIN' }]);
    // The stranger was not silently added.
    expect(await server.db.memberInWorkspace.count({ where: { workspaceId, userId: stranger.userId } })).toBe(0);
  });
});

describe('DELETE /v1/workspaces/{workspaceId}/members/{userId}', () => {
  test('removes a member by id: {message: "Member removed"}, and they lose access', async () => {
    const workspaceId = await newWorkspace();
    const user = await createUserWithToken(server.db, unique('leaver'), { workspaceId, role: 'MEMBER' });
    expect((await request(server.url, 'GET', `/v1/workspaces/${workspaceId}`, { token: user.token })).status).toBe(200);

    const response = await asAdmin('DELETE', `/v1/workspaces/${workspaceId}/members/${user.userId}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Member removed' });
    expect(await membersOf(workspaceId)).toEqual([{ email: 'admin@parley.test', role: 'ADMIN' }]);
    expectError(
      await request(server.url, 'GET', `/v1/workspaces/${workspaceId}`, { token: user.token }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    // The user still exists; removing again is a 404.
    expect(await server.db.user.count({ where: { id: user.userId } })).toBe(1);
    expectError(
      await asAdmin('DELETE', `/v1/workspaces/${workspaceId}/members/${user.userId}`),
      404,
      'NOT_FOUND',
      'Not found',
    );
  });

  test('removes a member by e-mail', async () => {
    const workspaceId = await newWorkspace();
    const email = unique('mail-leaver');
    await createUserWithToken(server.db, email, { workspaceId, role: 'GUEST' });
    const response = await asAdmin('DELETE', `/v1/workspaces/${workspaceId}/members/${encodeURIComponent(email)}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Member removed' });
    expect(await membersOf(workspaceId)).toEqual([{ email: 'admin@parley.test', role: 'ADMIN' }]);
  });

  test('removing the last ADMIN is a 400 and they stay ADMIN', async () => {
    const workspaceId = await newWorkspace();
    await createUserWithToken(server.db, unique('stayer'), { workspaceId, role: 'MEMBER' });
    const response = await asAdmin('DELETE', `/v1/workspaces/${workspaceId}/members/admin@parley.test`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'BAD_REQUEST', message: expect.any(String), issues: expect.any(Array) });
    expect(await membersOf(workspaceId)).toEqual(
      expect.arrayContaining([{ email: 'admin@parley.test', role: 'ADMIN' }]),
    );
    expect((await asAdmin('GET', `/v1/workspaces/${workspaceId}`)).status).toBe(200);
  });

  test('an ADMIN may leave when another ADMIN remains', async () => {
    const workspaceId = await newWorkspace();
    const other = await createUserWithToken(server.db, unique('heir'), { workspaceId, role: 'ADMIN' });
    const response = await asAdmin('DELETE', `/v1/workspaces/${workspaceId}/members/admin@parley.test`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Member removed' });
    expectError(await asAdmin('GET', `/v1/workspaces/${workspaceId}`), 404, 'NOT_FOUND', 'Not found');
    const remaining = await request(server.url, 'GET', `/v1/workspaces/${workspaceId}/members`, { token: other.token });
    expect(remaining.body.members).toEqual([
      { workspaceId, user: expect.objectContaining({ email: expect.stringContaining('heir') }), role: 'ADMIN' },
    ]);
  });

  test.each(['MEMBER', 'GUEST'] as const)('403 for a %s (also removing themselves), nothing changes', async (role) => {
    const workspaceId = await newWorkspace();
    const caller = await createUserWithToken(server.db, unique(`remover-${role}`), { workspaceId, role });
    const target = await createUserWithToken(server.db, unique('kept'), { workspaceId, role: 'GUEST' });
    const path = `/v1/workspaces/${workspaceId}/members`;
    expectError(
      await request(server.url, 'DELETE', `${path}/${target.userId}`, { token: caller.token }),
      403,
      'FORBIDDEN',
      'Insufficient access',
    );
    expectError(
      await request(server.url, 'DELETE', `${path}/admin@parley.test`, { token: caller.token }),
      403,
      'FORBIDDEN',
      'Insufficient access',
    );
    expectError(
      await request(server.url, 'DELETE', `${path}/${caller.userId}`, { token: caller.token }),
      403,
      'FORBIDDEN',
      'Insufficient access',
    );
    expect(await membersOf(workspaceId)).toHaveLength(3);
  });

  test('404 for a non-member target, an unknown workspace and a non-member caller; 401 without a token', async () => {
    const workspaceId = await newWorkspace();
    const stranger = await createUserWithToken(server.db, unique('stranger'));
    const kept = await createUserWithToken(server.db, unique('kept'), { workspaceId, role: 'GUEST' });
    expectError(
      await asAdmin('DELETE', `/v1/workspaces/${workspaceId}/members/${stranger.userId}`),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(await asAdmin('DELETE', `/v1/workspaces/nope/members/${kept.userId}`), 404, 'NOT_FOUND', 'Not found');
    expectError(
      await request(server.url, 'DELETE', `/v1/workspaces/${workspaceId}/members/${kept.userId}`, {
        token: stranger.token,
      }),
      404,
      'NOT_FOUND',
      'Not found',
    );
    expectError(
      await request(server.url, 'DELETE', `/v1/workspaces/${workspaceId}/members/${kept.userId}`),
      401,
      'UNAUTHORIZED',
      'Authorization not provided',
    );
    expect(await membersOf(workspaceId)).toHaveLength(2);
    // The stranger's own membership (in their personal workspace) is untouched.
    expect(await server.db.memberInWorkspace.count({ where: { userId: stranger.userId } })).toBe(1);
  });
});
