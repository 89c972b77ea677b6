import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every Parley metric lives in this one registry (scraped at GET /metrics).
 * One per process: metrics are process-wide, and prom-client refuses to
 * register a name twice.
 *
 * The chat runtime reports through the small functions below, so it needs no
 * prom-client knowledge; names and labels are listed in docs/operations.md#metrics.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'parley_' });

/**
 * Sets every metric back to zero. A server starts with it: a process serves
 * once, but tests start many servers in one process and count each one's
 * requests from its start.
 */
export function resetMetrics(): void {
  registry.resetMetrics();
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const httpRequests = new Counter({
  name: 'parley_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

const httpDuration = new Histogram({
  name: 'parley_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

const chatTurns = new Counter({
  name: 'parley_chat_turns_total',
  help: 'Chat turns (start, continue, preview), by kind and outcome (ok, error).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

const chatTurnDuration = new Histogram({
  name: 'parley_chat_turn_duration_seconds',
  help: 'Duration of one chat turn, claim wait excluded, by kind.',
  labelNames: ['kind'] as const,
  buckets: DURATION_BUCKETS,
  registers: [registry],
});

const chatEffects = new Counter({
  name: 'parley_chat_effects_total',
  help: 'Effects chat turns performed (httpRequest, sendEmail, aiChat, loadBot, qrCode), by type and outcome.',
  labelNames: ['type', 'outcome'] as const,
  registers: [registry],
});

const claimWait = new Histogram({
  name: 'parley_chat_claim_wait_seconds',
  help: 'How long a chat turn waited for its session claim.',
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const sessionBusy = new Counter({
  name: 'parley_chat_session_busy_total',
  help: 'Chat turns refused with "Session busy" (claim not obtained in time).',
  registers: [registry],
});

const dbStatementDuration = new Histogram({
  name: 'parley_db_statement_duration_seconds',
  help: 'Duration of one SQL statement as Prisma reports it, by statement kind (select, insert, update, delete, transaction, other).',
  labelNames: ['statement'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
  registers: [registry],
});

const STATEMENT_KINDS: Record<string, string> = {
  select: 'select',
  with: 'select',
  insert: 'insert',
  update: 'update',
  delete: 'delete',
  begin: 'transaction',
  commit: 'transaction',
  rollback: 'transaction',
  savepoint: 'transaction',
  release: 'transaction',
};

/** One SQL statement ran; only its first keyword is kept, so label values stay few. */
export function recordDbStatement(sql: string, durationMs: number): void {
  const keyword = /^\s*([a-z]+)/i.exec(sql)?.[1]?.toLowerCase() ?? '';
  dbStatementDuration.observe({ statement: STATEMENT_KINDS[keyword] ?? 'other' }, durationMs / 1000);
}

export function recordHttpRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

export type TurnKind = 'start' | 'continue' | 'preview';

/** One chat turn finished (`outcome` error when it answered an error). */
export function recordChatTurn(kind: TurnKind, outcome: 'ok' | 'error', seconds: number): void {
  chatTurns.inc({ kind, outcome });
  chatTurnDuration.observe({ kind }, seconds);
}

/** One effect performed by a turn: `type` is the effect kind (e.g. `httpRequest`), `outcome` e.g. ok, error, timeout, refused, sent. */
export function recordChatEffect(type: string, outcome: string): void {
  chatEffects.inc({ type, outcome });
}

export function recordClaimWait(seconds: number): void {
  claimWait.observe(seconds);
}

export function recordSessionBusy(): void {
  sessionBusy.inc();
}

const rateLimited = new Counter({
  name: 'parley_rate_limited_total',
  help: 'Requests refused by a rate limit, by limit (ip, bot, builder, authFailures, signIn, anonymousPreview, revisions).',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export function recordRateLimited(
  limit: 'ip' | 'bot' | 'builder' | 'authFailures' | 'signIn' | 'anonymousPreview' | 'revisions',
): void {
  rateLimited.inc({ limit });
}

const liveSubscriptions = new Gauge({
  name: 'parley_live_subscriptions',
  help: 'Open live results subscriptions (resultUpdated, GraphQL or REST) in this process.',
  registers: [registry],
});

/** A live results subscription opened (+1) or ended (-1). */
export function recordLiveSubscriptions(change: 1 | -1): void {
  liveSubscriptions.inc(change);
}
