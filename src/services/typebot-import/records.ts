import crypto from 'node:crypto';
import type { Db, ImportedRecord, Prisma } from '../../db/client';
import { canonicalJson } from '../../engine/json';

// The provenance of what an import wrote (model ImportedRecord): what a run
// finds here from an earlier one.

type Tx = Prisma.TransactionClient;

export type RecordKind = 'user' | 'workspace' | 'member' | 'invitation' | 'credentials' | 'bot';

export function digestOf(value: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(value)).digest('hex');
}

/** The records of these source ids, by source id. */
export async function recordsOf(db: Db, kind: RecordKind, sourceIds: string[]): Promise<Map<string, ImportedRecord>> {
  const rows = await db.importedRecord.findMany({ where: { kind, sourceId: { in: sourceIds } } });
  return new Map(rows.map((row) => [row.sourceId, row]));
}

export async function saveRecord(
  tx: Db | Tx,
  kind: RecordKind,
  sourceId: string,
  data: { targetId: string; digest: string; publishedDigest?: string | null; targetVersion?: number | null },
): Promise<void> {
  await tx.importedRecord.upsert({
    where: { kind_sourceId: { kind, sourceId } },
    create: { kind, sourceId, ...data },
    update: data,
  });
}
