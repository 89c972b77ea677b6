import Database from 'better-sqlite3';
import {
  APPLIED_MIGRATIONS,
  CHANNEL_QUEUE_DEPTH,
  type ChannelQueueDepth,
  type ChatStore,
  type PublicBotRow,
  type SessionRow,
  type TurnWrite,
  type WrittenResult,
} from './types';

// Statements run on a connection of their own (WAL lets it read beside
// Prisma's). It never waits inside SQLite for a lock: better-sqlite3 waits by
// blocking the thread, which would also keep Prisma's connection from
// finishing the transaction that holds the lock. A busy database is retried
// after yielding to the event loop instead. Claims and turn commits are
// written in groups: see `batched`.

/** The text Prisma's SQLite adapter stores for a DateTime (ISO with an explicit UTC offset), so both read and order alike. */
function sqliteDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

const json = (value: unknown): string => JSON.stringify(value);
const bit = (value: boolean | undefined): number | null => (value === undefined ? null : value ? 1 : 0);

interface SessionRecord {
  id: string;
  version: number;
  state: string;
  expiresAt: string | null;
  botId: string | null;
  resultId: string | null;
  isPreview: number;
}

function sessionRow(record: SessionRecord): SessionRow {
  return {
    id: record.id,
    version: record.version,
    state: JSON.parse(record.state) as unknown,
    expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt),
    botId: record.botId,
    resultId: record.resultId,
    isPreview: record.isPreview === 1,
  };
}

const SESSION_COLUMNS = '"id", "version", "state", "expiresAt", "botId", "resultId", "isPreview"';

interface PublicBotRecord {
  id: string;
  workspaceId: string;
  isArchived: number;
  isClosed: number;
  publishedRevision: number | null;
  publishedAt: string | null;
  isSuspended: number;
  isQuarantined: number;
  plan: PublicBotRow['workspace']['plan'];
  customChatsLimit: number | null;
}

function publicBotRow(record: PublicBotRecord): PublicBotRow {
  return {
    id: record.id,
    workspaceId: record.workspaceId,
    isArchived: record.isArchived === 1,
    isClosed: record.isClosed === 1,
    publishedRevision: record.publishedRevision,
    publishedAt: record.publishedAt === null ? null : new Date(record.publishedAt),
    workspace: {
      isSuspended: record.isSuspended === 1,
      isQuarantined: record.isQuarantined === 1,
      plan: record.plan,
      customChatsLimit: record.customChatsLimit,
    },
  };
}

