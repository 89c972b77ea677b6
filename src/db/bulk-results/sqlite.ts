import Database from 'better-sqlite3';
import { bit, json, sqliteDate } from '../chat-store/sqlite-rows';
import type { BulkResultWriter, ResultRowsBatch } from './types';

/** Its own connection: one IMMEDIATE transaction a batch, waiting up to `busyTimeoutMs` for a server's writes. */
export function sqliteBulkResultWriter(file: string, busyTimeoutMs: number): BulkResultWriter {
  const connection = new Database(file);
  connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const statements = {
    insertResult: connection.prepare(
      `INSERT INTO "Result" ("id", "botId", "createdAt", "updatedAt", "variables", "isCompleted", "hasStarted", "isArchived")
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertAnswer: connection.prepare(
      `INSERT INTO "Answer" ("resultId", "createdAt", "blockId", "groupId", "variableId", "content", "attachedFileUrls")
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertLog: connection.prepare(
      `INSERT INTO "Log" ("id", "resultId", "createdAt", "status", "description", "details", "context") VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertEdge: connection.prepare('INSERT INTO "VisitedEdge" ("resultId", "index", "edgeId") VALUES (?, ?, ?)'),
    insertHistory: connection.prepare(
      `INSERT INTO "SetVariableHistoryItem" ("resultId", "index", "variableId", "blockId", "blockIndex", "value")
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    // This connection does not enforce foreign keys (Prisma's does): the cascade is spelled out.
    deletes: ['Answer', 'RejectedAnswer', 'Log', 'VisitedEdge', 'SetVariableHistoryItem'].map((table) =>
      connection.prepare(`DELETE FROM "${table}" WHERE "resultId" = ?`),
    ),
    deleteResult: connection.prepare('DELETE FROM "Result" WHERE "id" = ?'),
  };
  const write = connection.transaction((batch: ResultRowsBatch) => {
    for (const id of batch.replace) {
      for (const statement of statements.deletes) statement.run(id);
      statements.deleteResult.run(id);
    }
    for (const r of batch.results)
      statements.insertResult.run(
        r.id,
        r.botId,
        sqliteDate(r.createdAt),
        sqliteDate(r.updatedAt),
        json(r.variables),
        bit(r.isCompleted),
        bit(r.hasStarted),
        bit(r.isArchived),
      );
    for (const a of batch.answers)
      statements.insertAnswer.run(
        a.resultId,
        sqliteDate(a.createdAt),
        a.blockId,
        a.groupId,
        a.variableId,
        a.content,
        a.attachedFileUrls === null ? null : json(a.attachedFileUrls),
      );
    for (const l of batch.logs)
      statements.insertLog.run(
        l.id,
        l.resultId,
        sqliteDate(l.createdAt),
        l.status,
        l.description,
        l.details,
        l.context,
      );
    for (const e of batch.edges) statements.insertEdge.run(e.resultId, e.index, e.edgeId);
    for (const h of batch.history)
      statements.insertHistory.run(h.resultId, h.index, h.variableId, h.blockId, h.blockIndex, json(h.value));
  });
  return {
    write: async (batch) => void write.immediate(batch),
    // SQLite plans by the indexes alone unless told otherwise; `optimize` gathers what it finds worth it.
    analyze: async () => void connection.pragma('optimize'),
    close: async () => void connection.close(),
  };
}
