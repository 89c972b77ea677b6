import { consoleGraphql, cookieValues, signIn, type ConsoleSession } from '../../helpers/console-session';
import { request } from '../../helpers/http';
import { createUserWithToken, startTestServer, type TestServer } from '../../helpers/test-server';
import { setPassword } from '../../../src/services/sign-in/password-change';

// Cookies ignore ports: a page of the chat origin (same host name) could plant
// its own parley_session with a longer Path, which browsers send first, and
// the console would work in the planter's account. A request with more than
// one session cookie is refused and the cookies it came with are expired; over
// https only the __Host- cookie counts (a sibling host can set the plain name).

const ME = '{ me { email } }';
const CREATE_WORKSPACE = 'mutation { createWorkspace(name: "Planted") { id } }';
const SEVERAL =
  'Several Parley session cookies were sent (a page of another port of this host may have set one): they are cleared, sign in again';

const firstError = (body: { errors?: { message: string; extensions?: { code?: string } }[] }) => body.errors?.[0];

/** Set-Cookie lines as (name, value, path, domain) rows, in the order the browser applies them. */
function cookieLines(setCookies: string[]) {
  return setCookies.map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const [name, value] = pair!.split('=');
    const attribute = (key: string) =>
      attributes.find((each) => each.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    return { name, value, path: attribute('path'), domain: attribute('domain') };
  });
}

async function signedInUser(server: TestServer, email: string, headers: Record<string, string> = {}) {
  const { userId } = await createUserWithToken(server.db, email);
  await setPassword(server.db, userId, 'planter-password-1');
  return (await signIn(server.url, email, 'planter-password-1', headers)).session;
}

describe('over http', () => {
  let server: TestServer;
  let admin: ConsoleSession;
  let planter: ConsoleSession;
  beforeAll(async () => {
    server = await startTestServer();
    admin = (await signIn(server.url, server.adminEmail, server.adminPassword)).session;
    planter = await signedInUser(server, 'planter@example.com');
  });
  afterAll(() => server.close());

  /** What the browser sends once a page of the host planted the planter's cookie with Path=/graphql: the longer path first. */
  const planted = (session: ConsoleSession): ConsoleSession => ({
    ...session,
    cookie: `${planter.cookie}; ${admin.cookie}`,
  });

  test("two session cookies are refused with UNAUTHORIZED, whichever's CSRF token comes along, and expired on every path and domain they could have", async () => {
    for (const session of [planted(planter), planted(admin)]) {
      const response = await consoleGraphql(server.url, session, CREATE_WORKSPACE);
      expect(response.status).toBe(200);
      expect(firstError(response.body)).toMatchObject({ message: SEVERAL, extensions: { code: 'UNAUTHORIZED' } });
      const lines = cookieLines(response.headers.getSetCookie());
      expect(lines.every((line) => line.name === 'parley_session' && line.value === '')).toBe(true);
      const expired = lines.map((line) => `${line.domain ?? 'host'} ${line.path}`);
      for (const each of ['host /', 'host /graphql', 'localhost /', 'localhost /graphql'])
        expect(expired).toContain(each);
    }
    expect(await server.db.workspace.count({ where: { name: 'Planted' } })).toBe(0);
    // Each cookie alone still works: nothing was signed out on the server.
    expect((await consoleGraphql(server.url, admin, ME)).body).toEqual({ data: { me: { email: server.adminEmail } } });
  });

  test("the console's page carries no CSRF token for either cookie, and expires them on its path", async () => {
    const page = await request(server.url, 'GET', '/app/w/x/bots', {
      headers: { accept: 'text/html', cookie: planted(admin).cookie },
    });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('parley-csrf');
    const expired = cookieLines(page.headers.getSetCookie()).map((line) => `${line.domain ?? 'host'} ${line.path}`);
    // /graphql's too: the console's own cookie is gone, and its next request must not carry a planted one alone.
    for (const each of ['host /', 'host /app', 'host /app/', 'host /app/w', 'host /app/w/x/bots', 'host /graphql'])
      expect(expired).toContain(each);
  });

  test('signing in again with both cookies still sent expires them first, then sets the new one', async () => {
    const again = await signIn(server.url, server.adminEmail, server.adminPassword, { cookie: planted(admin).cookie });
    expect(again.response.body.errors).toBeUndefined();
    const lines = cookieLines(again.session.setCookies);
    const last = lines.at(-1)!;
    expect(last).toMatchObject({ name: 'parley_session', path: '/', domain: undefined });
    expect(last.value).not.toBe('');
    expect(lines.slice(0, -1).every((line) => line.value === '')).toBe(true);
    expect(lines.length).toBeGreaterThan(2);
    const fresh = { ...again.session, cookie: `parley_session=${last.value}` };
    expect((await consoleGraphql(server.url, fresh, ME)).body).toEqual({ data: { me: { email: server.adminEmail } } });
  });

  test('the same cookie name inside another name does not count', async () => {
    const session = { ...admin, cookie: `x_parley_session=1; ${admin.cookie}; parley_session_old=2` };
    expect((await consoleGraphql(server.url, session, ME)).body).toEqual({
      data: { me: { email: server.adminEmail } },
    });
  });
});

