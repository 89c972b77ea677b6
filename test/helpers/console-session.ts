import { request, type HttpResponse } from './http';

/** A browser's console session as the tests carry it: the cookie the server set, and the CSRF token of the sign-in's answer (the console sends it as a header). */
export interface ConsoleSession {
  cookie: string;
  csrfToken: string;
  setCookies: string[];
}

const SIGN_IN =
  'mutation SignIn($email: String!, $password: String!) { signIn(email: $email, password: $password) { expiresAt csrfToken user { email } } }';

/** Cookie name → value from Set-Cookie lines. */
export function cookieValues(setCookies: string[]): Record<string, string> {
  return Object.fromEntries(
    setCookies.map((line) => line.split(';')[0]!.split('=')).map(([name, ...value]) => [name!.trim(), value.join('=')]),
  );
}

export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ response: HttpResponse; session: ConsoleSession }> {
  const response = await request(baseUrl, 'POST', '/graphql', {
    json: { query: SIGN_IN, variables: { email, password } },
    headers,
  });
  const setCookies = response.headers.getSetCookie();
  const values = cookieValues(setCookies);
  return {
    response,
    session: {
      cookie: `parley_session=${values.parley_session ?? ''}`,
      csrfToken: (response.body as { data?: { signIn?: { csrfToken?: string } } }).data?.signIn?.csrfToken ?? '',
      setCookies,
    },
  };
}

/** A /graphql request as the console sends it: cookies, and the CSRF header unless told otherwise. */
export function consoleGraphql(
  baseUrl: string,
  session: ConsoleSession,
  query: string,
  variables: Record<string, unknown> = {},
  options: { csrf?: string | null; headers?: Record<string, string> } = {},
): Promise<HttpResponse> {
  const csrf = options.csrf === undefined ? session.csrfToken : options.csrf;
  return request(baseUrl, 'POST', '/graphql', {
    json: { query, variables },
    headers: { cookie: session.cookie, ...(csrf !== null ? { 'x-parley-csrf': csrf } : {}), ...options.headers },
  });
}
