import type { Db, Prisma } from '../db/client';
import { readStoredPatch } from '../engine/definition/patch';
import { touchedObjects, type DraftPatch } from '../engine/shapes/draft-patch';
import { patchedValues, readSaveWords, replacesWords, type SaveWords } from '../engine/shapes/draft-words';
import type { LiveResults } from './live/live-results';
import { jsonBytes } from './draft-storage';

// The draft's change log (docs/co-editing.md): every save of a bot's draft,
// whatever made it (the editor, REST PATCH, GraphQL updateBot or editBot, a
// restore, an assistant's tool), is recorded with its version and its patch
// in the save's transaction, then announced on the live channel. An editor
// that has the bot open hears the version, reads the patches it has not
// applied, and applies them over its own unsaved changes.

/** Who made a save, and whom to tell (without `live`: nobody, a save outside a server). */
export interface DraftSave {
  authorId?: string | null;
  /** The editor tab that saved (its presence key), so it recognises its own save. */
  clientKey?: string | null;
  live?: LiveResults;
  /**
   * The revision a restore put back: its change records that instead of a
   * patch (a second copy of the whole definition), and readers reload.
   */
  restoredRevision?: number;
}

/**
 * Changes kept per bot. An editor further behind than this (a laptop woken
 * after a day) reloads the draft instead of catching up.
 */
export const KEPT_CHANGES = 500;

export interface DraftChange {
  version: number;
  createdAt: Date;
  authorId: string | null;
  clientKey: string | null;
  patch: DraftPatch;
}

/** How much one read of the log answers (PARLEY_DRAFT_CHANGES_PER_READ, PARLEY_DRAFT_CHANGES_READ_MB). */
export interface DraftChangesPage {
  changes: number;
  bytes: number;
}

export const DEFAULT_DRAFT_CHANGES_PAGE: DraftChangesPage = { changes: 100, bytes: 10 * 1024 * 1024 };

/**
 * Writes a save's change, in the save's transaction, and forgets the ones past
 * KEPT_CHANGES; answers the bytes it keeps.
 */
export async function recordDraftChange(
  tx: Prisma.TransactionClient,
  botId: string,
  version: number,
  patch: DraftPatch,
  save: DraftSave | undefined,
  words: SaveWords,
): Promise<number> {
  const restoredRevision = save?.restoredRevision ?? null;
  const stored = restoredRevision === null ? patch : {};
  const kept = restoredRevision === null ? words : {};
  // The words count in what the log keeps (the workspace's storage), and in a read's bytes: never less than it answers.
  const size = jsonBytes(stored) + jsonBytes(kept);
  await tx.botDraftChange.create({
    data: {
      botId,
      version,
      authorId: save?.authorId ?? null,
      clientKey: save?.clientKey ?? null,
      patch: stored as Prisma.InputJsonValue,
      words: kept as Prisma.InputJsonValue,
      size,
      restoredRevision,
    },
  });
  // Every 50th save clears the tail: one statement now and then rather than one per save.
  if (version % 50 === 0)
    await tx.botDraftChange.deleteMany({ where: { botId, version: { lte: version - KEPT_CHANGES } } });
  return size;
}

/** Tells the editors that have the bot open, once the save has committed. */
export function announceDraftChange(botId: string, version: number, save: DraftSave | undefined): void {
  save?.live?.publish([
    {
      event: 'draft',
      botId,
      draftVersion: version,
      authorId: save.authorId ?? null,
      clientKey: save.clientKey ?? null,
    },
  ]);
}

/**
 * The changes after `since`, oldest first, at most `page.changes` of them and
 * `page.bytes` of patches (the rest: read again from the last one), with the
 * bytes they hold; null when the log cannot bring the caller up to date: some
 * are no longer kept, one is a restore, the first alone is over the bytes, or
 * `since` is ahead of the bot. The caller reloads the draft then. Which ones to
 * answer is decided from the rows' versions and sizes (an index): no patch is
 * read that is not answered.
 */
export async function draftChangesSince(
  db: Db,
  botId: string,
  since: number,
  current: number,
  page: DraftChangesPage = DEFAULT_DRAFT_CHANGES_PAGE,
): Promise<{ changes: DraftChange[]; bytes: number } | null> {
  if (since > current) return null;
  if (since === current) return { changes: [], bytes: 0 };
  const listed = await db.botDraftChange.findMany({
    // Up to the version the caller was told: a save landing meanwhile is for its next read.
    where: { botId, version: { gt: since, lte: current } },
    orderBy: { version: 'asc' },
    take: page.changes,
    select: { version: true, size: true, restoredRevision: true },
  });
  let bytes = 0;
  let last = since;
  for (const row of listed) {
    // Saves before the log existed, or pruned (a gap), or a restore (no patch): only the draft says where it is.
    if (row.version !== last + 1 || row.restoredRevision !== null) return null;
    if (bytes + row.size > page.bytes) break;
    bytes += row.size;
    last = row.version;
  }
  if (last === since) return null;
  const rows = await db.botDraftChange.findMany({
    where: { botId, version: { gt: since, lte: last } },
    orderBy: { version: 'asc' },
  });
  if (rows.length !== last - since) return null;
  const changes: DraftChange[] = [];
  for (const row of rows) {
    const patch = readStoredPatch(row.patch);
    // A patch that no longer reads (written by a later Parley, say) cannot be applied: the caller reloads.
    if (!patch) return null;
    changes.push({
      version: row.version,
      createdAt: row.createdAt,
      authorId: row.authorId,
      clientKey: row.clientKey,
      patch,
    });
  }
  return { changes, bytes };
}

/**
 * Two saves "at once": the later one, by another person or tab, within this
 * long of the earlier one. Changing an object the earlier save also changed
 * then replaces that person's value: the draft is checkpointed first so it
 * stays recoverable (docs/co-editing.md).
 */
export const OVERWRITE_WINDOW_MS = 2 * 60_000;

/**
 * Whether this save replaces words another person's save put in moments before
 * (src/engine/shapes/draft-words.ts): setting the same object is not enough,
 * adding to their text or changing another of its fields replaces nothing.
 */
export async function overwritesAnother(
  db: Db,
  botId: string,
  storedVersion: number,
  changes: DraftPatch,
  save: DraftSave | undefined,
  now: Date,
): Promise<boolean> {
  const previous = await db.botDraftChange.findUnique({ where: { botId_version: { botId, version: storedVersion } } });
  if (!previous || now.getTime() - previous.createdAt.getTime() > OVERWRITE_WINDOW_MS) return false;
  const sameWriter =
    (previous.authorId ?? null) === (save?.authorId ?? null) &&
    (previous.clientKey ?? null) === (save?.clientKey ?? null);
  if (sameWriter) return false;
  const words = previous.words === null ? null : readSaveWords(previous.words);
  if (words) {
    const values = patchedValues(changes);
    return Object.entries(words).some(
      ([object, leaves]) => values.has(object) && replacesWords(leaves, values.get(object)),
    );
  }
  // Logged without its words (before they were kept): any object both changed counts.
  const patch = readStoredPatch(previous.patch);
  // Unreadable: what it changed is unknown, so keep the draft rather than risk losing someone's value.
  if (!patch) return true;
  const theirs = touchedObjects(patch);
  return [...touchedObjects(changes)].some((object) => theirs.has(object));
}
