import http from 'node:http';
import { consoleGraphql, cookieValues, signIn } from '../../helpers/console-session';
import { graphql, request } from '../../helpers/http';
import { smtpInbox, type Inbox } from '../../helpers/smtp-inbox';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';
import { setPassword } from '../../../src/services/sign-in/password-change';

// Console sign-in (issue 14): e-mail + password or an e-mailed one-time link
// give an httpOnly session cookie that /graphql accepts beside bearer tokens,
// with a CSRF header required on every cookie-authenticated request. The
// token is never a cookie (issue 21: cookies are shared with the chat origin's port).

const ME = '{ me { email } }';
const CROSS_ORIGIN =
  'Cross-origin request refused: a console session is honoured only from the console, with its X-Parley-CSRF header. API clients (GraphiQL too: its Headers tab) send Authorization: Bearer <token> instead';

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

const firstError = (body: { errors?: { message: string; extensions?: { code?: string } }[] }) => body.errors?.[0];

describe('signIn', () => {
  test('sets an httpOnly SameSite=Lax session cookie, not Secure over plain HTTP; the CSRF token comes in the answer, never a cookie', async () => {
    const { response, session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    expect(response.status).toBe(200);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.signIn.user).toEqual({ email: server.adminEmail });
    const expiresAt = new Date(response.body.data.signIn.expiresAt).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expiresAt - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

    expect(session.setCookies).toHaveLength(1);
    const [sessionCookie] = session.setCookies;
    expect(sessionCookie).toMatch(/^parley_session=/);
    expect(sessionCookie).toMatch(/; path=\//);
    expect(sessionCookie).toMatch(/; samesite=lax/);
    expect(sessionCookie).toMatch(/; httponly/);
    expect(sessionCookie).not.toMatch(/; secure/);
    expect(session.csrfToken).toMatch(/^[\w-]{40,}$/);
    // Nothing of the secret is stored in clear.
    const stored = await server.db.consoleSession.findMany({ where: { user: { email: server.adminEmail } } });
    const { parley_session: secret } = cookieValues(session.setCookies);
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) expect(row.tokenHash).not.toBe(secret);

    const me = await consoleGraphql(server.url, session, ME);
    expect(me.body).toEqual({ data: { me: { email: server.adminEmail } } });
  });

  test('a wrong password and an unknown e-mail get the same answer', async () => {
    const wrong = await signIn(server.url, server.adminEmail, 'not the password');
    const unknown = await signIn(server.url, 'nobody@parley.test', 'not the password');
    for (const { response, session } of [wrong, unknown]) {
      expect(firstError(response.body)).toMatchObject({
        message: 'Wrong e-mail or password',
        extensions: { code: 'UNAUTHORIZED' },
      });
      expect(session.setCookies).toEqual([]);
    }
  });

  test('a user without a password cannot sign in with any', async () => {
    await createUserWithToken(server.db, 'token-only@parley.test');
    const { response } = await signIn(server.url, 'token-only@parley.test', '');
    expect(firstError(response.body)).toMatchObject({ extensions: { code: 'BAD_REQUEST' } });
    const again = await signIn(server.url, 'token-only@parley.test', 'anything-at-all');
    expect(firstError(again.response.body)?.message).toBe('Wrong e-mail or password');
  });

  test("another site's page cannot sign a visitor in (login CSRF)", async () => {
    const { response, session } = await signIn(server.url, server.adminEmail, server.adminPassword, {
      origin: 'http://evil.example',
    });
    expect(firstError(response.body)).toMatchObject({
      message: 'Cross-site sign-in refused',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(session.setCookies).toEqual([]);
    const sameOrigin = await signIn(server.url, server.adminEmail, server.adminPassword, { origin: server.url });
    expect(sameOrigin.response.body.errors).toBeUndefined();
  });

  test('the REST API does not take the session cookie: it is for bearer-token clients', async () => {
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    const workspaces = await request(server.url, 'GET', '/v1/workspaces', {
      headers: { cookie: session.cookie, 'x-parley-csrf': session.csrfToken },
    });
    expect(workspaces.status).toBe(401);
    expect(workspaces.body).toEqual({ code: 'UNAUTHORIZED', message: 'Authorization not provided', issues: [] });
  });
});

describe('cookie-authenticated requests', () => {
  test('without the CSRF header, or with a wrong one, are refused with FORBIDDEN', async () => {
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    for (const csrf of [null, 'forged-token']) {
      const response = await consoleGraphql(
        server.url,
        session,
        'mutation { createWorkspace(name: "CSRF") { id } }',
        {},
        { csrf },
      );
      expect(firstError(response.body)).toMatchObject({ message: CROSS_ORIGIN, extensions: { code: 'FORBIDDEN' } });
    }
    expect(await server.db.workspace.count({ where: { name: 'CSRF' } })).toBe(0);
  });

  test('from another origin (the chat origin included), even with the right CSRF token, are refused', async () => {
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    const attempts: Record<string, string>[] = [
      { origin: server.chatUrl },
      { origin: 'http://evil.example' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const response = await consoleGraphql(
        server.url,
        session,
        'mutation { createApiToken(name: "stolen") { token } }',
        {},
        { headers },
      );
      expect(firstError(response.body)).toMatchObject({ message: CROSS_ORIGIN, extensions: { code: 'FORBIDDEN' } });
    }
    const fromConsole = await consoleGraphql(
      server.url,
      session,
      ME,
      {},
      { headers: { origin: server.url, 'sec-fetch-site': 'same-origin' } },
    );
    expect(fromConsole.body).toEqual({ data: { me: { email: server.adminEmail } } });
    expect(await server.db.apiToken.count({ where: { name: 'stolen' } })).toBe(0);
  });

  test('the chat origin has no /graphql and no console', async () => {
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    const response = await consoleGraphql(server.chatUrl, session, ME, {}, { headers: { origin: server.chatUrl } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ code: 'NOT_FOUND', message: 'Not found', issues: [] });
    const app = await request(server.chatUrl, 'GET', '/app', {
      headers: { accept: 'text/html', cookie: session.cookie },
    });
    expect(app.status).toBe(404);
    expect(app.body).not.toContain('parley-csrf');
  });

  test("the console's page carries the session's CSRF token (and no cache keeps it); other pages and origins never do", async () => {
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    const page = await request(server.url, 'GET', '/app', { headers: { accept: 'text/html', cookie: session.cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<meta name="parley-csrf" content="${session.csrfToken}">`);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('content-security-policy')).toContain(`frame-src ${server.chatUrl}`);
    const signedOut = await request(server.url, 'GET', '/app', { headers: { accept: 'text/html' } });
    expect(signedOut.body).not.toContain('parley-csrf');
  });

  test('an old readable CSRF cookie left by an earlier release is cleared', async () => {
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    const page = await request(server.url, 'GET', '/app', {
      headers: { accept: 'text/html', cookie: `${session.cookie}; parley_csrf=old` },
    });
    expect(cookieValues(page.headers.getSetCookie())).toEqual({ parley_csrf: '' });
  });

  test("a form's text/plain POST to /graphql is refused with the error object", async () => {
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    const response = await request(server.url, 'POST', '/graphql', {
      raw: '{"query":"mutation { createWorkspace(name: \\"Form\\") { id } }","x":"="}',
      headers: { 'content-type': 'text/plain', cookie: session.cookie, origin: 'http://localhost:1' },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Content-Type must be application/json (got "text/plain")',
      issues: [],
    });
    expect(await server.db.workspace.count({ where: { name: 'Form' } })).toBe(0);
  });

  test('CORS never lets another origin send credentials to /graphql', async () => {
    const preflight = await fetch(`${server.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-parley-csrf',
      },
    });
    expect(preflight.headers.get('access-control-allow-credentials')).not.toBe('true');
  });

  test('an expired session is refused', async () => {
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    await server.db.consoleSession.updateMany({
      where: { tokenHash: { not: '' } },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const me = await consoleGraphql(server.url, session, ME);
    expect(firstError(me.body)).toMatchObject({
      message: 'Session expired: sign in again',
      extensions: { code: 'UNAUTHORIZED' },
    });
  });

  test('a bearer token wins over a cookie', async () => {
    const other = await createUserWithToken(server.db, 'bearer-wins@parley.test');
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    const me = await consoleGraphql(
      server.url,
      session,
      ME,
      {},
      { headers: { authorization: `Bearer ${other.token}` } },
    );
    expect(me.body.data.me.email).toBe('bearer-wins@parley.test');
  });
});

describe('signOut', () => {
  test('ends the session: cookies cleared, and the old cookie no longer works', async () => {
    const { session } = await signIn(server.url, server.adminEmail, server.adminPassword);
    const out = await consoleGraphql(server.url, session, 'mutation { signOut }');
    expect(out.body).toEqual({ data: { signOut: true } });
    const cleared = cookieValues(out.headers.getSetCookie());
    expect(cleared).toEqual({ parley_session: '' });
    const me = await consoleGraphql(server.url, session, ME);
    expect(firstError(me.body)).toMatchObject({
      message: 'Signed out: sign in again',
      extensions: { code: 'UNAUTHORIZED' },
    });
  });
});

describe('changePassword', () => {
  test('needs the current password, then signs the other browsers out and keeps this one', async () => {
    const { userId } = await createUserWithToken(server.db, 'changer@parley.test');
    await setPassword(server.db, userId, 'first-password-1');
    const here = (await signIn(server.url, 'changer@parley.test', 'first-password-1')).session;
    const elsewhere = (await signIn(server.url, 'changer@parley.test', 'first-password-1')).session;
    const CHANGE =
      'mutation Change($current: String, $next: String!) { changePassword(currentPassword: $current, newPassword: $next) }';

    const wrong = await consoleGraphql(server.url, here, CHANGE, { current: 'nope', next: 'second-password-2' });
    expect(firstError(wrong.body)).toMatchObject({
      message: 'The current password is wrong',
      extensions: { code: 'BAD_REQUEST' },
    });
    const short = await consoleGraphql(server.url, here, CHANGE, { current: 'first-password-1', next: 'short' });
    expect(firstError(short.body)).toMatchObject({ extensions: { code: 'BAD_REQUEST' } });

    const changed = await consoleGraphql(server.url, here, CHANGE, {
      current: 'first-password-1',
      next: 'second-password-2',
    });
    expect(changed.body).toEqual({ data: { changePassword: true } });
    expect((await consoleGraphql(server.url, here, ME)).body.data.me.email).toBe('changer@parley.test');
    expect(firstError((await consoleGraphql(server.url, elsewhere, ME)).body)?.message).toBe(
      'Signed out: sign in again',
    );
    expect(
      firstError((await signIn(server.url, 'changer@parley.test', 'first-password-1')).response.body)?.message,
    ).toBe('Wrong e-mail or password');
    expect((await signIn(server.url, 'changer@parley.test', 'second-password-2')).response.body.errors).toBeUndefined();
  });
});

describe('sign-in links', () => {
  const REQUEST = 'mutation Link($email: String!) { requestSignInLink(email: $email) }';
  const REDEEM = 'mutation Redeem($token: String!) { signInWithLink(token: $token) { user { email } } }';

  test('signInOptions says links are offered when the server has SMTP', async () => {
    expect((await graphql(server.url, '{ signInOptions { password emailLink } }')).body).toEqual({
      data: { signInOptions: { password: true, emailLink: true } },
    });
  });

  test('an e-mailed link signs in once; unknown addresses get the same answer and no e-mail', async () => {
    const before = inbox.messages.length;
    expect((await graphql(server.url, REQUEST, { email: 'nobody-here@parley.test' })).body).toEqual({
      data: { requestSignInLink: true },
    });
    expect((await graphql(server.url, REQUEST, { email: server.adminEmail })).body).toEqual({
      data: { requestSignInLink: true },
    });
    for (const started = Date.now(); inbox.messages.length === before && Date.now() - started < 5000;)
      await new Promise((r) => setTimeout(r, 20));
    expect(inbox.messages).toHaveLength(before + 1);
    const mail = inbox.messages.at(-1)!;
    expect(mail.subject).toBe('Your Parley sign-in link');
    expect(mail.to).toMatchObject({ text: server.adminEmail });
    const link = /(http:\/\/\S+\/app\/sign-in#link=(\S+))/.exec(mail.text ?? '');
    expect(link?.[1]?.startsWith(`${server.url}/app/sign-in#link=`)).toBe(true);

    const redeemed = await request(server.url, 'POST', '/graphql', {
      json: { query: REDEEM, variables: { token: link![2] } },
    });
    expect(redeemed.body).toEqual({ data: { signInWithLink: { user: { email: server.adminEmail } } } });
    expect(Object.keys(cookieValues(redeemed.headers.getSetCookie()))).toEqual(['parley_session']);
    const again = await graphql(server.url, REDEEM, { token: link![2] });
    expect(firstError(again.body)).toMatchObject({
      message: 'This sign-in link is invalid, used or expired',
      extensions: { code: 'UNAUTHORIZED' },
    });
    // A second request right away sends nothing (no inbox flooding).
    await graphql(server.url, REQUEST, { email: server.adminEmail });
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.messages).toHaveLength(before + 1);
  });

  test('the e-mailed link is on the configured console address, whatever Host the request named (issue 33, finding 3)', async () => {
    const email = `host-header-${Date.now()}@parley.test`;
    await createUserWithToken(server.db, email);
    const before = inbox.messages.length;
    const body = JSON.stringify({ query: REQUEST, variables: { email } });
    // node:http sends the Host header given (fetch would write its own).
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = http.request(
        `${server.url}/graphql`,
        {
          method: 'POST',
          headers: {
            host: 'attacker.example',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    expect(status).toBe(200);
    for (const started = Date.now(); inbox.messages.length === before && Date.now() - started < 5000;)
      await new Promise((r) => setTimeout(r, 20));
    const mail = inbox.messages.at(-1)!;
    expect(mail.to).toMatchObject({ text: email });
    expect(mail.text).not.toContain('attacker.example');
    expect(/(http:\/\/\S+)\/app\/sign-in#link=/.exec(mail.text ?? '')?.[1]).toBe(server.url);
  });

  test('without SMTP, links are not offered and asking for one is a clear error', async () => {
    const plain = await startTestServer();
    try {
      expect((await graphql(plain.url, '{ signInOptions { emailLink } }')).body.data.signInOptions.emailLink).toBe(
        false,
      );
      const asked = await graphql(plain.url, REQUEST, { email: plain.adminEmail });
      expect(firstError(asked.body)).toMatchObject({
        message: 'Sign-in links need the server to have SMTP settings (SMTP_HOST, SMTP_FROM)',
        extensions: { code: 'BAD_REQUEST' },
      });
    } finally {
      await plain.close();
    }
  });
});

describe('rate limit and HTTPS', () => {
  test('wrong passwords spend a sign-in budget of their own: refused sign-ins say when to try again, signed-in consoles on that address go on', async () => {
    const limited = await startTestServer({
      rateLimit: { signInFailurePoints: 3, authFailurePoints: 1, builderPoints: 1000, windowSeconds: 60 },
    });
    try {
      const before = await signIn(limited.url, limited.adminEmail, limited.adminPassword);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await signIn(limited.url, limited.adminEmail, 'wrong-password')).response.status).toBe(200);
      }
      const shutOut = await signIn(limited.url, limited.adminEmail, limited.adminPassword);
      expect(shutOut.response.status).toBe(429);
      const retryAfter = Number(shutOut.response.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(shutOut.response.body).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: `Too many attempts: try again in ${retryAfter} seconds`,
        issues: [],
      });
      // The console signed in before, and API tokens, from the same address: not locked out.
      expect((await consoleGraphql(limited.url, before.session, ME)).body).toEqual({
        data: { me: { email: limited.adminEmail } },
      });
      expect((await graphql(limited.url, ME, {}, limited.adminToken)).body).toEqual({
        data: { me: { email: limited.adminEmail } },
      });
    } finally {
      await limited.close();
    }
  });

  test('behind HTTPS (PARLEY_PUBLIC_URL https://…) the cookie is a Secure __Host- cookie and works from that origin only', async () => {
    const secure = await startTestServer({
      publicUrl: 'https://parley.example',
      chatUrl: 'https://chat.parley.example',
    });
    try {
      const { response, session } = await signIn(secure.url, secure.adminEmail, secure.adminPassword, {
        origin: 'https://parley.example',
      });
      expect(response.body.errors).toBeUndefined();
      expect(session.setCookies).toHaveLength(1);
      expect(session.setCookies[0]).toMatch(
        /^__Host-parley_session=[^;]+; path=\/; expires=[^;]+; samesite=lax; secure; httponly$/,
      );
      const cookie = session.setCookies[0]!.split(';')[0]!;
      const asConsole = { ...session, cookie };
      const me = await consoleGraphql(secure.url, asConsole, ME, {}, { headers: { origin: 'https://parley.example' } });
      expect(me.body).toEqual({ data: { me: { email: secure.adminEmail } } });
      const fromChat = await consoleGraphql(
        secure.url,
        asConsole,
        ME,
        {},
        { headers: { origin: 'https://chat.parley.example' } },
      );
      expect(firstError(fromChat.body)).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    } finally {
      await secure.close();
    }
  });
});
