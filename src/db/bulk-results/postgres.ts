import pg from 'pg';
import type { BulkResultWriter, ResultRowsBatch } from './types';

// One statement per table a batch (arrays through unnest), in one transaction.

/** Columns are TIMESTAMP(3) holding UTC (as Prisma writes them): sent as UTC text, not as a local-zone Date. */
const utc = (date: Date): string => date.toISOString();
const json = (value: unknown): string => JSON.stringify(value);

export function postgresBulkResultWriter(url: string): BulkResultWriter {
  const client = new pg.Client({ connectionString: url, application_name: 'parley import' });
  const connected = client.connect();
  async function write(batch: ResultRowsBatch): Promise<void> {
    const { results: r, answers: a, logs: l, edges: e, history: h } = batch;
    await connected;
    await client.query('BEGIN');
    try {
      // Their rows go with them (the foreign keys cascade).
      if (batch.replace.length > 0)
        await client.query('DELETE FROM "Result" WHERE "id" = ANY($1::text[])', [batch.replace]);
      await client.query(
        `INSERT INTO "Result" ("id", "botId", "createdAt", "updatedAt", "variables", "isCompleted", "hasStarted", "isArchived")
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamp[], $4::timestamp[], $5::jsonb[], $6::boolean[], $7::boolean[], $8::boolean[])`,
        [
          r.map((x) => x.id),
          r.map((x) => x.botId),
          r.map((x) => utc(x.createdAt)),
          r.map((x) => utc(x.updatedAt)),
          r.map((x) => json(x.variables)),
          r.map((x) => x.isCompleted),
          r.map((x) => x.hasStarted),
          r.map((x) => x.isArchived),
        ],
      );
      if (a.length > 0)
        await client.query(
          `INSERT INTO "Answer" ("resultId", "createdAt", "blockId", "groupId", "variableId", "content", "attachedFileUrls")
           SELECT * FROM unnest($1::text[], $2::timestamp[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[])`,
          [
            a.map((x) => x.resultId),
            a.map((x) => utc(x.createdAt)),
            a.map((x) => x.blockId),
            a.map((x) => x.groupId),
            a.map((x) => x.variableId),
            a.map((x) => x.content),
            a.map((x) => (x.attachedFileUrls === null ? null : json(x.attachedFileUrls))),
          ],
        );
      if (l.length > 0)
        await client.query(
          `INSERT INTO "Log" ("id", "resultId", "createdAt", "status", "description", "details", "context")
           SELECT * FROM unnest($1::text[], $2::text[], $3::timestamp[], $4::text[], $5::text[], $6::text[], $7::text[])`,
          [
            l.map((x) => x.id),
            l.map((x) => x.resultId),
            l.map((x) => utc(x.createdAt)),
            l.map((x) => x.status),
            l.map((x) => x.description),
            l.map((x) => x.details),
            l.map((x) => x.context),
          ],
        );
      if (e.length > 0)
        await client.query(
          `INSERT INTO "VisitedEdge" ("resultId", "index", "edgeId") SELECT * FROM unnest($1::text[], $2::integer[], $3::text[])`,
          [e.map((x) => x.resultId), e.map((x) => x.index), e.map((x) => x.edgeId)],
        );
      if (h.length > 0)
        await client.query(
          `INSERT INTO "SetVariableHistoryItem" ("resultId", "index", "variableId", "blockId", "blockIndex", "value")
           SELECT * FROM unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::integer[], $6::jsonb[])`,
          [
            h.map((x) => x.resultId),
            h.map((x) => x.index),
            h.map((x) => x.variableId),
            h.map((x) => x.blockId),
            h.map((x) => x.blockIndex),
            h.map((x) => json(x.value)),
          ],
        );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
  const TABLES = ['Result', 'Answer', 'Log', 'VisitedEdge', 'SetVariableHistoryItem'];
  return {
    write,
    analyze: async () => {
      await connected;
      await client.query(`ANALYZE ${TABLES.map((table) => `"${table}"`).join(', ')}`);
    },
    close: async () => {
      await connected.catch(() => undefined);
      await client.end();
    },
  };
}
