/** A REST route is data: which GraphQL operation it runs and how its answer is shaped. */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI-style path template, e.g. /v1/workspaces/{workspaceId}. */
  path: string;
  /** Name of an operation in src/rest/operations/*.graphql. */
  operation: string;
  summary: string;
  tag: string;
  /** Bearer token required (builder endpoints), public (chat), or used when given (preview). */
  auth: 'bearer' | 'none' | 'optional';
  /** Drop null fields of the answer's GraphQL objects: absent means "not applicable" (chat answers). */
  omitNull?: boolean;
  /** Keys into the operation's data giving the response body (none: the data itself). */
  unwrap?: string[];
  /** Bodies carrying bot definitions get the larger limit. */
  bodyLimit?: 'default' | 'bot';
  /** Error statuses this route documents. */
  errors: number[];
}

/**
 * Where an operation variable comes from: a path parameter when the path
 * names it, else the query string for GET/DELETE, else the JSON body.
 */
export function variableSource(route: RestRoute, name: string): 'path' | 'query' | 'body' {
  if (route.path.includes(`{${name}}`)) return 'path';
  return route.method === 'GET' || route.method === 'DELETE' ? 'query' : 'body';
}

export function koaPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
