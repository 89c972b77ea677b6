// Settings of the chat runtime: sessions, turns, bot-author code, external effects.
import { duration, flag, integer, size, text } from '../setting';

export const chat = {
  sessionTtlMs: duration({
    env: 'PARLEY_SESSION_TTL_SECONDS',
    deprecated: ['SESSION_TTL'],
    unit: 'seconds',
    default: 30 * 24 * 3600,
    doc: 'how long an idle chat session lives (30 days); expired sessions answer "Session expired" and are swept hourly',
  }),
  sessionWaitMs: duration({
    env: 'PARLEY_SESSION_WAIT_MS',
    unit: 'ms',
    default: 10_000,
    doc: 'how long a reply waits for another turn on the same session (any process) before 400 `Session busy`',
  }),
  sessionLeaseMs: duration({
    env: 'PARLEY_SESSION_LEASE_MS',
    unit: 'ms',
    default: 30_000,
    doc: "how long a turn's claim on its session lasts unless renewed; a running turn renews it every third of this",
  }),
  maxBlocksPerTurn: integer({
    env: 'PARLEY_MAX_BLOCKS_PER_TURN',
    default: 1000,
    doc: 'blocks one chat turn may run (stops loops without input)',
  }),
  turnBudgetMs: duration({
    env: 'PARLEY_TURN_BUDGET_MS',
    unit: 'ms',
    default: 10_000,
    doc: 'wall-clock budget of one chat turn',
  }),
  snapshotCacheSize: integer({
    env: 'PARLEY_SNAPSHOT_CACHE',
    default: 500,
    min: 1,
    doc: 'published bot revisions each process keeps parsed (with their flow graphs), least recently used dropped first',
  }),
};

/** What one session may hold (src/services/chat/bounds.ts). */
export const bounds = {
  maxAnswerBytes: size({
    env: 'PARLEY_MAX_ANSWER_BYTES',
    unit: 'bytes',
    default: 10 * 1024,
    doc: "one reply's text; longer: 400 `Answer too long: at most N bytes`, nothing stored",
  }),
  maxClientLogs: integer({
    env: 'PARLEY_MAX_CLIENT_LOGS',
    default: 100,
    doc: 'client logs kept per session',
  }),
  maxVariablesBytes: size({
    env: 'PARLEY_MAX_VARIABLES_BYTES',
    unit: 'bytes',
    default: 64 * 1024,
    doc: 'the prefilled variables a start brings (their JSON)',
  }),
  maxSessionBytes: size({
    env: 'PARLEY_MAX_SESSION_BYTES',
    unit: 'bytes',
    default: 1024 * 1024,
    doc: "a session's stored state after a turn; a turn that would grow it further is refused (400), not committed",
  }),
  maxAnonymousPreviewBytes: size({
    env: 'PARLEY_ANONYMOUS_PREVIEW_BYTES',
    unit: 'bytes',
    default: 256 * 1024,
    doc: "an anonymous preview's definition (its JSON); 400 beyond it",
  }),
};

/** Bot-author code (Script blocks, inline JavaScript in Set variable), run in QuickJS worker threads. */
export const sandbox = {
  timeoutMs: duration({
    env: 'PARLEY_CODE_TIMEOUT_MS',
    unit: 'ms',
    default: 1000,
    doc: 'CPU time of one evaluation of bot-author code',
  }),
  memoryLimitBytes: size({
    env: 'PARLEY_CODE_MEMORY_MB',
    unit: 'MB',
    default: 32,
    doc: 'memory of one evaluation of bot-author code',
  }),
  threads: integer({
    env: 'PARLEY_CODE_THREADS',
    default: 0,
    doc: 'worker threads running bot-author code (`0`: cores − 1, at least 1)',
  }),
  idleMs: duration({
    env: 'PARLEY_CODE_IDLE_MS',
    unit: 'ms',
    default: 60_000,
    doc: 'a sandbox worker idle this long stops, and starts again with the next code to run; `0` keeps every worker on',
  }),
};

