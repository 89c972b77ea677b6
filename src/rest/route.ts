/**
 * A REST route is data: which GraphQL operation it runs and how its answer is
 * shaped. The REST layer holds no logic of its own, so every route runs one
 * operation of src/rest/operations/ in-process, with the same resolvers,
 * authorization and errors as /graphql.
 *
 * The one exception to "one request, one JSON answer" is streaming
 * (`stream: 'sse'`): the operation is a GraphQL *subscription*, its events
 * are written as server-sent events as they come (the data still comes from
 * the services layer through the schema; /graphql serves the same
 * subscription over SSE). Errors before the first event are answered as for
 * any route; an error during the stream is its last event.
 */
export interface RestRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI-style path template, e.g. /v1/workspaces/{workspaceId}. */
  path: string;
  /** Name of an operation in src/rest/operations/*.graphql. */
  operation: string;
  summary: string;
  tag: string;
  /**
   * Bearer token required (builder endpoints), public (chat), or used when
   * given (preview); `link`: the path carries a sealed link that is its own
   * permission (its operation checks it). A link opens builder data, so unlike
   * the public kinds it is served on the console origin only.
   */
  auth: 'bearer' | 'none' | 'optional' | 'link';
  /** Drop null fields of the answer's GraphQL objects: absent means "not applicable" (chat answers). */
  omitNull?: boolean;
  /** Keys into the operation's data giving the response body (none: the data itself). */
  unwrap?: string[];
  /** Bodies carrying bot definitions get the larger limit. */
  bodyLimit?: 'default' | 'bot';
  /** Error statuses this route documents. */
  errors: number[];
  /**
   * The operation is a subscription: `sse`, its events stream as server-sent
   * events; `export`, each event's `line` is written as it comes, as a file
   * download (CSV or NDJSON by the `format` parameter).
   */
  stream?: 'sse' | 'export';
  /**
   * Resumable server-sent events: each event's `seq` is written as its `id:`,
   * and a reconnecting client's `Last-Event-ID` header gives this variable
   * (when the query string does not).
   */
  resumeFrom?: string;
  /** The whole JSON body is this one variable (a webhook's payload) instead of one variable per field. */
  wholeBody?: string;
  /**
   * Versioned resource: the answer's version (keys into the body) leaves the
   * body for the `ETag` header; with `ifMatch`, an `If-Match` header gives
   * that variable, and the operation's CONFLICT answers 412 PRECONDITION_FAILED.
   */
  etag?: { version: string[]; ifMatch?: string };
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
