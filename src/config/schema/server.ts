// Settings of the process: where it listens, its database, its first admin, its logs.
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel } from '../../observability/logger';
import { choice, duration, flag, integer, origin, size, text, type Env } from '../setting';

export const server = {
  host: text({
    env: 'PARLEY_HOST',
    deprecated: ['HOST'],
    defaultText: 'every interface',
    doc: 'the address both listeners bind (`127.0.0.1`: this machine only)',
  }),
  port: integer({
    env: 'PARLEY_PORT',
    platform: ['PORT'],
    default: 3000,
    max: 65535,
    doc: 'the console and API port (`/app`, `/graphql`, `/v1`); `PORT`, which hosting platforms set, is read too',
  }),
  chatPort: {
    ...integer({
      env: 'PARLEY_CHAT_PORT',
      default: 0,
      max: 65535,
      doc:
        "the chat origin's port: bots' public pages, `/embed.js`, uploaded files, the console's preview frame " +
        '(and the public chat API, served on both). Equal to the console port: one listener that tells the two ' +
        "apart by `PARLEY_CHAT_URL`'s host name (two host names behind one proxy port)",
    }),
    defaultText: 'the console port + 1',
    fallback: () => undefined as number | undefined,
  },
  chatUrl: origin({
    env: 'PARLEY_CHAT_URL',
    defaultText: "the request's host name on the chat port",
    doc:
      'the chat origin as visitors reach it (`https://chat.example.com`): share links, embed snippets, upload ' +
      'and file URLs. Must differ from `PARLEY_PUBLIC_URL`; best on another registrable domain',
  }),
  publicUrl: origin({
    env: 'PARLEY_PUBLIC_URL',
    defaultText: "the request's `Host`",
    doc:
      'the console and API origin as users reach it (`https://app.example.com`): sign-in links, the origin the ' +
      "console's session is honoured from, `Secure` `__Host-` cookie when `https` (set it behind a proxy)",
  }),
  workers: integer({
    env: 'PARLEY_WORKERS',
    default: 1,
    min: 1,
    max: 64,
    doc: '`parley serve` processes (`--workers` wins over it)',
  }),
  heapGrowthPercent: integer({
    env: 'PARLEY_HEAP_GROWTH_PERCENT',
    default: 40,
    max: 300,
    unit: '%',
    doc:
      'how much the JavaScript heap may grow past what a full garbage collection kept before the next one ' +
      "(`0`: V8's own choice, up to 4×). Under load, V8's own choice let garbage pile up to 250–350 MB resident, " +
      'and not flat; 40 % holds a server near 210 MB for ~5 % more CPU a conversation (bench/README.md). ' +
      '`parley import typebot` applies it too',
  }),
  bodyLimit: size({
    env: 'PARLEY_BODY_LIMIT',
    unit: 'bytes',
    default: 1024 * 1024,
    doc: 'request body limit (413 beyond)',
  }),
  botBodyLimit: size({
    env: 'PARLEY_BOT_BODY_LIMIT',
    unit: 'bytes',
    default: 10 * 1024 * 1024,
    doc:
      'body limit for requests carrying bot definitions (and `/graphql`); also the most a bot\'s draft may ' +
      'weigh (its JSON), whatever built it: a save, a patch, a list of edits or a restore',
  }),
  shutdownMs: duration({
    env: 'PARLEY_SHUTDOWN_MS',
    unit: 'ms',
    default: 10_000,
    doc: 'on SIGTERM/SIGINT, how long requests in flight may take to finish before their connections are cut',
  }),
};

export const database = {
  url: text({
    env: 'PARLEY_DATABASE_URL',
    platform: ['DATABASE_URL'],
    default: 'file:./data/parley.db',
    doc: '`file:<path>` (SQLite, WAL mode) or `postgresql://user:pass@host:5432/db`; `DATABASE_URL` is read too',
  }),
  poolSize: integer({
    env: 'PARLEY_DATABASE_POOL_SIZE',
    default: 10,
    min: 1,
    max: 1000,
    doc: "PostgreSQL: connections each process opens at most (each worker process has its own pool: keep processes × pool size under the server's `max_connections`); more helps a busy process (channels: ~25% more messages answered at 20 on the 2-core machine)",
  }),
};

export const admin = {
  email: text({
    env: 'PARLEY_ADMIN_EMAIL',
    default: 'admin@parley.local',
    doc: 'e-mail of the admin created on the first start with an empty database',
  }),
  token: text({
    env: 'PARLEY_ADMIN_TOKEN',
    defaultText: 'random, printed once',
    doc: "that admin's API token",
  }),
  password: text({
    env: 'PARLEY_ADMIN_PASSWORD',
    defaultText: 'generated, printed once',
    doc: "that admin's console password (10 characters or more)",
  }),
  operators: text({
    env: 'PARLEY_OPERATORS',
    defaultText: '`PARLEY_ADMIN_EMAIL`',
    doc:
      "the server's operators, by e-mail, comma-separated: without SMTP, only they are shown invitation links " +
      'to hand over (a link makes an account for the address: [security.md](security.md#workspaces-and-members))',
  }),
};