/** Prepared on first use: the store opens before migrations have created the tables. */
function prepareStatements(connection: Database.Database) {
  return {
    publicBot: connection.prepare<[string], PublicBotRecord>(
      `SELECT b."id", b."workspaceId", b."isArchived", b."isClosed", b."publishedRevision", b."publishedAt", w."isSuspended", w."isQuarantined", w."plan", w."customChatsLimit"
       FROM "Bot" b JOIN "Workspace" w ON w."id" = b."workspaceId" WHERE b."publicId" = ?`,
    ),
    claim: connection.prepare<[string, string, string, string], SessionRecord>(
      `UPDATE "ChatSession" SET "claimedUntil" = ?, "updatedAt" = ?, "version" = "version" + 1
       WHERE "id" = ? AND ("claimedUntil" IS NULL OR "claimedUntil" < ?) RETURNING ${SESSION_COLUMNS}`,
    ),
    exists: connection.prepare<[string], { id: string }>('SELECT "id" FROM "ChatSession" WHERE "id" = ?'),
    renew: connection.prepare(
      'UPDATE "ChatSession" SET "claimedUntil" = ? WHERE "id" = ? AND "version" = ? AND "claimedUntil" IS NOT NULL',
    ),
    release: connection.prepare('UPDATE "ChatSession" SET "claimedUntil" = NULL WHERE "id" = ? AND "version" = ?'),
    insertResult: connection.prepare(
      `INSERT INTO "Result" ("id", "createdAt", "updatedAt", "variables", "hasStarted", "isCompleted", "isArchived", "lastChatSessionId", "botId")
       VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?)`,
    ),
    insertAnswer: connection.prepare(
      'INSERT INTO "Answer" ("createdAt", "blockId", "groupId", "variableId", "content", "attachedFileUrls", "resultId") VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    insertRejectedAnswer: connection.prepare(
      'INSERT INTO "RejectedAnswer" ("createdAt", "blockId", "content", "resultId") VALUES (?, ?, ?, ?)',
    ),
    insertEdge: connection.prepare('INSERT INTO "VisitedEdge" ("index", "edgeId", "resultId") VALUES (?, ?, ?)'),
    insertHistory: connection.prepare(
      'INSERT INTO "SetVariableHistoryItem" ("index", "variableId", "blockId", "blockIndex", "value", "resultId") VALUES (?, ?, ?, ?, ?, ?)',
    ),
    insertLog: connection.prepare(
      'INSERT INTO "Log" ("id", "createdAt", "status", "description", "details", "context", "resultId", "sessionId") VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    // One statement for every combination of changed fields: NULL keeps the stored value.
    updateResult: connection.prepare(
      `UPDATE "Result" SET "hasStarted" = COALESCE(?, "hasStarted"), "isCompleted" = COALESCE(?, "isCompleted"),
       "variables" = COALESCE(?, "variables"), "lastChatSessionId" = COALESCE(?, "lastChatSessionId"), "updatedAt" = ? WHERE "id" = ?
       RETURNING "id", "botId", "isCompleted"`,
    ),
    insertSession: connection.prepare(
      `INSERT INTO "ChatSession" ("id", "createdAt", "updatedAt", "state", "version", "claimedUntil", "isPreview", "expiresAt", "botId", "resultId")
       VALUES (?, ?, ?, ?, 0, NULL, ?, ?, ?, ?)`,
    ),
    updateSession: connection.prepare(
      `UPDATE "ChatSession" SET "state" = ?, "expiresAt" = ?, "resultId" = ?, "version" = "version" + 1, "claimedUntil" = NULL, "updatedAt" = ?
       WHERE "id" = ? AND "version" = ?`,
    ),
    deleteSession: connection.prepare('DELETE FROM "ChatSession" WHERE "id" = ? AND "version" = ?'),
    // This connection does not enforce foreign keys (Prisma's does): the cascade is spelled out.
    deleteTranscript: connection.prepare('DELETE FROM "ChatSessionTranscriptTurn" WHERE "sessionId" = ?'),
    insertTranscriptLine: connection.prepare(
      'INSERT INTO "ChatSessionTranscriptTurn" ("sessionId", "index", "turn") VALUES (?, ?, ?)',
    ),
    insertReceipt: connection.prepare('INSERT INTO "TurnReceipt" ("key", "response", "createdAt") VALUES (?, ?, ?)'),
    receipt: connection.prepare<[string], { response: string }>('SELECT "response" FROM "TurnReceipt" WHERE "key" = ?'),
    transcriptLines: connection.prepare<[string, number], { turn: string }>(
      'SELECT "turn" FROM "ChatSessionTranscriptTurn" WHERE "sessionId" = ? AND "index" < ? ORDER BY "index"',
    ),
    snapshot: connection.prepare<[string, number], { definition: string }>(
      'SELECT "definition" FROM "BotSnapshot" WHERE "botId" = ? AND "revision" = ?',
    ),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

class ClaimLost extends Error {}

function writeTurn(statements: Statements, write: TurnWrite, now: Date): WrittenResult[] {
  const at = sqliteDate(now);
  const written: WrittenResult[] = [];
  for (const result of write.newResults) {
    statements.insertResult.run(
      result.id,
      at,
      at,
      json(result.variables),
      bit(result.hasStarted),
      bit(result.isCompleted),
      result.lastChatSessionId,
      result.botId,
    );
    written.push({ id: result.id, botId: result.botId, isCompleted: result.isCompleted, updatedAt: now });
  }
  for (const answer of write.answers) {
    statements.insertAnswer.run(
      at,
      answer.blockId,
      answer.groupId,
      answer.variableId,
      answer.content,
      answer.attachedFileUrls ? json(answer.attachedFileUrls) : null,
      answer.resultId,
    );
  }
  for (const rejected of write.rejectedAnswers)
    statements.insertRejectedAnswer.run(at, rejected.blockId, rejected.content, rejected.resultId);
  for (const edge of write.visitedEdges) statements.insertEdge.run(edge.index, edge.edgeId, edge.resultId);
  for (const row of write.history) {
    statements.insertHistory.run(
      row.index,
      row.variableId,
      row.blockId,
      row.blockIndex,
      row.value === null || row.value === undefined ? null : json(row.value),
      row.resultId,
    );
  }
  for (const log of write.logs)
    statements.insertLog.run(
      log.id,
      at,
      log.status,
      log.description,
      log.details,
      log.context,
      log.resultId,
      log.sessionId,
    );
  for (const change of write.resultChanges) {
    const variables = change.variables === undefined ? null : json(change.variables);
    const row = statements.updateResult.get(
      bit(change.hasStarted),
      bit(change.isCompleted),
      variables,
      change.lastChatSessionId ?? null,
      at,
      change.id,
    ) as { id: string; botId: string; isCompleted: number } | undefined;
    if (row) written.push({ id: row.id, botId: row.botId, isCompleted: row.isCompleted === 1, updatedAt: now });
  }
  const session = write.session;
  if (session.kind === 'create') {
    const expiresAt = session.expiresAt && sqliteDate(session.expiresAt);
    statements.insertSession.run(
      session.id,
      at,
      at,
      session.state,
      bit(session.isPreview),
      expiresAt,
      session.botId,
      session.resultId,
    );
  } else if (session.kind === 'update') {
    const expiresAt = session.expiresAt && sqliteDate(session.expiresAt);
    if (
      statements.updateSession.run(session.state, expiresAt, session.resultId, at, session.id, session.version)
        .changes === 0
    )
      throw new ClaimLost();
  } else if (session.kind === 'delete') {
    if (statements.deleteSession.run(session.id, session.version).changes === 0) throw new ClaimLost();
    statements.deleteTranscript.run(session.id);
  }
  if (session.kind === 'create' || session.kind === 'update') {
    for (const row of session.transcript) statements.insertTranscriptLine.run(session.id, row.index, row.line);
  }
  if (write.receipt) statements.insertReceipt.run(write.receipt.key, write.receipt.response, at);
  return written;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

/**
 * @param onStatement told of each operation with its duration (ms): a claim
 *   as its UPDATE, a commit as one transaction.
 */
export function openSqliteChatStore(
  file: string,
  busyTimeoutMs: number,
  onStatement?: (sql: string, durationMs: number) => void,
): ChatStore {
  const connection = new Database(file);
  connection.pragma('busy_timeout = 0');
  let statements: Statements | undefined;
  const prepared = (): Statements => (statements ??= prepareStatements(connection));
  // One turn: inside the batch's transaction, better-sqlite3 runs it in a savepoint.
  const oneTurn = connection.transaction((turn: TurnWrite, at: Date) => writeTurn(prepared(), turn, at));

  /**
   * Group commit: the calls made in the same turn of the event loop (by
   * concurrent visitors) run in one write transaction, each isolated (a turn
   * in its own savepoint, so a lost claim or a failing statement rolls back
   * that turn alone). A write transaction's fixed cost (the lock, the WAL
   * frames of the table and index pages the rows share) is paid once per
   * batch: 1 worker went from ~700 to ~1,490 conversations/s (bench/README.md).
   */
  function batched<I, O>(sql: string, each: (item: I) => O): (item: I) => Promise<O> {
    type Outcome = { ok: true; value: O } | { ok: false; error: unknown };
    const run = connection.transaction((items: I[]): Outcome[] =>
      items.map((item) => {
        try {
          return { ok: true, value: each(item) };
        } catch (error) {
          return { ok: false, error };
        }
      }),
    );
    let waiting: { item: I; resolve(value: O): void; reject(error: unknown): void }[] = [];
    async function flush(): Promise<void> {
      const batch = waiting;
      waiting = [];
      try {
        // IMMEDIATE: the write lock is taken first, so a busy database fails before any statement ran.
        const outcomes = await whenFree(sql, () => run.immediate(batch.map((entry) => entry.item)));
        batch.forEach((entry, index) => {
          const outcome = outcomes[index]!;
          if (outcome.ok) entry.resolve(outcome.value);
          else entry.reject(outcome.error);
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    return (item) =>
      new Promise<O>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (waiting.length === 1) setImmediate(() => void flush());
      });
  }

  const commitBatched = batched('BEGIN (turn commit)', ({ write, now }: { write: TurnWrite; now: Date }) => {
    try {
      return { results: oneTurn(write, now) };
    } catch (error) {
      if (error instanceof ClaimLost) return 'claim-lost' as const;
      throw error;
    }
  });
  const claimBatched = batched(
    'UPDATE "ChatSession" (claim)',
    ({
      sessionId,
      leaseUntil,
      now,
    }: {
      sessionId: string;
      leaseUntil: Date;
      now: Date;
    }): SessionRecord | 'busy' | 'missing' => {
      const statements = prepared();
      const claimed = statements.claim.get(sqliteDate(leaseUntil), sqliteDate(now), sessionId, sqliteDate(now));
      if (claimed) return claimed;
      return statements.exists.get(sessionId) ? 'busy' : 'missing';
    },
  );
  /** Runs `work` (synchronous: one statement or one transaction), retrying while another connection holds the write lock. */
  async function whenFree<T>(sql: string, work: () => T): Promise<T> {
    const giveUpAt = Date.now() + busyTimeoutMs;
    for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
      const began = performance.now();
      try {
        const value = work();
        onStatement?.(sql, performance.now() - began);
        return value;
      } catch (error) {
        if (!isBusy(error) || Date.now() + delay > giveUpAt) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  return {
    // Reads retry too: a read can find the database locked while another process recovers the WAL index (several starting at once).
    async findBotByPublicId(publicId) {
      const record = await whenFree('SELECT "Bot" (public id)', () => prepared().publicBot.get(publicId));
      return record ? publicBotRow(record) : null;
    },
    async claimSession(sessionId, leaseUntil, now) {
      const claimed = await claimBatched({ sessionId, leaseUntil, now });
      return typeof claimed === 'string' ? claimed : sessionRow(claimed);
    },
    async renewClaim(sessionId, version, leaseUntil) {
      await whenFree('UPDATE "ChatSession" (renew)', () =>
        prepared().renew.run(sqliteDate(leaseUntil), sessionId, version),
      );
    },
    async releaseClaim(sessionId, version) {
      await whenFree('UPDATE "ChatSession" (release)', () => prepared().release.run(sessionId, version));
    },
    commitTurn(write, now) {
      return commitBatched({ write, now });
    },
    async findReceipt(key) {
      const row = await whenFree('SELECT "TurnReceipt"', () => prepared().receipt.get(key));
      return row ? (JSON.parse(row.response) as unknown) : undefined;
    },
    async transcriptLines(sessionId, count) {
      const rows = await whenFree('SELECT "ChatSessionTranscriptTurn"', () =>
        prepared().transcriptLines.all(sessionId, count),
      );
      return rows.map((row) => JSON.parse(row.turn) as unknown);
    },
    async snapshotDefinition(botId, revision) {
      const row = await whenFree('SELECT "BotSnapshot"', () => prepared().snapshot.get(botId, revision));
      return row ? (JSON.parse(row.definition) as unknown) : undefined;
    },
    async ping() {
      await whenFree('SELECT 1', () => connection.prepare('SELECT 1').get());
    },
    async appliedMigrations() {
      const rows = await whenFree('SELECT _prisma_migrations', () =>
        connection.prepare<[], { migration_name: string }>(APPLIED_MIGRATIONS).all(),
      );
      return rows.map((row) => row.migration_name);
    },
    async hasUsers() {
      return (
        (await whenFree('SELECT "User"', () => connection.prepare('SELECT 1 FROM "User" LIMIT 1').get())) !== undefined
      );
    },
    async channelQueueDepth() {
      const row = await whenFree('SELECT channel queue depth', () =>
        connection.prepare<[], ChannelQueueDepth>(CHANNEL_QUEUE_DEPTH).get(),
      );
      return { inbox: Number(row?.inbox ?? 0), outbox: Number(row?.outbox ?? 0) };
    },
    async close() {
      if (connection.open) connection.close();
    },
  };
}