/** A turn's external effects: HTTP requests, e-mail, AI, loading a linked bot. */
export const effects = {
  timeoutMs: duration({
    env: 'PARLEY_EFFECT_TIMEOUT_MS',
    unit: 'ms',
    default: 10_000,
    doc: 'default time one external effect of a turn may take',
  }),
  maxTimeoutMs: duration({
    env: 'PARLEY_EFFECT_MAX_TIMEOUT_MS',
    unit: 'ms',
    default: 120_000,
    doc: 'the most time a block may give one effect',
  }),
  outboundAllow: text({
    env: 'PARLEY_OUTBOUND_ALLOW',
    default: '',
    defaultText: 'none',
    doc:
      'comma-separated hostnames, IPs or CIDR ranges bot requests may reach although loopback or private ' +
      '(internal APIs of a self-hosted deployment); nothing else bypasses the outbound guard',
  }),
  outbound: {
    perTurn: integer({
      env: 'PARLEY_OUTBOUND_PER_TURN',
      default: 50,
      min: 1,
      doc:
        'requests to the outside world (HTTP request blocks, AI calls, the `fetch` of server-side code) one chat ' +
        'turn may make; past it a request is not sent and its block logs why',
    }),
    perWorkspaceMinute: integer({
      env: 'PARLEY_OUTBOUND_PER_WORKSPACE_MINUTE',
      default: 1000,
      min: 1,
      doc:
        "such requests a workspace's bots (previews included) may make per minute, in each process; past it they " +
        'are not sent, their blocks log why and the server logs a warning once a minute',
    }),
  },
};

export const live = {
  recheckMs: duration({
    env: 'PARLEY_LIVE_RECHECK_MS',
    unit: 'ms',
    default: 30_000,
    doc:
      "an open live results stream checks its caller's token and membership again at its first event this long " +
      'after the last check; a caller who lost access gets `NOT_FOUND`, then the end (`0`: at every event)',
  }),
  streamsPerUser: integer({
    env: 'PARLEY_LIVE_STREAMS_PER_USER',
    default: 20,
    doc:
      'live streams (live results, draft saves, editors: REST and `/graphql`) one user may hold open in a process, ' +
      'all their tokens and console sessions together; one more is refused with 429 (`0`: no cap)',
  }),
  streamsPerAddress: integer({
    env: 'PARLEY_LIVE_STREAMS_PER_ADDRESS',
    default: 50,
    doc:
      'live streams one client address (as the rate limits see it: `PARLEY_TRUSTED_PROXIES`) may hold open in a ' +
      'process, whoever signed in; one more is refused with 429 (`0`: no cap)',
  }),
  streamMaxMs: duration({
    env: 'PARLEY_LIVE_STREAM_MAX_MINUTES',
    unit: 'minutes',
    default: 60,
    min: 1,
    doc:
      'a live stream ends cleanly after this long (up to a tenth sooner, so that streams opened together do not ' +
      'reconnect together); clients reconnect and catch up',
  }),
  heartbeatMs: duration({
    env: 'PARLEY_LIVE_HEARTBEAT_SECONDS',
    unit: 'seconds',
    default: 15,
    min: 1,
    doc:
      'a `/graphql` live stream (the console\'s) sends a comment line this often, and says so when it opens: the ' +
      'console opens the stream again when nothing came for two and a half times this long (a connection that died ' +
      'silently) and catches up',
  }),
};

export const quota = {
  enforcePlanLimits: flag({
    env: 'PARLEY_ENFORCE_PLAN_LIMITS',
    default: false,
    doc:
      "a workspace without `customChatsLimit` is held to its plan's chats (FREE 200, STARTER 2,000, PRO 10,000, " +
      'others unlimited); `customChatsLimit` always applies',
  }),
  cacheMs: duration({
    env: 'PARLEY_QUOTA_CACHE_MS',
    unit: 'ms',
    default: 30_000,
    doc: "how long the chats quota reuses a workspace's count (a busy bot may overshoot by this while's chats)",
  }),
};
