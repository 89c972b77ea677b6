import type { Bot, Db, User } from '../db/client';
import { diffDefinitions, type DefinitionChanges } from '../engine/definition/diff';
import { parseDefinition, type BotDefinition } from '../engine/definition/parse';
import { notFound } from '../errors';
import { updateBot, type SaveOptions } from './bot-saves';
import { draftDefinition, getBot, type BotRecord } from './bots';
import { checkpointDraft, type CheckpointReason, type RevisionKind } from './draft-checkpoints';
import { assertDraftStorageRoom } from './draft-storage';

export type { BlockChange, DefinitionChanges, GroupChange } from '../engine/definition/diff';
export {
  checkpointDraft,
  CHECKPOINT_REASONS,
  DRAFT_RETENTION,
  REVISION_KINDS,
  type CheckpointReason,
  type RevisionKind,
} from './draft-checkpoints';

// A bot's version history: each publish is a revision, kept immutable for the
// live sessions that run it; checkpoints of the draft are revisions too (of
// kind "draft"), so that work never published has a history.

export interface Revision {
  revision: number;
  kind: RevisionKind;
  /** Why a draft checkpoint was taken; null for publishes. */
  reason: CheckpointReason | null;
  /** A manual checkpoint's note. */
  note: string | null;
  /** When it was published or taken. */
  publishedAt: Date;
  /**
   * Who published it, or whose action took the checkpoint. Null for revisions
   * published before publishers were kept, or by no user (CLI), or by a deleted account.
   */
  publisher: User | null;
  /** Whether new live chats run this revision (never a draft checkpoint). */
  isLive: boolean;
}

export interface RevisionDetail extends Revision {
  definition: BotDefinition;
  /** What the draft changed since this revision. */
  changes: DefinitionChanges;
  /** The revision as a Typebot export file (the bot's metadata as it is now: snapshots keep only content). */
  export: TypebotExport;
}

export type TypebotExport = BotDefinition & Pick<Bot, 'id' | 'name' | 'icon' | 'publicId'>;

type SnapshotRow = {
  revision: number;
  createdAt: Date;
  publishedById: string | null;
  kind: string;
  reason: string | null;
  note: string | null;
};

// Written by this service only; an unknown value would be a row from a newer version.
const kindOf = (kind: string): RevisionKind => (kind === 'draft' ? 'draft' : 'published');
const reasonOf = (reason: string | null): CheckpointReason | null => (reason as CheckpointReason | null) ?? null;

async function withPublishers(db: Db, bot: Pick<Bot, 'publishedRevision'>, rows: SnapshotRow[]): Promise<Revision[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.publishedById ? [row.publishedById] : [])))];
  const users = ids.length
    ? new Map((await db.user.findMany({ where: { id: { in: ids } } })).map((user) => [user.id, user]))
    : new Map<string, User>();
  return rows.map((row) => ({
    revision: row.revision,
    kind: kindOf(row.kind),
    reason: reasonOf(row.reason),
    note: row.note,
    publishedAt: row.createdAt,
    publisher: (row.publishedById && users.get(row.publishedById)) || null,
    isLive: row.revision === bot.publishedRevision,
  }));
}

const SNAPSHOT_ROW = {
  revision: true,
  createdAt: true,
  publishedById: true,
  kind: true,
  reason: true,
  note: true,
} as const;

/**
 * Every revision of a live bot, publishes and draft checkpoints, newest first
 * (no paging: a bot publishes a handful of times, and checkpoints are bounded).
 */
export async function listRevisions(db: Db, bot: Pick<Bot, 'id' | 'publishedRevision'>): Promise<Revision[]> {
  const rows = await db.botSnapshot.findMany({
    where: { botId: bot.id },
    orderBy: { revision: 'desc' },
    select: SNAPSHOT_ROW,
  });
  return withPublishers(db, bot, rows);
}

async function snapshotDefinition(
  db: Db,
  botId: string,
  revision: number,
): Promise<{ row: SnapshotRow; definition: BotDefinition }> {
  const snapshot = await db.botSnapshot.findUnique({
    where: { botId_revision: { botId, revision } },
    select: { ...SNAPSHOT_ROW, definition: true },
  });
  if (!snapshot) throw notFound();
  // Validated when published; parsed again as every stored definition is read.
  const parsed = parseDefinition(snapshot.definition);
  if (!parsed.ok)
    throw new Error(`snapshot ${botId}:${revision} no longer parses: ${parsed.issues[0]?.message ?? 'invalid'}`);
  return { row: snapshot, definition: parsed.definition };
}

export function typebotExport(
  bot: Pick<Bot, 'id' | 'name' | 'icon' | 'publicId'>,
  definition: BotDefinition,
): TypebotExport {
  return { ...definition, id: bot.id, name: bot.name, icon: bot.icon, publicId: bot.publicId };
}

/** One revision with its content, compared with the bot's draft; NOT_FOUND when the bot never had it. */
export async function getRevision(db: Db, bot: BotRecord, revision: number): Promise<RevisionDetail> {
  const { row, definition } = await snapshotDefinition(db, bot.id, revision);
  const [listed] = await withPublishers(db, bot, [row]);
  return {
    ...listed!,
    definition,
    changes: diffDefinitions(definition, draftDefinition(bot)),
    export: typebotExport(bot, definition),
  };
}

/**
 * Puts a revision's content (a publish or a draft checkpoint) back in the
 * draft, as an edit: it counts a draftVersion and honours `expectedVersion`
 * like any save, and checkpoints the draft it replaces first. What is live
 * does not change until the draft is published again.
 */
export async function restoreRevision(
  db: Db,
  botId: string,
  revision: number,
  expectedVersion?: number | null,
  save: Omit<SaveOptions, 'origin'> = {},
): Promise<BotRecord> {
  await getBot(db, botId);
  const { definition } = await snapshotDefinition(db, botId, revision);
  // Every content key, so nothing of the draft survives; metadata (name, publicId...) is not part of a revision.
  // Its change in the log names the revision rather than copying it: editors read the draft again.
  return updateBot(db, botId, definition, expectedVersion, { ...save, origin: 'restore', restoredRevision: revision });
}

/**
 * A checkpoint of the draft the user asked for, with an optional note; taken
 * even when the draft equals the newest revision (the note marks the moment).
 */
export async function takeManualCheckpoint(
  db: Db,
  botId: string,
  {
    authorId = null,
    note = null,
    storageBytes,
  }: { authorId?: string | null; note?: string | null } & Pick<SaveOptions, 'storageBytes'> = {},
): Promise<Revision> {
  const bot = await getBot(db, botId);
  const revision = await db.$transaction(async (tx) => {
    const taken = await checkpointDraft(tx, bot, draftDefinition(bot), { reason: 'manual', authorId, note });
    await assertDraftStorageRoom(db, tx, bot.workspaceId, storageBytes);
    return taken;
  });
  const row = await db.botSnapshot.findUnique({
    where: { botId_revision: { botId, revision: revision! } },
    select: SNAPSHOT_ROW,
  });
  if (!row) throw notFound();
  const [listed] = await withPublishers(db, bot, [row]);
  return listed!;
}
