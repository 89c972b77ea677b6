// Settings of the HTTP surfaces: GraphQL's bounds and the rate limits.
import { flag, integer, size, text, type Env } from '../setting';

const notProduction = (env: Env) => env.NODE_ENV !== 'production';

export const graphql = {
  graphiql: flag({
    env: 'PARLEY_GRAPHIQL',
    default: notProduction,
    defaultText: '`true`; `false` when `NODE_ENV=production`',
    doc: 'the GraphiQL page at `GET /graphql`',
  }),
  limits: {
    maxQueryBytes: size({
      env: 'PARLEY_GRAPHQL_MAX_QUERY_BYTES',
      unit: 'bytes',
      default: 100 * 1024,
      doc: 'bytes of a `/graphql` query text (variables, e.g. a bot definition, are bounded by the body limit only)',
    }),
    maxTokens: integer({
      env: 'PARLEY_GRAPHQL_MAX_TOKENS',
      default: 2000,
      doc: 'tokens of one `/graphql` document, counted while parsing',
    }),
    maxAliases: integer({ env: 'PARLEY_GRAPHQL_MAX_ALIASES', default: 30, doc: 'aliases per operation' }),
    maxDepth: integer({
      env: 'PARLEY_GRAPHQL_MAX_DEPTH',
      default: 12,
      doc: 'selection depth per operation (fragments flattened)',
    }),
    maxDirectives: integer({ env: 'PARLEY_GRAPHQL_MAX_DIRECTIVES', default: 20, doc: 'directives per operation' }),
    maxCost: integer({
      env: 'PARLEY_GRAPHQL_MAX_COST',
      default: 1000,
      doc: 'cost per operation (graphql-armor: objects 2, scalars 1, ×1.5 per level)',
    }),
    maxPagedCost: integer({
      env: 'PARLEY_GRAPHQL_MAX_PAGED_COST',
      default: 5000,
      doc:
        'cost with every field counted once per item of the page it is read in (`first`/`limit`; a page size ' +
        'given by a variable counts as 100, none as 50) and dear fields weighted (`Result.transcript` 50)',
    }),
    introspection: flag({
      env: 'PARLEY_GRAPHQL_INTROSPECTION',
      default: notProduction,
      defaultText: '`true`; `false` when `NODE_ENV=production`',
      doc: 'schema introspection and the "Did you mean …?" of validation and input errors (`/graphql` and REST)',
    }),
  },
};

/** The assistants' `/mcp` (src/http/mcp.ts). */
export const mcp = {
  concurrencyPerToken: integer({
    env: 'PARLEY_MCP_CONCURRENCY',
    default: 4,
    min: 1,
    doc:
      'requests one API token may have in progress at once on `/mcp`, in each process (each tool call is one: ' +
      'a preview of 30 replies holds its slot until it ends); past it, 429 saying so',
  }),
};

export const rateLimit = {
  enabled: flag({
    env: 'PARLEY_RATE_LIMIT',
    default: true,
    doc:
      '`false` (or `off`) switches the chat rate limits off. A refused chat request answers 400 ' +
      '`Too many requests, retry later` with `Retry-After` (seconds)',
  }),
  ipPoints: integer({
    env: 'PARLEY_RATE_LIMIT_IP',
    default: 120,
    doc: 'chat requests (start, continue, logs, preview, stream, uploads) one client IP may make per window',
  }),
  botPoints: integer({
    env: 'PARLEY_RATE_LIMIT_BOT',
    default: 600,
    doc: 'chats one bot may start per window, all clients together',
  }),
  builderPoints: integer({
    env: 'PARLEY_RATE_LIMIT_BUILDER',
    default: 600,
    doc: 'builder requests (`/graphql`, `/v1` builder routes) one client IP may make per window; over it: 429',
  }),
  authFailurePoints: integer({
    env: 'PARLEY_RATE_LIMIT_AUTH_FAILURES',
    default: 20,
    doc: 'requests with an unknown or revoked token one IP may make per window; past it, its builder requests get 429',
  }),
  signInFailurePoints: integer({
    env: 'PARLEY_RATE_LIMIT_SIGN_IN_FAILURES',
    default: 10,
    doc:
      'failed console sign-ins (wrong password, spent or unknown link) one IP may make per window; past it, its ' +
      'sign-ins get 429 `Too many attempts: try again in N seconds` (signed-in consoles on that IP are not affected)',
  }),
  anonymousPreviewPoints: integer({
    env: 'PARLEY_RATE_LIMIT_ANONYMOUS_PREVIEW',
    default: 10,
    doc: 'anonymous previews (a definition sent without a token) one client IP may start per window',
  }),
  revisionPoints: integer({
    env: 'PARLEY_RATE_LIMIT_REVISIONS',
    default: 20,
    doc: 'checkpoints and restores of bot drafts one user may make per window, all bots together; over it: 429',
  }),
  windowSeconds: integer({
    env: 'PARLEY_RATE_LIMIT_WINDOW_SECONDS',
    default: 60,
    min: 1,
    unit: 'seconds',
    doc: 'the rate-limit window (buckets refill at its end)',
  }),
  trustedProxies: text({
    env: 'PARLEY_TRUSTED_PROXIES',
    default: '',
    defaultText: 'none',
    doc: "comma-separated IPs/CIDRs of reverse proxies whose `X-Forwarded-For` names the client; else it's ignored",
  }),
};

export const redis = {
  url: text({
    env: 'PARLEY_REDIS_URL',
    platform: ['REDIS_URL'],
    defaultText: 'unset',
    doc:
      'keep the rate-limit counters in this Redis (shared by every process; unreachable at start: a start-up ' +
      "error); else PostgreSQL's table, or memory on SQLite. `REDIS_URL` is read too",
  }),
  prefix: text({
    env: 'PARLEY_REDIS_PREFIX',
    default: 'parley',
    doc: "Parley's Redis keys start with this (deployments sharing one Redis)",
  }),
};