export const consoleSettings = {
  sessionTtlMs: duration({
    env: 'PARLEY_CONSOLE_SESSION_HOURS',
    unit: 'hours',
    default: 7 * 24,
    doc: 'how long a console sign-in lasts (then the console asks to sign in again)',
  }),
};

/** The most a bot's draft may hold (src/services/draft-bounds.ts); its bytes are bounded by `PARLEY_BOT_BODY_LIMIT`. */
const draftObjects = (what: string, env: string, value: number) =>
  integer({
    env,
    default: value,
    min: 1,
    doc: `${what} a bot's draft may hold; a save that would make more is refused (400 naming the limit)`,
  });

export const drafts = {
  maxGroups: draftObjects('groups', 'PARLEY_BOT_MAX_GROUPS', 2_000),
  maxBlocks: draftObjects('blocks, all groups together,', 'PARLEY_BOT_MAX_BLOCKS', 10_000),
  maxEdges: draftObjects('connections (edges)', 'PARLEY_BOT_MAX_EDGES', 20_000),
  maxVariables: draftObjects('variables', 'PARLEY_BOT_MAX_VARIABLES', 2_000),
  maxEvents: draftObjects('events', 'PARLEY_BOT_MAX_EVENTS', 200),
  checkpointQuietMs: duration({
    env: 'PARLEY_DRAFT_CHECKPOINT_QUIET_MINUTES',
    unit: 'minutes',
    default: 10,
    doc:
      "a save that comes after a bot's draft was left unchanged this long first keeps the draft as it was as a " +
      'checkpoint in its history (the end of an editing session); `0`: before every save that changes the draft',
  }),
  changesPerRead: integer({
    env: 'PARLEY_DRAFT_CHANGES_PER_READ',
    default: 100,
    min: 1,
    doc:
      'saves one read of a draft\'s change log (`draftChanges`, `GET /v1/bots/{id}/draft/changes`) answers at most; ' +
      'an editor further behind reads again from the last one',
  }),
  changesReadBytes: size({
    env: 'PARLEY_DRAFT_CHANGES_READ_MB',
    unit: 'MB',
    default: 10,
    doc:
      'bytes of patches one request reads from draft change logs, all its fields together; a single save larger ' +
      'than that answers null (read the draft again)',
  }),
  workspaceStorageBytes: size({
    env: 'PARLEY_WORKSPACE_DRAFT_STORAGE_MB',
    unit: 'MB',
    default: 200,
    doc:
      "drafts, revisions (checkpoints and publishes) and change logs of a workspace's bots together; a save, " +
      'checkpoint, restore, publish or new bot past it is refused (400). Deleting a bot frees its share',
  }),
};

export const log = {
  // Unset, the level and the format depend on whether stdout is a terminal (observability/logger.ts, logOutput).
  level: {
    ...choice({
      env: 'PARLEY_LOG_LEVEL',
      deprecated: ['LOG_LEVEL'],
      values: LOG_LEVELS,
      default: 'info',
      doc:
        'log level (`info`: one line per request). In a terminal the default is `warn`: warnings and errors ' +
        'only, besides the start-up lines (the admin password, the listening address), which are always printed',
    }),
    defaultText: '`info`; `warn` in a terminal',
    fallback: () => undefined as LogLevel | undefined,
  },
  format: {
    ...choice({
      env: 'PARLEY_LOG_FORMAT',
      values: LOG_FORMATS,
      default: 'json',
      doc:
        '`json`: one JSON object per line, for a log collector; `text`: short lines for a person ' +
        '(`GET /v1/bots/:id 200 12ms`)',
    }),
    defaultText: '`text` in a terminal, `json` otherwise',
    fallback: () => undefined as LogFormat | undefined,
  },
  debug: flag({
    env: 'PARLEY_DEBUG',
    default: false,
    doc: 'adds the stack trace to a start-up or command error (otherwise one line)',
  }),
};

export const metrics = {
  token: text({
    env: 'PARLEY_METRICS_TOKEN',
    defaultText: 'unset',
    doc: 'when set, `GET /metrics` needs `Authorization: Bearer <this token>` (401 otherwise)',
  }),
  public: flag({
    env: 'PARLEY_METRICS_PUBLIC',
    default: (env: Env) => env.NODE_ENV !== 'production',
    defaultText: '`true`; `false` when `NODE_ENV=production`',
    doc:
      'without `PARLEY_METRICS_TOKEN`, whether anyone may read `GET /metrics` (otherwise it answers 404): ' +
      'route templates, counts and timings, nothing of a visitor ([security.md](security.md#metrics))',
  }),
};
