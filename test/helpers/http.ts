export interface HttpResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  token?: string;
  /** Serialised as JSON. */
  json?: unknown;
  /** Sent as is (for malformed bodies). */
  raw?: string;
  headers?: Record<string, string>;
}

/** A real HTTP request to the server under test; the body is parsed as JSON when it is JSON. */
export async function request<T = any>(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.raw !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = options.raw;
  }
  const response = await fetch(baseUrl + path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json'))
    parsed = text === '' ? undefined : JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** A GraphQL request to /graphql. */
export async function graphql<T = any>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<HttpResponse<{ data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] }>> {
  return request(baseUrl, 'POST', '/graphql', { token, json: { query, variables } });
}

export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function errorBody(code: string, message: string) {
  return { code, message, issues: expect.any(Array) };
}
