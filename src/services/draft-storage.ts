import type { Db, Prisma } from '../db/client';
import { badRequest, type AppError } from '../errors';
import { providerOf } from './channels/conversation-lock';
import { sizeText } from './size-text';

// What a workspace's bots keep of their content: the drafts, their revisions
// (publishes and checkpoints) and the drafts' change logs. Every row keeps its
// byte size when written, so the total is a sum of indexed columns, never a
// measure of the JSON (docs/security.md#draft-storage).

/** PARLEY_WORKSPACE_DRAFT_STORAGE_MB's default, in bytes, for callers given no configuration. */
export const DEFAULT_DRAFT_STORAGE_BYTES = 200 * 1024 * 1024;

/** Bytes of a value as JSON: the size a row keeps of its JSON column. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));

/** Advisory-lock key space of the PostgreSQL check (beside channels' queues). */
const LOCK_SPACE = 0x70_61_72_03;

type Tx = Prisma.TransactionClient;

/** What a workspace's live bots keep: drafts, revisions and change logs (an archived bot's went with it). */
export async function workspaceDraftBytes(tx: Tx | Db, workspaceId: string): Promise<number> {
  const live = { bot: { workspaceId, isArchived: false } };
  const drafts = await tx.bot.aggregate({ _sum: { draftSize: true }, where: { workspaceId, isArchived: false } });
  const revisions = await tx.botSnapshot.aggregate({ _sum: { size: true }, where: live });
  const changes = await tx.botDraftChange.aggregate({ _sum: { size: true }, where: live });
  return (drafts._sum.draftSize ?? 0) + (revisions._sum.size ?? 0) + (changes._sum.size ?? 0);
}

/** Why a write is refused: the limit, and what frees room. */
export function draftStorageFull(quotaBytes: number): AppError {
  return badRequest(
    `This workspace's bots keep at most ${sizeText(quotaBytes)} of drafts, history and change logs ` +
      '(PARLEY_WORKSPACE_DRAFT_STORAGE_MB): delete bots you no longer need, or ask the operator to raise the limit',
  );
}

/**
 * Refuses a write that leaves the workspace over `quotaBytes`. Called in the
 * write's transaction with its rows already written, so the sum counts them:
 * a refusal rolls the write back. On PostgreSQL the checks of one workspace
 * take turns (an advisory lock held until commit), so the later of two writes
 * at once counts the earlier's rows; SQLite writes one transaction at a time.
 */
export async function assertDraftStorageRoom(
  db: Db,
  tx: Tx,
  workspaceId: string,
  quotaBytes = DEFAULT_DRAFT_STORAGE_BYTES,
): Promise<void> {
  if (providerOf(db) === 'postgresql')
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_SPACE}::int, hashtext(${workspaceId}))`;
  if ((await workspaceDraftBytes(tx, workspaceId)) > quotaBytes) throw draftStorageFull(quotaBytes);
}
