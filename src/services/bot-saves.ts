import type { Db } from '../db/client';
import type { BotDefinition } from '../engine/definition/parse';
import { draftPatch, isEmptyPatch } from '../engine/shapes/draft-patch';
import { saveWords } from '../engine/shapes/draft-words';
import { announceDraftChange, overwritesAnother, recordDraftChange, type DraftSave } from './bot-changes';
import { newShapeFindings } from '../engine/value-shape-problems';
import { AppError, badRequest } from '../errors';
import { isUniqueViolation } from './prisma-errors';
import { assertDraftBounds, DEFAULT_DRAFT_BOUNDS, type DraftBounds } from './draft-bounds';
import { checkpointDraft, DEFAULT_QUIET_MS, saveCheckpointReason, type SaveOrigin } from './draft-checkpoints';
import { assertDraftStorageRoom } from './draft-storage';
import { DEFAULT_BOT_NAME, parseBotInput, publicIdTaken, splitDefinition } from './bot-input';
import { draftDefinition, getBot, type BotRecord } from './bots';

// Writing a bot: creating one from a definition (an import), and saving a
// partial bot over its draft, every save path's end (docs/co-editing.md).

/**
 * Creates a bot from a definition of any supported version (a Typebot export
 * as it is). The export's id is kept when free, so bots that link to each other
 * by id keep working; its publicId is kept when free, else it is a 400.
 */
export async function createBot(
  db: Db,
  workspaceId: string,
  raw: unknown,
  { storageBytes, bounds = DEFAULT_DRAFT_BOUNDS }: Pick<SaveOptions, 'storageBytes' | 'bounds'> = {},
): Promise<BotRecord> {
  const { metadata, definition } = parseBotInput(raw);
  const split = splitDefinition(definition);
  assertDraftBounds(definition, null, { next: split.draftSize, stored: null }, bounds);
  if (
    metadata.publicId &&
    (await db.bot.findUnique({ where: { publicId: metadata.publicId }, select: { id: true } }))
  ) {
    throw publicIdTaken();
  }
  const wantedId =
    metadata.id && !(await db.bot.findUnique({ where: { id: metadata.id }, select: { id: true } }))
      ? metadata.id
      : undefined;
  const data = {
    workspaceId,
    name: metadata.name ?? DEFAULT_BOT_NAME,
    icon: metadata.icon ?? null,
    publicId: metadata.publicId ?? null,
    // An export's isClosed is ignored (docs/api-decisions.md#importing-a-bot): a new bot always starts open.
    isClosed: false,
    ...split,
  };
  // A new bot's draft counts in the workspace's draft storage like a save's.
  const create = (id: string | undefined) =>
    db.$transaction(async (tx) => {
      const bot = await tx.bot.create({ data: { ...data, id } });
      await assertDraftStorageRoom(db, tx, workspaceId, storageBytes);
      return bot;
    });
  try {
    return await create(wantedId);
  } catch (error) {
    if (isUniqueViolation(error, 'publicId')) throw publicIdTaken();
    // Another request took the same id between our check and insert: fall back to a new id.
    if (wantedId && isUniqueViolation(error, 'id')) return create(undefined);
    throw error;
  }
}

/** A save based on another version than the bot's current one. */
export function editConflict(expected: number, current: number): AppError {
  return new AppError(
    'CONFLICT',
    `This bot was changed since version ${expected} (it is at version ${current}): reload it, or save again without the expected version to overwrite`,
    [{ message: `the current version is ${current}`, path: ['expectedVersion'] }],
  );
}

/** Why a save is refused when it writes a value without its shape. */
export const VALUE_WITHOUT_SHAPE = 'Some values do not have the shape their field needs';

/**
 * A save refuses the values it writes without their shape (a colour that is
 * not one…): the chat would read them as the default, silently. Such values
 * already in the draft (an import's) stay: the draft's problems list them, and
 * refusing them would make the bot unsavable until each was fixed.
 */
function refuseNewShapeProblems(stored: BotDefinition, next: BotDefinition): void {
  const findings = newShapeFindings(stored, next);
  if (findings.length > 0)
    throw badRequest(
      VALUE_WITHOUT_SHAPE,
      // Under `bot`, as parseBotInput reports: the argument the value came in.
      findings.map(({ message, path }) => ({ message, path: ['bot', ...path] })),
    );
}

