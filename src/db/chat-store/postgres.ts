import type { Pool, PoolClient, QueryConfig } from 'pg';
import { APPLIED_MIGRATIONS, type ChatStore, type PublicBotRow, type SessionRow, type TurnWrite, type WrittenResult } from './types';

// Named statements: node-postgres prepares each once per connection and then
// only sends its parameters. Rows of one kind go in one statement (unnest over
// arrays), so a turn is a handful of round trips whatever it wrote.

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
  renew: statement('renew', 'UPDATE "ChatSession" SET "claimedUntil" = $1::timestamp WHERE "id" = $2 AND "version" = $3 AND "claimedUntil" IS NOT NULL'),
  release: statement('release', 'UPDATE "ChatSession" SET "claimedUntil" = NULL WHERE "id" = $1 AND "version" = $2'),
  insertResults: statement(
    'insert_results',
    `INSERT INTO "Result" ("id", "createdAt", "updatedAt", "variables", "hasStarted", "isCompleted", "isArchived", "lastChatSessionId", "botId")
     SELECT id, $1::timestamp, $1::timestamp, variables, "hasStarted", "isCompleted", false, "lastChatSessionId", "botId"
     FROM unnest($2::text[], $3::jsonb[], $4::boolean[], $5::boolean[], $6::text[], $7::text[]) AS t(id, variables, "hasStarted", "isCompleted", "lastChatSessionId", "botId")
     RETURNING ${WRITTEN_COLUMNS}`,
  ),
  insertAnswers: statement(
    'insert_answers',
    `INSERT INTO "Answer" ("createdAt", "blockId", "groupId", "variableId", "content", "attachedFileUrls", "resultId")
     SELECT $1::timestamp, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[])`,
  ),
  insertEdges: statement(
    'insert_edges',
    'INSERT INTO "VisitedEdge" ("index", "edgeId", "resultId") SELECT * FROM unnest($1::integer[], $2::text[], $3::text[])',
  ),
  insertHistory: statement(
    'insert_history',
    `INSERT INTO "SetVariableHistoryItem" ("index", "variableId", "blockId", "blockIndex", "value", "resultId")
     SELECT * FROM unnest($1::integer[], $2::text[], $3::text[], $4::integer[], $5::jsonb[], $6::text[])`,
  ),
  insertLogs: statement(
    'insert_logs',
    `INSERT INTO "Log" ("id", "createdAt", "status", "description", "details", "context", "resultId", "sessionId")
     SELECT id, $1::timestamp, status, description, details, context, "resultId", "sessionId"
     FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS t(id, status, description, details, context, "resultId", "sessionId")`,
  ),
  // One statement for every combination of changed fields: NULL keeps the stored value.
  updateResult: statement(
    'update_result',
    `UPDATE "Result" SET "hasStarted" = COALESCE($1::boolean, "hasStarted"), "isCompleted" = COALESCE($2::boolean, "isCompleted"),
     "variables" = COALESCE($3::jsonb, "variables"), "lastChatSessionId" = COALESCE($4::text, "lastChatSessionId"), "updatedAt" = $5::timestamp WHERE "id" = $6
     RETURNING ${WRITTEN_COLUMNS}`,
  ),
  insertSession: statement(
    'insert_session',
    `INSERT INTO "ChatSession" ("id", "createdAt", "updatedAt", "state", "version", "claimedUntil", "isPreview", "expiresAt", "botId", "resultId")
     VALUES ($1, $2::timestamp, $2::timestamp, $3::jsonb, 0, NULL, $4, $5::timestamp, $6, $7)`,
  ),
  updateSession: statement(
    'update_session',
    `UPDATE "ChatSession" SET "state" = $1::jsonb, "expiresAt" = $2::timestamp, "resultId" = $3, "version" = "version" + 1, "claimedUntil" = NULL, "updatedAt" = $4::timestamp
     WHERE "id" = $5 AND "version" = $6`,
  ),
  deleteSession: statement('delete_session', 'DELETE FROM "ChatSession" WHERE "id" = $1 AND "version" = $2'),
  // Its lines go with a deleted session by the foreign key's cascade.
  insertTranscriptLines: statement(
    'insert_transcript_lines',
    'INSERT INTO "ChatSessionTranscriptTurn" ("sessionId", "index", "turn") SELECT $1, * FROM unnest($2::integer[], $3::text[])',
  ),
  transcriptLines: statement('transcript_lines', 'SELECT "turn" FROM "ChatSessionTranscriptTurn" WHERE "sessionId" = $1 AND "index" < $2 ORDER BY "index"'),
};

class ClaimLost extends Error {}

