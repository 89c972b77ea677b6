import { forgetUploadedFiles } from './uploaded-files';
import { z } from 'zod';
import type { Db, Result } from '../db/client';
import type { FileStore } from '../integrations/storage/file-store';

// Result bookkeeping shared by the chat runtime and the analytics read-outs.
// A result is one conversation ("visit"): created when a live chat starts,
// started with its first accepted answer, completed when its flow ends.

export interface VariableValue {
  id: string;
  name: string;
  value: string | (string | null)[] | null;
}

const storedVariablesSchema = z.array(z.object({ id: z.string(), name: z.string(), value: z.unknown() }));

/** A result's stored variables ({id, name, value}, written with each turn); a malformed column reads as none. */
export function storedResultVariables(raw: unknown): { id: string; name: string; value: unknown }[] {
  const parsed = storedVariablesSchema.safeParse(raw);
  return parsed.success ? parsed.data : [];
}

export function createResult(db: Db, botId: string, options: { id?: string; createdAt?: Date } = {}): Promise<Result> {
  return db.result.create({ data: { id: options.id, botId, variables: [], createdAt: options.createdAt } });
}

export async function recordAnswer(
  db: Db,
  resultId: string,
  answer: { blockId: string; content: string; groupId?: string; variableId?: string },
): Promise<void> {
  await db.$transaction([
    db.answer.create({ data: { resultId, ...answer } }),
    db.result.update({ where: { id: resultId }, data: { hasStarted: true } }),
  ]);
}

/** Completion only counts once the visitor answered something; it never reverts. */
export async function markCompleted(db: Db, resultId: string): Promise<void> {
  await db.result.updateMany({ where: { id: resultId, hasStarted: true }, data: { isCompleted: true } });
}

/**
 * Archives results as the reference does: answers, logs, visited edges and
 * variable history go, the row stays (it still counts towards usage).
 */
export async function archiveResults(db: Db, botId: string, resultIds?: string[], files?: FileStore): Promise<number> {
  const where = { botId, isArchived: false, ...(resultIds ? { id: { in: resultIds } } : {}) };
  const archived = await db.$transaction(async (tx) => {
    const ids = (await tx.result.findMany({ where, select: { id: true } })).map((row) => row.id);
    if (ids.length === 0) return [];
    await tx.answer.deleteMany({ where: { resultId: { in: ids } } });
    await tx.log.deleteMany({ where: { resultId: { in: ids } } });
    await tx.visitedEdge.deleteMany({ where: { resultId: { in: ids } } });
    await tx.setVariableHistoryItem.deleteMany({ where: { resultId: { in: ids } } });
    await tx.chatSession.deleteMany({ where: { resultId: { in: ids } } });
    await tx.result.updateMany({ where: { id: { in: ids } }, data: { isArchived: true, variables: [] } });
    return ids;
  });
  // After the commit: a failed deletion leaves orphan files, never a result pointing at deleted ones.
  if (files) for (const id of archived) await files.deletePrefix(`results/${id}`);
  await forgetUploadedFiles(
    db,
    archived.map((id) => `results/${id}`),
  );
  return archived.length;
}

export type { Result };