describe('over https (PARLEY_PUBLIC_URL https://…)', () => {
  const CONSOLE = 'https://parley.example';
  let server: TestServer;
  let admin: ConsoleSession;
  let planter: ConsoleSession;
  const fromConsole = { headers: { origin: CONSOLE } };
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: CONSOLE, chatUrl: 'https://chat.parley.example' });
    const secureCookie = (session: ConsoleSession): ConsoleSession => {
      const secret = cookieValues(session.setCookies)['__Host-parley_session'];
      return { ...session, cookie: `__Host-parley_session=${secret}` };
    };
    admin = secureCookie(
      (await signIn(server.url, server.adminEmail, server.adminPassword, { origin: CONSOLE })).session,
    );
    planter = secureCookie(await signedInUser(server, 'planter@example.com', { origin: CONSOLE }));
  });
  afterAll(() => server.close());

  test('only the __Host- cookie is read: a valid session under the plain name is no session', async () => {
    expect((await consoleGraphql(server.url, admin, ME, {}, fromConsole)).body).toEqual({
      data: { me: { email: server.adminEmail } },
    });
    const secret = admin.cookie.slice('__Host-parley_session='.length);
    const plain = { ...admin, cookie: `parley_session=${secret}` };
    const response = await consoleGraphql(server.url, plain, ME, {}, fromConsole);
    expect(firstError(response.body)).toMatchObject({
      message: 'Authorization not provided',
      extensions: { code: 'UNAUTHORIZED' },
    });
    // A plain cookie beside the __Host- one (a sibling host's) is ignored, not taken for a second session.
    const beside = { ...admin, cookie: `parley_session=${planter.cookie.split('=')[1]}; ${admin.cookie}` };
    expect((await consoleGraphql(server.url, beside, ME, {}, fromConsole)).body).toEqual({
      data: { me: { email: server.adminEmail } },
    });
    const page = await request(server.url, 'GET', '/app', { headers: { accept: 'text/html', cookie: plain.cookie } });
    expect(page.body).not.toContain('parley-csrf');
  });

  test('two __Host- cookies are refused and the __Host- cookie expired', async () => {
    const session = { ...admin, cookie: `${planter.cookie}; ${admin.cookie}` };
    const response = await consoleGraphql(server.url, session, ME, {}, fromConsole);
    expect(firstError(response.body)).toMatchObject({ message: SEVERAL, extensions: { code: 'UNAUTHORIZED' } });
    expect(response.headers.getSetCookie()).toEqual([
      '__Host-parley_session=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; secure; httponly',
    ]);
  });
});