function writtenResult(row: WrittenResult): WrittenResult {
  return { ...row, updatedAt: new Date(row.updatedAt) };
}

async function writeTurn(client: PoolClient, write: TurnWrite, now: string): Promise<WrittenResult[]> {
  const { newResults, answers, visitedEdges, history, logs } = write;
  const written: WrittenResult[] = [];
  if (newResults.length) {
    const { rows } = await client.query<WrittenResult>(
      SQL.insertResults([
        now,
        newResults.map((row) => row.id),
        newResults.map((row) => json(row.variables)),
        newResults.map((row) => row.hasStarted),
        newResults.map((row) => row.isCompleted),
        newResults.map((row) => row.lastChatSessionId),
        newResults.map((row) => row.botId),
      ]),
    );
    written.push(...rows.map(writtenResult));
  }
  if (answers.length) {
    await client.query(
      SQL.insertAnswers([
        now,
        answers.map((row) => row.blockId),
        answers.map((row) => row.groupId),
        answers.map((row) => row.variableId),
        answers.map((row) => row.content),
        answers.map((row) => (row.attachedFileUrls ? json(row.attachedFileUrls) : null)),
        answers.map((row) => row.resultId),
      ]),
    );
  }
  if (visitedEdges.length) {
    await client.query(SQL.insertEdges([visitedEdges.map((row) => row.index), visitedEdges.map((row) => row.edgeId), visitedEdges.map((row) => row.resultId)]));
  }
  if (history.length) {
    await client.query(
      SQL.insertHistory([
        history.map((row) => row.index),
        history.map((row) => row.variableId),
        history.map((row) => row.blockId),
        history.map((row) => row.blockIndex),
        history.map((row) => (row.value === null || row.value === undefined ? null : json(row.value))),
        history.map((row) => row.resultId),
      ]),
    );
  }
  if (logs.length) {
    await client.query(
      SQL.insertLogs([
        now,
        logs.map((row) => row.id),
        logs.map((row) => row.status),
        logs.map((row) => row.description),
        logs.map((row) => row.details),
        logs.map((row) => row.context),
        logs.map((row) => row.resultId),
        logs.map((row) => row.sessionId),
      ]),
    );
  }
  for (const change of write.resultChanges) {
    const variables = change.variables === undefined ? null : json(change.variables);
    const { rows } = await client.query<WrittenResult>(
      SQL.updateResult([change.hasStarted ?? null, change.isCompleted ?? null, variables, change.lastChatSessionId ?? null, now, change.id]),
    );
    written.push(...rows.map(writtenResult));
  }
  const session = write.session;
  if (session.kind === 'create') {
    await client.query(SQL.insertSession([session.id, now, session.state, session.isPreview, utc(session.expiresAt), session.botId, session.resultId]));
  } else if (session.kind === 'update') {
    const { rowCount } = await client.query(SQL.updateSession([session.state, utc(session.expiresAt), session.resultId, now, session.id, session.version]));
    if (rowCount === 0) throw new ClaimLost();
  } else if (session.kind === 'delete') {
    const { rowCount } = await client.query(SQL.deleteSession([session.id, session.version]));
    if (rowCount === 0) throw new ClaimLost();
  }
  if ((session.kind === 'create' || session.kind === 'update') && session.transcript.length) {
    await client.query(SQL.insertTranscriptLines([session.id, session.transcript.map((row) => row.index), session.transcript.map((row) => row.line)]));
  }
  return written;
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
      return { ...bot, publishedAt: publishedAt === null ? null : new Date(publishedAt), workspace: { isSuspended, isQuarantined, plan, customChatsLimit } };
    },
    async claimSession(sessionId, leaseUntil, now) {
      const { rows } = await timed('UPDATE "ChatSession" (claim)', () => pool.query<SessionRecord>(SQL.claim([utc(leaseUntil), utc(now), sessionId])));
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
      const client = await pool.connect();
      try {
        const results = await timed('BEGIN (turn commit)', async () => {
          await client.query('BEGIN');
          const written = await writeTurn(client, write, now.toISOString());
          await client.query('COMMIT');
          return written;
        });
        return { results };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        if (error instanceof ClaimLost) return 'claim-lost';
        throw error;
      } finally {
        client.release();
      }
    },
    async transcriptLines(sessionId, count) {
      const { rows } = await timed('SELECT "ChatSessionTranscriptTurn"', () => pool.query<{ turn: string }>(SQL.transcriptLines([sessionId, count])));
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
    // The pool belongs to the database (Prisma's adapter shares it); closing the database ends it.
    async close() {},
  };
}
