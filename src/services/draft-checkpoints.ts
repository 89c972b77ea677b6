import type { Bot, Prisma } from '../db/client';
import { canonicalJson } from '../engine/json';
import { jsonBytes } from './draft-storage';
import type { BotDefinition } from '../engine/definition/parse';

// Checkpoints of a bot's draft, kept beside its publishes so that work never
// published has a history too (docs/api-decisions.md#draft-checkpoints). They
// are BotSnapshot rows of kind "draft", numbered from the same lastRevision
// sequence as publishes: one numbering for reading and restoring both, and
// publishedRevision (what live chats run) is only ever set by publishBot.

export const REVISION_KINDS = ['published', 'draft'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

/** What made a save (services/bot-saves.ts SaveOptions). */
export type SaveOrigin = 'patch' | 'edits' | 'changes' | 'restore';

export const CHECKPOINT_REASONS = ['quiet', 'restore', 'import', 'overwrite', 'manual'] as const;
export type CheckpointReason = (typeof CHECKPOINT_REASONS)[number];

/** Retention of draft checkpoints per bot; publishes are never deleted by it. */
export const DRAFT_RETENTION = {
  /** The newest checkpoints, all kept. */
  newest: 50,
  /** Beyond those, the newest checkpoint of each UTC day is kept for this many days. */
  dailyDays: 30,
} as const;

/** PARLEY_DRAFT_CHECKPOINT_QUIET_MINUTES' default, in ms, for callers given no configuration. */
export const DEFAULT_QUIET_MS = 10 * 60_000;

/** A note longer than this is cut: it is a label in a list, not a document. */
export const CHECKPOINT_NOTE_MAX = 500;

const DAY_MS = 24 * 60 * 60_000;

/** The client of a transaction or the database itself: a checkpoint goes with the save that takes it. */
type Tx = Prisma.TransactionClient;

export interface CheckpointOptions {
  reason: CheckpointReason;
  /** Whose action took it (null without a user: CLI, benches). */
  authorId?: string | null;
  /** A manual checkpoint's note. */
  note?: string | null;
  now?: Date;
}

/**
 * Saves the bot's stored draft (`definition`, as the caller parsed it) as a checkpoint under a new revision and applies
 * the retention rule. Answers the revision taken, or null when the draft equals
 * the newest revision already (published or draft): a second copy would only
 * push older checkpoints out. A manual checkpoint is taken even then, since its
 * note marks a moment the user chose.
 */
export async function checkpointDraft(
  db: Tx,
  bot: Pick<Bot, 'id'>,
  definition: BotDefinition,
  { reason, authorId = null, note = null, now = new Date() }: CheckpointOptions,
): Promise<number | null> {
  if (reason !== 'manual') {
    const newest = await db.botSnapshot.findFirst({
      where: { botId: bot.id },
      orderBy: { revision: 'desc' },
      select: { definition: true },
    });
    if (newest && canonicalJson(newest.definition) === canonicalJson(definition)) return null;
  }
  // The increment is atomic, so a checkpoint and a concurrent publish get distinct revisions.
  const { lastRevision } = await db.bot.update({
    where: { id: bot.id },
    data: { lastRevision: { increment: 1 } },
    select: { lastRevision: true },
  });
  await db.botSnapshot.create({
    data: {
      botId: bot.id,
      revision: lastRevision,
      createdAt: now,
      kind: 'draft' satisfies RevisionKind,
      reason,
      note: note?.trim().slice(0, CHECKPOINT_NOTE_MAX) || null,
      publishedById: authorId,
      version: definition.version,
      definition: definition as unknown as Prisma.InputJsonValue,
      size: jsonBytes(definition),
    },
  });
  await pruneDraftCheckpoints(db, bot.id, now);
  return lastRevision;
}

/** The draft checkpoints the retention rule drops, given every one of a bot's, newest first. */
export function checkpointsBeyondRetention(checkpoints: { revision: number; createdAt: Date }[], now: Date): number[] {
  const oldestKept = now.getTime() - DRAFT_RETENTION.dailyDays * DAY_MS;
  const daysKept = new Set<string>();
  const dropped: number[] = [];
  for (const { revision, createdAt } of checkpoints.slice(DRAFT_RETENTION.newest)) {
    const day = createdAt.toISOString().slice(0, 10);
    if (createdAt.getTime() >= oldestKept && !daysKept.has(day)) daysKept.add(day);
    else dropped.push(revision);
  }
  return dropped;
}

async function pruneDraftCheckpoints(db: Tx, botId: string, now: Date): Promise<void> {
  // A bot has at most newest + dailyDays + 1 of them here: reading them all is cheap.
  const checkpoints = await db.botSnapshot.findMany({
    where: { botId, kind: 'draft' },
    orderBy: { revision: 'desc' },
    select: { revision: true, createdAt: true },
  });
  const dropped = checkpointsBeyondRetention(checkpoints, now);
  if (dropped.length > 0)
    await db.botSnapshot.deleteMany({ where: { botId, kind: 'draft', revision: { in: dropped } } });
}

/**
 * Which checkpoint a save takes of the draft it replaces, if any: a restore
 * keeps what it overwrites; a body with the whole flow (groups and edges, an
 * import) too; any other save that comes after the bot was left quiet for
 * `quietMs` closes the editing session before it.
 */
export function saveCheckpointReason(
  bot: Pick<Bot, 'updatedAt'>,
  save: { origin?: SaveOrigin; patch: Record<string, unknown>; quietMs: number; now: Date },
): CheckpointReason | null {
  if (save.origin === 'restore') return 'restore';
  if ((save.origin ?? 'patch') === 'patch' && 'groups' in save.patch && 'edges' in save.patch) return 'import';
  return save.now.getTime() - bot.updatedAt.getTime() > save.quietMs ? 'quiet' : null;
}
