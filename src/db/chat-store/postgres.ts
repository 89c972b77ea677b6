import type { Pool, QueryConfig } from 'pg';
import {
  APPLIED_MIGRATIONS,
  CHANNEL_QUEUE_DEPTH,
  DUE_HANDOFF_SQL,
  type ChatStore,
  type PublicBotRow,
  type SessionRow,
  type TurnWrite,
  type WrittenResult,
} from './types';

// Named statements: node-postgres prepares each once per connection and then
// only sends its parameters. Rows of one kind go in one array parameter
// (unnest), and a turn's commit is one statement: one round trip whatever it
// wrote (each round trip cost ~0.1 ms of this process's CPU in socket writes).

/**
 * Columns are TIMESTAMP(3) holding UTC (as Prisma writes them). A string in
 * UTC is stored as given; a JS Date would be sent in the server's local zone.
 */
function utc(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

const json = (value: unknown): string => JSON.stringify(value);

interface SessionRecord {
  id: string;
  version: number;
  state: unknown;
  expiresAt: Date | null;
  botId: string | null;
  resultId: string | null;
  isPreview: boolean;
}

function sessionRow(record: SessionRecord): SessionRow {
  return { ...record, state: typeof record.state === 'string' ? (JSON.parse(record.state) as unknown) : record.state };
}

// "expiresAt" AT TIME ZONE 'UTC' reads the stored UTC wall time as an instant, whatever the connection's zone.
const SESSION_COLUMNS = `"id", "version", "state", ("expiresAt" AT TIME ZONE 'UTC') AS "expiresAt", "botId", "resultId", "isPreview"`;

const WRITTEN_COLUMNS = `"id", "botId", "isCompleted", ("updatedAt" AT TIME ZONE 'UTC') AS "updatedAt"`;

const statement =
  (name: string, text: string) =>
  (values: unknown[]): QueryConfig => ({ name: `parley_chat_${name}`, text, values });

const SQL = {
  publicBot: statement(
    'public_bot',
    `SELECT b."id", b."workspaceId", b."isArchived", b."isClosed", b."publishedRevision", (b."publishedAt" AT TIME ZONE 'UTC') AS "publishedAt",
     w."isSuspended", w."isQuarantined", w."plan"::text AS "plan", w."customChatsLimit" FROM "Bot" b JOIN "Workspace" w ON w."id" = b."workspaceId" WHERE b."publicId" = $1`,
  ),
  claim: statement(
    'claim',
    `UPDATE "ChatSession" SET "claimedUntil" = $1::timestamp, "updatedAt" = $2::timestamp, "version" = "version" + 1
     WHERE "id" = $3 AND ("claimedUntil" IS NULL OR "claimedUntil" < $2::timestamp) RETURNING ${SESSION_COLUMNS}`,
  ),
  exists: statement('exists', 'SELECT "id" FROM "ChatSession" WHERE "id" = $1'),
  renew: statement(
    'renew',
    'UPDATE "ChatSession" SET "claimedUntil" = $1::timestamp WHERE "id" = $2 AND "version" = $3 AND "claimedUntil" IS NOT NULL',
  ),
  release: statement('release', 'UPDATE "ChatSession" SET "claimedUntil" = NULL WHERE "id" = $1 AND "version" = $2'),
  // A whole turn in one statement (one round trip; a statement is atomic): the
  // session write comes first and gates every other write, so a lost claim
  // (no row of that version) writes nothing. Data-modifying CTEs share one
  // snapshot and cannot see each other's rows: results created by the turn
  // arrive with their final values, never also as changes (see TurnWrite).
  commitTurn: statement(
    'commit_turn',
    `WITH
     s_update AS (
       UPDATE "ChatSession" SET "state" = $5::jsonb, "expiresAt" = $6::timestamp, "resultId" = $7, "version" = "version" + 1, "claimedUntil" = NULL, "updatedAt" = $1::timestamp
       WHERE $2 = 'update' AND "id" = $3 AND "version" = $4 RETURNING "id"),
     s_delete AS (DELETE FROM "ChatSession" WHERE $2 = 'delete' AND "id" = $3 AND "version" = $4 RETURNING "id"),
     s_insert AS (
       INSERT INTO "ChatSession" ("id", "createdAt", "updatedAt", "state", "version", "claimedUntil", "isPreview", "expiresAt", "botId", "resultId")
       SELECT $3, $1::timestamp, $1::timestamp, $5::jsonb, 0, NULL, $8::boolean, $6::timestamp, $9, $7 WHERE $2 = 'create' RETURNING "id"),
     go AS (SELECT 1 WHERE $2 = 'none' OR EXISTS (SELECT FROM s_update) OR EXISTS (SELECT FROM s_delete) OR EXISTS (SELECT FROM s_insert)),
     r_insert AS (
       INSERT INTO "Result" ("id", "createdAt", "updatedAt", "variables", "hasStarted", "isCompleted", "isArchived", "lastChatSessionId", "botId")
       SELECT id, $1::timestamp, $1::timestamp, variables, "hasStarted", "isCompleted", false, "lastChatSessionId", "botId"
       FROM unnest($10::text[], $11::jsonb[], $12::boolean[], $13::boolean[], $14::text[], $15::text[]) AS t(id, variables, "hasStarted", "isCompleted", "lastChatSessionId", "botId")
       WHERE EXISTS (SELECT FROM go)
       RETURNING ${WRITTEN_COLUMNS}),
     a_insert AS (
       INSERT INTO "Answer" ("createdAt", "blockId", "groupId", "variableId", "content", "attachedFileUrls", "resultId")
       SELECT $1::timestamp, * FROM unnest($16::text[], $17::text[], $18::text[], $19::text[], $20::jsonb[], $21::text[]) WHERE EXISTS (SELECT FROM go)),
     e_insert AS (
       INSERT INTO "VisitedEdge" ("index", "edgeId", "resultId")
       SELECT * FROM unnest($22::integer[], $23::text[], $24::text[]) WHERE EXISTS (SELECT FROM go)),
     h_insert AS (
       INSERT INTO "SetVariableHistoryItem" ("index", "variableId", "blockId", "blockIndex", "value", "resultId")
       SELECT * FROM unnest($25::integer[], $26::text[], $27::text[], $28::integer[], $29::jsonb[], $30::text[]) WHERE EXISTS (SELECT FROM go)),
     l_insert AS (
       INSERT INTO "Log" ("id", "createdAt", "status", "description", "details", "context", "resultId", "sessionId")
       SELECT id, $1::timestamp, status, description, details, context, "resultId", "sessionId"
       FROM unnest($31::text[], $32::text[], $33::text[], $34::text[], $35::text[], $36::text[], $37::text[]) AS t(id, status, description, details, context, "resultId", "sessionId")
       WHERE EXISTS (SELECT FROM go)),
     r_update AS (
       UPDATE "Result" r SET "hasStarted" = COALESCE(c."hasStarted", r."hasStarted"), "isCompleted" = COALESCE(c."isCompleted", r."isCompleted"),
         "variables" = COALESCE(c.variables, r."variables"), "lastChatSessionId" = COALESCE(c."lastChatSessionId", r."lastChatSessionId"), "updatedAt" = $1::timestamp
       FROM unnest($38::text[], $39::boolean[], $40::boolean[], $41::jsonb[], $42::text[]) AS c(id, "hasStarted", "isCompleted", variables, "lastChatSessionId")
       WHERE r."id" = c.id AND EXISTS (SELECT FROM go)
       RETURNING r."id", r."botId", r."isCompleted", (r."updatedAt" AT TIME ZONE 'UTC') AS "updatedAt"),
     t_insert AS (
       INSERT INTO "ChatSessionTranscriptTurn" ("sessionId", "index", "turn")
       SELECT $3, * FROM unnest($43::integer[], $44::text[]) WHERE $2 IN ('create', 'update') AND EXISTS (SELECT FROM go)),
     j_insert AS (
       INSERT INTO "RejectedAnswer" ("createdAt", "blockId", "content", "resultId")
       SELECT $1::timestamp, * FROM unnest($45::text[], $46::text[], $47::text[]) WHERE EXISTS (SELECT FROM go)),
     k_insert AS (
       INSERT INTO "TurnReceipt" ("key", "response", "createdAt")
       SELECT $48, $49, $1::timestamp WHERE $48::text IS NOT NULL AND EXISTS (SELECT FROM go))
     SELECT EXISTS (SELECT FROM go) AS committed,
       COALESCE((SELECT json_agg(w) FROM (SELECT * FROM r_insert UNION ALL SELECT * FROM r_update) w), '[]'::json) AS written`,
  ),
  receipt: statement('receipt', 'SELECT "response" FROM "TurnReceipt" WHERE "key" = $1'),
  transcriptLines: statement(
    'transcript_lines',
    'SELECT "turn" FROM "ChatSessionTranscriptTurn" WHERE "sessionId" = $1 AND "index" < $2 ORDER BY "index"',
  ),
};

function writtenResult(row: WrittenResult): WrittenResult {
  return { ...row, updatedAt: new Date(row.updatedAt) };
}

/** The parameters of the commit statement, in its order. */
function commitParameters(write: TurnWrite, now: string): unknown[] {
  const { newResults, answers, rejectedAnswers, visitedEdges, history, logs, resultChanges, session } = write;
  const kept = session.kind === 'create' || session.kind === 'update' ? session : undefined;
  const transcript = kept?.transcript ?? [];
  return [
    now,
    session.kind,
    session.kind === 'none' ? null : session.id,
    session.kind === 'update' || session.kind === 'delete' ? session.version : null,
    kept?.state ?? null,
    kept ? utc(kept.expiresAt) : null,
    kept?.resultId ?? null,
    session.kind === 'create' ? session.isPreview : null,
    session.kind === 'create' ? session.botId : null,
    newResults.map((row) => row.id),
    newResults.map((row) => json(row.variables)),
    newResults.map((row) => row.hasStarted),
    newResults.map((row) => row.isCompleted),
    newResults.map((row) => row.lastChatSessionId),
    newResults.map((row) => row.botId),
    answers.map((row) => row.blockId),
    answers.map((row) => row.groupId),
    answers.map((row) => row.variableId),
    answers.map((row) => row.content),
    answers.map((row) => (row.attachedFileUrls ? json(row.attachedFileUrls) : null)),
    answers.map((row) => row.resultId),
    visitedEdges.map((row) => row.index),
    visitedEdges.map((row) => row.edgeId),
    visitedEdges.map((row) => row.resultId),
    history.map((row) => row.index),
    history.map((row) => row.variableId),
    history.map((row) => row.blockId),
    history.map((row) => row.blockIndex),
    history.map((row) => (row.value === null || row.value === undefined ? null : json(row.value))),
    history.map((row) => row.resultId),
    logs.map((row) => row.id),
    logs.map((row) => row.status),
    logs.map((row) => row.description),
    logs.map((row) => row.details),
    logs.map((row) => row.context),
    logs.map((row) => row.resultId),
    logs.map((row) => row.sessionId),
    resultChanges.map((row) => row.id),
    resultChanges.map((row) => row.hasStarted ?? null),
    resultChanges.map((row) => row.isCompleted ?? null),
    resultChanges.map((row) => (row.variables === undefined ? null : json(row.variables))),
    resultChanges.map((row) => row.lastChatSessionId ?? null),
    transcript.map((row) => row.index),
    transcript.map((row) => row.line),
    rejectedAnswers.map((row) => row.blockId),
    rejectedAnswers.map((row) => row.content),
    rejectedAnswers.map((row) => row.resultId),
    write.receipt?.key ?? null,
    write.receipt?.response ?? null,
  ];
}

/**
 * The chat hot path on the process's pg pool (the one Prisma's adapter uses too).
 * @param onStatement told of each operation with its duration (ms): a claim as its UPDATE, a commit as one transaction.
 */
export function postgresChatStore(pool: Pool, onStatement?: (sql: string, durationMs: number) => void): ChatStore {
  async function timed<T>(sql: string, work: () => Promise<T>): Promise<T> {
    const began = performance.now();
    const value = await work();
    onStatement?.(sql, performance.now() - began);
    return value;
  }
  return {
    async findBotByPublicId(publicId) {
      const { rows } = await timed('SELECT "Bot" (public id)', () =>
        pool.query<Omit<PublicBotRow, 'workspace'> & PublicBotRow['workspace']>(SQL.publicBot([publicId])),
      );
      const row = rows[0];
      if (!row) return null;
      const { isSuspended, isQuarantined, plan, customChatsLimit, publishedAt, ...bot } = row;
      return {
        ...bot,
        publishedAt: publishedAt === null ? null : new Date(publishedAt),
        workspace: { isSuspended, isQuarantined, plan, customChatsLimit },
      };
    },
    async claimSession(sessionId, leaseUntil, now) {
      const { rows } = await timed('UPDATE "ChatSession" (claim)', () =>
        pool.query<SessionRecord>(SQL.claim([utc(leaseUntil), utc(now), sessionId])),
      );
      if (rows[0]) return sessionRow(rows[0]);
      const { rowCount } = await pool.query(SQL.exists([sessionId]));
      return rowCount ? 'busy' : 'missing';
    },
    async renewClaim(sessionId, version, leaseUntil) {
      await timed('UPDATE "ChatSession" (renew)', () => pool.query(SQL.renew([utc(leaseUntil), sessionId, version])));
    },
    async releaseClaim(sessionId, version) {
      await timed('UPDATE "ChatSession" (release)', () => pool.query(SQL.release([sessionId, version])));
    },
    async commitTurn(write, now) {
      const { rows } = await timed('WITH (turn commit)', () =>
        pool.query<{ committed: boolean; written: WrittenResult[] }>(
          SQL.commitTurn(commitParameters(write, now.toISOString())),
        ),
      );
      const row = rows[0]!;
      return row.committed ? { results: row.written.map(writtenResult) } : 'claim-lost';
    },
    async findReceipt(key) {
      const { rows } = await timed('SELECT "TurnReceipt"', () => pool.query<{ response: string }>(SQL.receipt([key])));
      return rows[0] ? (JSON.parse(rows[0].response) as unknown) : undefined;
    },
    async transcriptLines(sessionId, count) {
      const { rows } = await timed('SELECT "ChatSessionTranscriptTurn"', () =>
        pool.query<{ turn: string }>(SQL.transcriptLines([sessionId, count])),
      );
      return rows.map((row) => JSON.parse(row.turn) as unknown);
    },
    async snapshotDefinition(botId, revision) {
      const { rows } = await timed('SELECT "BotSnapshot"', () =>
        pool.query<{ definition: unknown }>({
          name: 'parley_snapshot',
          text: 'SELECT "definition" FROM "BotSnapshot" WHERE "botId" = $1 AND "revision" = $2',
          values: [botId, revision],
        }),
      );
      const definition = rows[0]?.definition;
      return typeof definition === 'string' ? (JSON.parse(definition) as unknown) : definition;
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async appliedMigrations() {
      const { rows } = await pool.query<{ migration_name: string }>(APPLIED_MIGRATIONS);
      return rows.map((row) => row.migration_name);
    },
    async hasUsers() {
      const { rowCount } = await pool.query('SELECT 1 FROM "User" LIMIT 1');
      return Boolean(rowCount);
    },
    async hasDueHandoffs(now: Date) {
      const { rows } = await pool.query({ name: 'parley_due_handoff', text: DUE_HANDOFF_SQL('$1'), values: [now] });
      return rows.length > 0;
    },
    async channelQueueDepth() {
      // COUNT is a bigint: pg hands it over as text.
      const { rows } = await pool.query<{ inbox: string; outbox: string }>({
        name: 'parley_channel_queue_depth',
        text: CHANNEL_QUEUE_DEPTH,
      });
      return { inbox: Number(rows[0]?.inbox ?? 0), outbox: Number(rows[0]?.outbox ?? 0) };
    },
    // The pool belongs to the database (Prisma's adapter shares it); closing the database ends it.
    async close() {},
  };
}
