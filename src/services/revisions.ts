import type { DraftSave } from './bot-changes';
import type { Bot, Db, User } from '../db/client';
import { diffDefinitions, type DefinitionChanges } from '../engine/definition/diff';
import { parseDefinition, type BotDefinition } from '../engine/definition/parse';
import { notFound } from '../errors';
import { draftDefinition, getBot, updateBot, type BotRecord } from './bots';

export type { BlockChange, DefinitionChanges, GroupChange } from '../engine/definition/diff';

// A bot's version history is its publish snapshots: each publish is a
// revision, kept immutable for the live sessions that run it.

export interface Revision {
  revision: number;
  publishedAt: Date;
  /** Null for revisions published before publishers were kept, or by no user (CLI), or by a deleted account. */
  publisher: User | null;
  /** Whether new live chats run this revision. */
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

type SnapshotRow = { revision: number; createdAt: Date; publishedById: string | null };

async function withPublishers(db: Db, bot: Pick<Bot, 'publishedRevision'>, rows: SnapshotRow[]): Promise<Revision[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.publishedById ? [row.publishedById] : [])))];
  const users = ids.length
    ? new Map((await db.user.findMany({ where: { id: { in: ids } } })).map((user) => [user.id, user]))
    : new Map<string, User>();
  return rows.map((row) => ({
    revision: row.revision,
    publishedAt: row.createdAt,
    publisher: (row.publishedById && users.get(row.publishedById)) || null,
    isLive: row.revision === bot.publishedRevision,
  }));
}

const SNAPSHOT_ROW = { revision: true, createdAt: true, publishedById: true } as const;

/** Every revision of a live bot, newest first (a bot publishes a handful of times: no paging). */
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
 * Puts a revision's content back in the draft, as an edit: it counts a
 * draftVersion and honours `expectedVersion` like any save. What is live does
 * not change until the draft is published again.
 */
export async function restoreRevision(
  db: Db,
  botId: string,
  revision: number,
  expectedVersion?: number | null,
  save?: DraftSave,
): Promise<BotRecord> {
  await getBot(db, botId);
  const { definition } = await snapshotDefinition(db, botId, revision);
  // Every content key, so nothing of the draft survives; metadata (name, publicId...) is not part of a revision.
  return updateBot(db, botId, definition, expectedVersion, save);
}