/** Who saves, whom to tell (bot-changes.ts), and when to checkpoint the draft it replaces (draft-checkpoints.ts). */
export interface SaveOptions extends DraftSave {
  /** PARLEY_DRAFT_CHECKPOINT_QUIET_MINUTES, in ms. */
  quietMs?: number;
  /** What the draft may hold (draft-bounds.ts's defaults when absent). */
  bounds?: DraftBounds;
  /** PARLEY_WORKSPACE_DRAFT_STORAGE_MB, in bytes (services/draft-storage.ts's default when absent). */
  storageBytes?: number;
  /**
   * A partial bot (the default: REST PATCH, updateBot), a list of edits or an
   * editor's changes (never an import, although they may write the whole
   * flow), or a restore.
   */
  origin?: SaveOrigin;
}

/**
 * Applies a partial bot (metadata and/or content keys); the merged definition
 * is validated whole. Every edit counts one `draftVersion`; given
 * `expectedVersion`, the edit applies only to that version (two editors
 * never overwrite each other silently: the second is told). A restore, an
 * import or the first save after a quiet spell checkpoints the draft it
 * replaces first, in the same transaction.
 */
export async function updateBot(
  db: Db,
  botId: string,
  raw: unknown,
  expectedVersion?: number | null,
  save: SaveOptions = {},
): Promise<BotRecord> {
  const now = new Date();
  const bot = await getBot(db, botId);
  if (typeof expectedVersion === 'number' && expectedVersion !== bot.draftVersion)
    throw editConflict(expectedVersion, bot.draftVersion);
  const stored = draftDefinition(bot);
  const { metadata, definition } = parseBotInput(raw, stored);
  refuseNewShapeProblems(stored, definition);
  const split = splitDefinition(definition);
  assertDraftBounds(
    definition,
    stored,
    { next: split.draftSize, stored: bot.draftSize },
    save.bounds ?? DEFAULT_DRAFT_BOUNDS,
  );
  const patch = raw as Record<string, unknown>;
  if (metadata.publicId && metadata.publicId !== bot.publicId) {
    const holder = await db.bot.findUnique({ where: { publicId: metadata.publicId }, select: { id: true } });
    if (holder) throw publicIdTaken();
  }
  const reason = saveCheckpointReason(bot, {
    origin: save.origin,
    patch,
    quietMs: save.quietMs ?? DEFAULT_QUIET_MS,
    now,
  });
  const changes = draftPatch(stored, definition);
  // A save that leaves the content as it was loses nothing: there is nothing to keep.
  const checkpoint = isEmptyPatch(changes)
    ? null
    : (reason ??
      ((await overwritesAnother(db, botId, bot.draftVersion, changes, save, now)) ? ('overwrite' as const) : null));
  const version = bot.draftVersion + 1;
  try {
    const saved = await db.$transaction(async (tx) => {
      // Compare-and-set on the version read: an edit landing in between makes this one a conflict.
      const { count } = await tx.bot.updateMany({
        where: { id: botId, draftVersion: bot.draftVersion },
        data: {
          draftVersion: { increment: 1 },
          name: 'name' in patch ? (metadata.name ?? DEFAULT_BOT_NAME) : undefined,
          icon: 'icon' in patch ? (metadata.icon ?? null) : undefined,
          publicId: 'publicId' in patch ? (metadata.publicId ?? null) : undefined,
          isClosed: metadata.isClosed,
          ...split,
        },
      });
      if (count === 0) return false;
      const logged = await recordDraftChange(tx, botId, version, changes, save, saveWords(stored, changes));
      // The version matched, so `stored` is exactly the draft this save replaced.
      if (checkpoint) await checkpointDraft(tx, bot, stored, { reason: checkpoint, authorId: save.authorId, now });
      // A save that frees more than it logs (and keeps no checkpoint) is taken even over the quota: it is how room is made.
      if (checkpoint || split.draftSize + logged > bot.draftSize)
        await assertDraftStorageRoom(db, tx, bot.workspaceId, save.storageBytes);
      return true;
    });
    if (!saved) {
      const current = await getBot(db, botId);
      if (typeof expectedVersion === 'number') throw editConflict(expectedVersion, current.draftVersion);
      // No version asked for: the last write wins, as before versions existed.
      return updateBot(db, botId, raw, null, save);
    }
    announceDraftChange(botId, version, save);
    return getBot(db, botId);
  } catch (error) {
    if (isUniqueViolation(error, 'publicId')) throw publicIdTaken();
    throw error;
  }
}
