import type { Plan } from '../generated/sqlite/enums';

// The chat hot path's storage: the statements every chat turn runs (claim the
// session, commit the turn), prepared once per connection instead of built by
// Prisma per call. One implementation per database; Prisma keeps everything
// else (the builder side, rare chat paths), on the same tables.

export interface ChannelQueueDepth {
  inbox: number;
  outbox: number;
}

/** A claimed chat session, as the turn needs it. */
export interface SessionRow {
  id: string;
  /** Bumped by the claim; the commit checks it (compare-and-set). */
  version: number;
  /** The stored JSON, parsed by the caller (session-state schema). */
  state: unknown;
  expiresAt: Date | null;
  botId: string | null;
  resultId: string | null;
  isPreview: boolean;
}

/** A result row a turn creates (its final values at once). */
export interface NewResult {
  id: string;
  botId: string;
  variables: unknown;
  hasStarted: boolean;
  isCompleted: boolean;
  lastChatSessionId: string | null;
}

/** What a turn changes on an existing result; absent fields keep their value. */
export interface ResultChange {
  id: string;
  hasStarted?: boolean;
  isCompleted?: boolean;
  variables?: unknown;
  lastChatSessionId?: string;
}

export interface AnswerRow {
  resultId: string;
  blockId: string;
  groupId: string | null;
  variableId: string | null;
  content: string;
  attachedFileUrls: string[] | null;
}

/** A reply an input refused; read only by the result's transcript. */
export interface RejectedAnswerRow {
  resultId: string;
  blockId: string;
  content: string;
}

export interface VisitedEdgeRow {
  resultId: string;
  index: number;
  edgeId: string;
}

export interface HistoryRow {
  resultId: string;
  index: number;
  variableId: string;
  blockId: string;
  blockIndex: number;
  /** JSON value; null is stored as SQL NULL. */
  value: unknown;
}

export interface LogRow {
  id: string;
  resultId: string;
  sessionId: string;
  status: string;
  description: string;
  details: string | null;
  context: string | null;
}

/** A transcript line a turn recorded: appended after the session's earlier ones, never rewritten. */
export interface TranscriptLineRow {
  index: number;
  /** The line's JSON. */
  line: string;
}

/** `state` is the session state's JSON text (serialised once: its size is checked on the same text). */
export type SessionWrite =
  | { kind: 'none' }
  | {
      kind: 'create';
      id: string;
      botId: string;
      isPreview: boolean;
      state: string;
      transcript: TranscriptLineRow[];
      expiresAt: Date | null;
      resultId: string | null;
    }
  /** The claimed session, by the version its claim returned: keeps it and releases the claim. */
  | {
      kind: 'update';
      id: string;
      version: number;
      state: string;
      transcript: TranscriptLineRow[];
      expiresAt: Date | null;
      resultId: string | null;
    }
  /** The flow ended: the claimed session goes. */
  | { kind: 'delete'; id: string; version: number };

/** Everything one turn writes, committed all or nothing, in this order. */
export interface TurnWrite {
  /** Results created by the turn, with their final values (`resultChanges` never names them). */
  newResults: NewResult[];
  answers: AnswerRow[];
  rejectedAnswers: RejectedAnswerRow[];
  visitedEdges: VisitedEdgeRow[];
  history: HistoryRow[];
  logs: LogRow[];
  resultChanges: ResultChange[];
  session: SessionWrite;
  /** The turn's answer (JSON) kept under its caller's key (TurnReceipt), committed with the rest. */
  receipt?: { key: string; response: string };
}

/** What a chat start needs to know of a bot, by its public id. */
export interface PublicBotRow {
  id: string;
  workspaceId: string;
  isArchived: boolean;
  isClosed: boolean;
  publishedRevision: number | null;
  publishedAt: Date | null;
  workspace: { isSuspended: boolean; isQuarantined: boolean; plan: Plan; customChatsLimit: number | null };
}

/** A result row as the turn's transaction left it (what live events are made of). */
export interface WrittenResult {
  id: string;
  botId: string;
  isCompleted: boolean;
  updatedAt: Date;
}

/** Counts of pending channel work, as columns `inbox` and `outbox` (both engines). */
export const CHANNEL_QUEUE_DEPTH =
  'SELECT (SELECT COUNT(*) FROM "ChannelEvent" WHERE "status" = \'pending\') AS "inbox", ' +
  '(SELECT COUNT(*) FROM "ChannelDelivery" WHERE "status" = \'pending\') AS "outbox"';

/** A conversation waiting for a person past its time-out (`$1`/`?`: now). */
export const DUE_HANDOFF_SQL = (placeholder: string) =>
  `SELECT 1 AS "due" FROM "Conversation" WHERE "status" = 'waiting' AND "timeoutAt" <= ${placeholder} LIMIT 1`;

export const APPLIED_MIGRATIONS =
  'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL';

export interface ChatStore {
  /** The bot a live chat starts, with its workspace's flags; null when no bot has that public id. */
  findBotByPublicId(publicId: string): Promise<PublicBotRow | null>;
  /**
   * Claims the session when no live claim holds it: bumps its version and
   * sets the lease. `busy` when another turn holds it, `missing` when there
   * is no such session.
   */
  claimSession(sessionId: string, leaseUntil: Date, now: Date): Promise<SessionRow | 'busy' | 'missing'>;
  /** Pushes a claim's lease forward (no-op once the commit bumped the version). */
  renewClaim(sessionId: string, version: number, leaseUntil: Date): Promise<void>;
  /** Gives a claim up without committing (the turn failed). */
  releaseClaim(sessionId: string, version: number): Promise<void>;
  /** Commits a turn and answers the result rows it created or changed; `claim-lost` (nothing written) when the session's version moved on. */
  commitTurn(write: TurnWrite, now: Date): Promise<{ results: WrittenResult[] } | 'claim-lost'>;
  /** The answer a turn committed under this receipt key (JSON, parsed), or undefined. */
  findReceipt(key: string): Promise<unknown>;
  /**
   * Health and readiness go through these, not Prisma: a server that only
   * chats never loads Prisma's query compiler (~45 MB), even when probed.
   */
  ping(): Promise<void>;
  /** The first `count` transcript lines of a session, in order (JSON, parsed). */
  transcriptLines(sessionId: string, count: number): Promise<unknown[]>;
  /** A published snapshot's stored definition (JSON, parsed), or undefined. */
  snapshotDefinition(botId: string, revision: number): Promise<unknown>;
  /** Names of the migrations the database has applied. */
  appliedMigrations(): Promise<string[]>;
  /** Whether any user exists (the first start's bootstrap). */
  hasUsers(): Promise<boolean>;
  /**
   * The messaging channels' pending work: events not yet answered, deliveries
   * not yet sent. Their loops look here before claiming through Prisma, so a
   * server without channel traffic never loads it for them; metrics read it too.
   */
  channelQueueDepth(): Promise<ChannelQueueDepth>;
  /**
   * Whether a conversation handed to a person waits past its time-out: the
   * sweeper looks here every few seconds before ending any through Prisma,
   * so a server without handoffs never loads it for them.
   */
  hasDueHandoffs(now: Date): Promise<boolean>;
  close(): Promise<void>;
}
