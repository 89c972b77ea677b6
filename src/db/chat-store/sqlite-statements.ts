import type Database from 'better-sqlite3';
import { SESSION_COLUMNS, type PublicBotRecord, type SessionRecord } from './sqlite-rows';

/** Prepared on first use: the store opens before migrations have created the tables. */
export function prepareStatements(connection: Database.Database) {
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

export type Statements = ReturnType<typeof prepareStatements>;
