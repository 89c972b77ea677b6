import { consoleGraphql, cookieValues, type ConsoleSession } from '../../helpers/console-session';
import { graphql, request, type HttpResponse } from '../../helpers/http';
import { smtpInbox, type Inbox } from '../../helpers/smtp-inbox';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';

// An invitation's link lets someone without an account create theirs and join
// (issue 26): e-mailed when the server has SMTP settings, handed to the
// inviter once when it has none. It never signs in to an existing account,
// and an account made with a link the inviter saw loses what was set on it
// when its owner first proves the address with an e-mailed sign-in link.

const JOIN = 'mutation Join($token: String!) { signInWithInvitation(token: $token) { csrfToken user { email } } }';
const firstError = (body: { errors?: unknown[] }) => body.errors?.[0];
const ME = '{ me { email hasPassword } workspaces { id viewerRole } }';
const CREATE_API_TOKEN = 'mutation { createApiToken(name: "kept") { token } }';
const LIST_MY_INVITATIONS = '{ myInvitations { id workspace { id } } }';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now()}-${(counter += 1)}@parley.test`;
const tokenOf = (link: string) => /#invitation=([A-Za-z0-9_-]+)$/.exec(link)![1]!;

async function newWorkspace(server: TestServer, name: string): Promise<string> {
  const response = await request(server.url, 'POST', '/v1/workspaces', { token: server.adminToken, json: { name } });
  return response.body.workspace.id;
}

const invite = (server: TestServer, workspaceId: string, email: string, role = 'MEMBER') =>
  request(server.url, 'POST', `/v1/workspaces/${workspaceId}/members`, {
    token: server.adminToken,
    json: { email, role },
  });

async function join(server: TestServer, token: string): Promise<{ response: HttpResponse; session: ConsoleSession }> {
  const response = await request(server.url, 'POST', '/graphql', { json: { query: JOIN, variables: { token } } });
  const values = cookieValues(response.headers.getSetCookie());
  return {
    response,
    session: {
      cookie: `parley_session=${values.parley_session ?? ''}`,
      csrfToken: response.body.data?.signInWithInvitation?.csrfToken ?? '',
      setCookies: [],
    },
  };
}

describe('without SMTP: the link is shown to the inviter', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('someone new opens it: their account is made, they are signed in and are a member with the invited role; the link is spent', async () => {
    const workspaceId = await newWorkspace(server, 'Links');
    const email = unique('newcomer');
    const invited = await invite(server, workspaceId, email, 'GUEST');
    expect(invited.status).toBe(200);
    expect(invited.body.invitation).toMatchObject({
      email,
      emailed: false,
      link: expect.stringContaining(`${server.url}/app/sign-in#invitation=`),
    });
    // Only a hash of the secret is kept; listings never show the link again.
    const token = tokenOf(invited.body.invitation.link);
    const stored = await server.db.invitation.findFirstOrThrow({ where: { email } });
    expect(JSON.stringify(stored)).not.toContain(token);
    const listed = await graphql(
      server.url,
      `{ workspace(workspaceId: "${workspaceId}") { invitations { email link emailed } } }`,
      {},
      server.adminToken,
    );
    expect(listed.body).toEqual({ data: { workspace: { invitations: [{ email, link: null, emailed: false }] } } });

    const { response, session } = await join(server, token);
    expect(response.body).toEqual({
      data: { signInWithInvitation: { csrfToken: expect.any(String), user: { email } } },
    });
    const me = await consoleGraphql(server.url, session, ME);
    expect(me.body.data.me).toEqual({ email, hasPassword: false });
    expect(me.body.data.workspaces).toEqual([{ id: workspaceId, viewerRole: 'GUEST' }]);
    expect(await server.db.invitation.count({ where: { email } })).toBe(0);

    const again = await graphql(server.url, JOIN, { token });
    expect(firstError(again.body)).toMatchObject({
      message: 'This invitation link is invalid, used or expired',
      extensions: { code: 'UNAUTHORIZED' },
    });
  });

  test('an address that has an account is not signed in by the link: its owner signs in and accepts', async () => {
    const workspaceId = await newWorkspace(server, 'Existing');
    const existing = await createUserWithToken(server.db, unique('existing'));
    const { email } = await server.db.user.findUniqueOrThrow({ where: { id: existing.userId } });
    const invited = await invite(server, workspaceId, email);
    const refused = await join(server, tokenOf(invited.body.invitation.link));
    expect(firstError(refused.response.body)).toMatchObject({
      message: 'This address already has an account: sign in with it, then accept the invitation',
      extensions: { code: 'BAD_REQUEST' },
    });
    expect(refused.response.headers.getSetCookie()).toEqual([]);
    expect(await server.db.memberInWorkspace.count({ where: { workspaceId, userId: existing.userId } })).toBe(0);
    // The invitation still waits for its owner.
    expect(
      (await request(server.url, 'GET', '/v1/invitations', { token: existing.token })).body.invitations,
    ).toHaveLength(1);
  });

  test('inviting again replaces the link; an expired or made-up link is refused', async () => {
    const workspaceId = await newWorkspace(server, 'Renewed');
    const email = unique('renewed');
    const first = tokenOf((await invite(server, workspaceId, email)).body.invitation.link);
    const second = tokenOf((await invite(server, workspaceId, email, 'ADMIN')).body.invitation.link);
    expect(second).not.toBe(first);
    expect(firstError((await graphql(server.url, JOIN, { token: first })).body)).toMatchObject({
      extensions: { code: 'UNAUTHORIZED' },
    });
    expect(firstError((await graphql(server.url, JOIN, { token: 'made-up' })).body)).toMatchObject({
      extensions: { code: 'UNAUTHORIZED' },
    });
    await server.db.invitation.updateMany({ where: { email }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(firstError((await graphql(server.url, JOIN, { token: second })).body)).toMatchObject({
      extensions: { code: 'UNAUTHORIZED' },
    });
    expect(await server.db.user.count({ where: { email } })).toBe(0);
  });

  test('a newcomer sets a first password without a current one, and signs in with it later', async () => {
    const workspaceId = await newWorkspace(server, 'Passwords');
    const email = unique('password');
    const { session } = await join(server, tokenOf((await invite(server, workspaceId, email)).body.invitation.link));
    const set = await consoleGraphql(
      server.url,
      session,
      'mutation { changePassword(newPassword: "a-long-password-1") }',
    );
    expect(set.body).toEqual({ data: { changePassword: true } });
    const signedIn = await graphql(
      server.url,
      'mutation { signIn(email: "' + email + '", password: "a-long-password-1") { user { email } } }',
    );
    expect(signedIn.body).toEqual({ data: { signIn: { user: { email } } } });
    expect((await consoleGraphql(server.url, session, ME)).body.data.me).toEqual({ email, hasPassword: true });
  });
});

describe('with SMTP: the link is e-mailed to the address', () => {
  let server: TestServer;
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await smtpInbox();
    server = await startTestServer({
      smtp: { host: '127.0.0.1', port: inbox.port, from: { email: 'parley@parley.test' } },
    });
  });
  afterAll(async () => {
    await server.close();
    await inbox.close();
  });

  const mailTo = async (address: string, subject?: string) => {
    for (const started = Date.now(); Date.now() - started < 5000; await new Promise((r) => setTimeout(r, 20))) {
      const mail = inbox.messages.find(
        (message) =>
          JSON.stringify(message.to ?? null).includes(address) &&
          (subject === undefined || message.subject === subject),
      );
      if (mail) return mail;
    }
    throw new Error(`no e-mail to ${address}`);
  };

  test('the inviter is not shown the link; the invitee gets it and joins with it; the address counts as proven', async () => {
    const workspaceId = await newWorkspace(server, 'Mailed');
    const email = unique('mailed');
    const invited = await invite(server, workspaceId, email);
    expect(invited.body.invitation).toMatchObject({ email, emailed: true, link: null });
    const mail = await mailTo(email);
    expect(mail.subject).toBe('You are invited to Mailed on Parley');
    const link = /(http:\/\/\S+\/app\/sign-in#invitation=([A-Za-z0-9_-]+))/.exec(mail.text ?? '');
    expect(link?.[1]?.startsWith(`${server.url}/app/sign-in#invitation=`)).toBe(true);
    const { response, session } = await join(server, link![2]!);
    expect(response.body.data.signInWithInvitation.user).toEqual({ email });
    expect((await consoleGraphql(server.url, session, ME)).body.data.me).toEqual({ email, hasPassword: false });
    expect(await server.db.user.findUniqueOrThrow({ where: { email }, select: { emailUnproven: true } })).toEqual({
      emailUnproven: false,
    });
  });

  // Issue 33, finding 2: whoever opened a shown link first keeps nothing once the owner proves the address.
  test("ends the unproven account's sessions, tokens and memberships; its owner is invited back and accepts what they choose", async () => {
    const email = unique('owner');
    const linkWorkspace = await newWorkspace(server, 'Squatted');
    const organisation = await newWorkspace(server, 'Real organisation');
    // A link an inviter was shown (made as on a server without SMTP over this database).
    const invitation = await server.db.invitation.create({
      data: { workspaceId: linkWorkspace, email, role: 'MEMBER', expiresAt: new Date(Date.now() + 3600_000) },
    });
    const { issueInvitationLink } = await import('../../../src/services/invitation-links');
    const { session } = await join(server, await issueInvitationLink(server.db, invitation.id, true));
    const token = (await consoleGraphql(server.url, session, CREATE_API_TOKEN)).body.data.createApiToken
      .token as string;
    expect((await request(server.url, 'GET', '/v1/workspaces', { token })).status).toBe(200);
    await invite(server, organisation, email, 'ADMIN');

    // The owner asks for a sign-in link at their address and spends it.
    await graphql(server.url, 'mutation Link($email: String!) { requestSignInLink(email: $email) }', { email });
    const mail = await mailTo(email, 'Your Parley sign-in link');
    const secret = /#link=(\S+)/.exec(mail.text ?? '')![1]!;
    const owner = await request(server.url, 'POST', '/graphql', {
      json: {
        query: 'mutation Redeem($token: String!) { signInWithLink(token: $token) { csrfToken user { email } } }',
        variables: { token: secret },
      },
    });
    const ownerSession = {
      cookie: `parley_session=${cookieValues(owner.headers.getSetCookie()).parley_session}`,
      csrfToken: owner.body.data.signInWithLink.csrfToken as string,
      setCookies: [],
    };

    // Whoever opened the link first keeps nothing: token, session, membership.
    const withToken = await request(server.url, 'GET', '/v1/workspaces', { token });
    expect(withToken.status).toBe(401);
    expect((await consoleGraphql(server.url, session, ME)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    expect(await server.db.memberInWorkspace.count({ where: { user: { email } } })).toBe(0);
    // The owner sees both invitations and decides.
    const mine = await consoleGraphql(server.url, ownerSession, LIST_MY_INVITATIONS);
    const invitedTo = mine.body.data.myInvitations.map((each: { workspace: { id: string } }) => each.workspace.id);
    expect(invitedTo.sort()).toEqual([linkWorkspace, organisation].sort());
    const orgInvitation = mine.body.data.myInvitations.find(
      (each: { workspace: { id: string } }) => each.workspace.id === organisation,
    );
    const accepted = await consoleGraphql(
      server.url,
      ownerSession,
      `mutation { acceptInvitation(invitationId: "${orgInvitation.id}") { id } }`,
    );
    expect(accepted.body).toEqual({ data: { acceptInvitation: { id: organisation } } });
    expect((await consoleGraphql(server.url, ownerSession, ME)).body.data.workspaces).toEqual([
      { id: organisation, viewerRole: 'ADMIN' },
    ]);
  });

  test('an account made with a link the inviter saw loses its password and sessions when its owner first signs in with an e-mailed link', async () => {
    // Made on a server without SMTP (the same database): the inviter was shown the link.
    const workspaceId = await newWorkspace(server, 'Shown');
    const email = unique('shown');
    const invitation = await server.db.invitation.create({
      data: { workspaceId, email, role: 'MEMBER', expiresAt: new Date(Date.now() + 3600_000), invitedById: null },
    });
    const { issueInvitationLink } = await import('../../../src/services/invitation-links');
    const token = await issueInvitationLink(server.db, invitation.id, true);
    const { session } = await join(server, token);
    await consoleGraphql(server.url, session, 'mutation { changePassword(newPassword: "set-by-the-inviter") }');
    expect(await server.db.user.findUniqueOrThrow({ where: { email }, select: { emailUnproven: true } })).toEqual({
      emailUnproven: true,
    });

    await graphql(server.url, 'mutation Link($email: String!) { requestSignInLink(email: $email) }', { email });
    const mail = await mailTo(email);
    const secret = /#link=(\S+)/.exec(mail.text ?? '')![1]!;
    const redeemed = await graphql(
      server.url,
      'mutation Redeem($token: String!) { signInWithLink(token: $token) { user { email } } }',
      { token: secret },
    );
    expect(redeemed.body).toEqual({ data: { signInWithLink: { user: { email } } } });
    expect(
      await server.db.user.findUniqueOrThrow({ where: { email }, select: { emailUnproven: true, passwordHash: true } }),
    ).toEqual({
      emailUnproven: false,
      passwordHash: null,
    });
    // The inviter's password and session are gone.
    expect((await consoleGraphql(server.url, session, ME)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHORIZED');
    const withOldPassword = await graphql(
      server.url,
      `mutation { signIn(email: "${email}", password: "set-by-the-inviter") { user { email } } }`,
    );
    expect(firstError(withOldPassword.body)).toMatchObject({ extensions: { code: 'UNAUTHORIZED' } });
  });
});

// Account squatting through invitation links (issue 33, finding 2): a link
// that makes an account is shown to an operator only; an account made with a
// shown link is held to the workspace it joined until its owner proves the
// address, which ends everything it held.
describe('squatting an address through an invitation link, without SMTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  test('an inviter who is not an operator is shown no link, and the answer is the same whether the address has an account or not', async () => {
    const squatter = await createUserWithToken(server.db, unique('squatter'));
    const known = await createUserWithToken(server.db, unique('known'));
    const { email: knownEmail } = await server.db.user.findUniqueOrThrow({ where: { id: known.userId } });
    const answers = [];
    for (const email of [unique('victim'), knownEmail]) {
      const invited = await request(server.url, 'POST', `/v1/workspaces/${squatter.personalWorkspaceId}/members`, {
        token: squatter.token,
        json: { email, role: 'MEMBER' },
      });
      expect(invited.status).toBe(200);
      const { id, createdAt: _createdAt, expiresAt: _expiresAt, email: address, ...rest } = invited.body.invitation;
      expect(address).toBe(email);
      answers.push(rest);
      expect(await server.db.invitation.findFirstOrThrow({ where: { id } })).toMatchObject({ tokenHash: null });
    }
    expect(answers[0]).toEqual({ role: 'MEMBER', emailed: false, link: null });
    expect(answers[1]).toEqual(answers[0]);
  });

  test('the operator is shown the link; the account it makes sees no other invitation and creates no workspace', async () => {
    const email = unique('held');
    const linkWorkspace = await newWorkspace(server, 'Link workspace');
    const organisation = await newWorkspace(server, 'Organisation');
    const { session } = await join(server, tokenOf((await invite(server, linkWorkspace, email)).body.invitation.link));
    // The real organisation invites the address as ADMIN later.
    await invite(server, organisation, email, 'ADMIN');
    const pending = await server.db.invitation.findFirstOrThrow({ where: { email, workspaceId: organisation } });

    expect((await consoleGraphql(server.url, session, LIST_MY_INVITATIONS)).body).toEqual({
      data: { myInvitations: [] },
    });
    const accepted = await consoleGraphql(
      server.url,
      session,
      `mutation { acceptInvitation(invitationId: "${pending.id}") { id } }`,
    );
    expect(firstError(accepted.body)).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    const created = await consoleGraphql(server.url, session, 'mutation { createWorkspace(name: "Mine") { id } }');
    expect(firstError(created.body)).toMatchObject({
      extensions: { code: 'FORBIDDEN' },
      message: expect.stringContaining('not proven'),
    });
    // It works in the workspace it joined, with a token too.
    const token = (await consoleGraphql(server.url, session, CREATE_API_TOKEN)).body.data.createApiToken
      .token as string;
    const workspaces = await request(server.url, 'GET', '/v1/workspaces', { token });
    expect(workspaces.body.workspaces.map((workspace: { id: string }) => workspace.id)).toEqual([linkWorkspace]);
    expect(await server.db.memberInWorkspace.count({ where: { workspaceId: organisation, user: { email } } })).toBe(0);
  });

  test('PARLEY_OPERATORS names who is shown links: an admin not among them is shown none', async () => {
    const other = await startTestServer({ operators: 'someone-else@parley.test' });
    try {
      const workspaceId = await newWorkspace(other, 'No operator here');
      const invited = await invite(other, workspaceId, unique('nobody'));
      expect(invited.body.invitation).toMatchObject({ emailed: false, link: null });
    } finally {
      await other.close();
    }
  });
});
