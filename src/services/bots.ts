import crypto from 'node:crypto';
import { z } from 'zod';
import type { FileStore } from '../integrations/storage/file-store';
import type { Bot, Db, Prisma } from '../db/client';
import { canonicalJson, isRecord } from '../engine/json';
import { CONTENT_KEYS, parseDefinition, type BotDefinition } from '../engine/definition/parse';
import { outlineOf, type Outline } from '../engine/definition/outline';
import { draftPatch, isEmptyPatch } from '../engine/shapes/draft-patch';
import { saveWords } from '../engine/shapes/draft-words';
import { announceDraftChange, overwritesAnother, recordDraftChange, type DraftSave } from './bot-changes';
import { blocksWithHandlers } from '../engine/blocks/registry';
import { draftProblems, type Problem, type WorkspaceCredentials } from '../engine/problems';
import { newShapeFindings } from '../engine/value-shape-problems';
import { AppError, badRequest, invalidInput, notFound, type Issue } from '../errors';
import { pageRequest, toPage, type Page } from './pagination';
import { isUniqueViolation } from './prisma-errors';
import { deleteBotAssets } from './bot-assets';
import { assertDraftBounds, DEFAULT_DRAFT_BOUNDS, type DraftBounds } from './draft-bounds';
import { checkpointDraft, DEFAULT_QUIET_MS, saveCheckpointReason, type SaveOrigin } from './draft-checkpoints';
import { archiveResults } from './results';
import { displayName, icon, zodIssues } from './validation';
import { withNormalisedOrigins } from './chat/origins';
import { assertDraftStorageRoom, jsonBytes } from './draft-storage';
import { followRenamesInUntouchedParts, renamedVariables } from '../engine/variables/rename';

export type BotRecord = Bot;

export const BOT_NAME_MAX = 255;
export const DEFAULT_BOT_NAME = 'My bot';
const PUBLIC_ID_PATTERN = /^[a-zA-Z0-9-.]+$/;
/**
 * The server's own paths, and paths a host commonly serves or that look like
 * sign-in pages (a bot there could pass for the operator's own page).
 */
const RESERVED_PUBLIC_IDS = new Set([
  ...['app', 'api', 'graphql', 'mcp', 'v1', 'health', 'ready', 'metrics', 'embed.js', 'static', 'openapi.json'],
  ...[
    'login',
    'logout',
    'signin',
    'sign-in',
    'signout',
    'sign-out',
    'signup',
    'sign-up',
    'register',
    'admin',
    'administrator',
    'auth',
    'oauth',
    'sso',
  ],
  ...[
    'account',
    'accounts',
    'password',
    'reset-password',
    'settings',
    'dashboard',
    'console',
    'billing',
    'invite',
    'invitations',
  ],
  ...[
    'robots.txt',
    'favicon.ico',
    'sitemap.xml',
    'security.txt',
    'humans.txt',
    'ads.txt',
    'manifest.json',
    'crossdomain.xml',
  ],
  ...['browserconfig.xml', 'apple-app-site-association', 'apple-touch-icon.png', 'assets', 'files', 'uploads', 'www'],
]);

const publicIdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .regex(PUBLIC_ID_PATTERN, 'may contain only letters, digits, "-" and "."')
  // Public pages live at /<publicId>: these are the server's own paths, so such a page could never be reached.
  .refine(
    (id) => !RESERVED_PUBLIC_IDS.has(id.toLowerCase()),
    "is one of the server's own paths (app, graphql, v1, ...)",
  );

/**
 * Fields of a bot object besides its content. On import only id, name, icon and
 * publicId are read (an export's workspaceId, isArchived and isClosed are
 * ignored); isClosed is applied by updates.
 */
const metadataSchema = z.object({
  id: z
    .string()
    .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, "_" or "-"')
    .nullish(),
  name: displayName(BOT_NAME_MAX).nullish(),
  icon: icon.nullish(),
  publicId: publicIdSchema.nullish(),
  isClosed: z.boolean().optional(),
});

type Metadata = z.output<typeof metadataSchema>;

/** Validates a bot object (export or patch); every problem is reported under `bot`. */
function parseBotInput(raw: unknown, base?: BotDefinition): { metadata: Metadata; definition: BotDefinition } {
  if (!isRecord(raw)) throw invalidInput([{ message: 'must be an object', path: ['bot'] }]);
  const issues: Issue[] = [];
  const metadata = metadataSchema.safeParse(raw);
  if (!metadata.success) issues.push(...zodIssues(metadata.error, ['bot']));
  const content = base ? mergeContent(base, raw) : raw;
  const parsed = parseDefinition(content);
  if (!parsed.ok) issues.push(...parsed.issues.map((issue) => ({ ...issue, path: ['bot', ...issue.path] })));
  if (issues.length > 0 || !metadata.success || !parsed.ok) throw invalidInput(issues);
  const origins = withNormalisedOrigins(parsed.definition.settings, storedOrigins(base));
  if (!origins.ok)
    throw invalidInput(origins.issues.map((issue) => ({ ...issue, path: ['bot', 'settings', ...issue.path] })));
  return { metadata: metadata.data, definition: { ...parsed.definition, settings: origins.settings } };
}

function storedOrigins(base: BotDefinition | undefined): unknown[] {
  const security = base?.settings.security;
  const listed = isRecord(security) ? security.allowedOrigins : undefined;
  return Array.isArray(listed) ? listed : [];
}

function mergeContent(base: BotDefinition, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const key of CONTENT_KEYS) {
    if (key in patch) merged[key] = patch[key];
  }
  if (!Array.isArray(patch.variables)) return merged;
  const renames = renamedVariables(base.variables, patch.variables.filter(isNamedVariable));
  const untouched = CONTENT_KEYS.filter((key) => key !== 'variables' && !(key in patch));
  return followRenamesInUntouchedParts(merged, renames, untouched);
}

function isNamedVariable(value: unknown): value is { id: string; name: string } {
  return isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string';
}

function splitDefinition(definition: BotDefinition): {
  version: string;
  draft: Prisma.InputJsonValue;
  draftSize: number;
} {
  const { version, ...draft } = definition;
  return { version, draft: draft as unknown as Prisma.InputJsonValue, draftSize: jsonBytes(draft) };
}

/**
 * Events that repeat an earlier one's id, left out. Before events were checked
 * for duplicates, a patch could store one event many times: such a draft
 * reads again (with each event once) rather than failing every read and save.
 */
function withoutRepeatedEvents(draft: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(draft.events)) return draft;
  const seen = new Set<unknown>();
  const events = draft.events.filter((event: unknown) => {
    const id = isRecord(event) ? event.id : undefined;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return events.length === draft.events.length ? draft : { ...draft, events };
}

/** The stored draft as a definition (validated when written, parsed again when read). */
export function draftDefinition(bot: Pick<Bot, 'version' | 'draft'>): BotDefinition {
  const draft = isRecord(bot.draft) ? withoutRepeatedEvents(bot.draft) : {};
  const parsed = parseDefinition({ ...draft, version: bot.version });
  if (!parsed.ok) throw new Error(`stored draft no longer parses: ${parsed.issues[0]?.message ?? 'invalid'}`);
  return parsed.definition;
}

/** The draft as an outline (src/engine/definition/outline.ts): what assistants and summaries read. */
export function draftOutline(bot: Pick<Bot, 'version' | 'draft'>): Outline {
  return outlineOf(draftDefinition(bot));
}

const publicIdTaken = () =>
  badRequest('Public id not available', [{ message: 'is already used by another bot', path: ['bot', 'publicId'] }]);

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

export async function getBot(db: Db, botId: string): Promise<BotRecord> {
  const bot = await db.bot.findFirst({ where: { id: botId, isArchived: false } });
  if (!bot) throw notFound();
  return bot;
}

/** Live bots of a workspace, newest first, by cursor. */
export async function listBots(
  db: Db,
  workspaceId: string,
  paging: { limit?: number | null; cursor?: string | null },
): Promise<Page<BotRecord>> {
  const { limit, take, cursor } = pageRequest(paging);
  const rows = await db.bot.findMany({
    where: { workspaceId, isArchived: false },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
  });
  return toPage(rows, limit);
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

/**
 * Deleting archives: the bot leaves lists and reads, its public id is freed and
 * stops serving chats, its results stay (archived) for billing; its revisions,
 * change log and uploaded images (bot assets) are deleted.
 */
export async function archiveBot(db: Db, botId: string, files?: FileStore): Promise<void> {
  await getBot(db, botId);
  await archiveResults(db, botId, undefined, files);
  await db.$transaction([
    db.botSnapshot.deleteMany({ where: { botId } }),
    // Its history goes with it: the change log, and the tabs that had it open.
    db.botDraftChange.deleteMany({ where: { botId } }),
    db.botEditorPresence.deleteMany({ where: { botId } }),
    db.chatSession.deleteMany({ where: { botId } }),
    db.bot.update({
      where: { id: botId },
      data: { isArchived: true, publicId: null, customDomain: null, publishedRevision: null, publishedAt: null },
    }),
  ]);
  // After the commit, like results' files: its uploaded images (avatars) go with the bot.
  if (files) await deleteBotAssets({ db, files }, botId);
}

function kebabCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** Like the reference builder: kebab-case name + "-" + the id's last 7 characters, made unique if needed. */
async function proposePublicId(db: Db, bot: Bot): Promise<string> {
  const base = `${kebabCase(bot.name) || 'bot'}-${bot.id.slice(-7)}`;
  let candidate = base;
  while (await db.bot.findUnique({ where: { publicId: candidate }, select: { id: true } })) {
    candidate = `${base}-${crypto.randomBytes(3).toString('hex')}`;
  }
  return candidate;
}

/** Why a draft cannot be published: a bot with nothing but its start would publish a blank page. */
export const EMPTY_BOT = 'This bot has nothing in it yet: add a message or a question to its flow before publishing it';

/** Why a draft with errors among its problems cannot be published; the issues are the errors. */
export const DRAFT_HAS_ERRORS = 'This bot has problems to fix before publishing it';

/** The problems of the bot's draft (errors first): what the editor shows and what stops a publish. */
export function botProblems(
  bot: Pick<Bot, 'version' | 'draft'>,
  context?: { credentials?: readonly WorkspaceCredentials[] },
): Problem[] {
  return draftProblems({ ...(isRecord(bot.draft) ? bot.draft : {}), version: bot.version }, context);
}

/**
 * Snapshots the draft under a new revision: new live chats run it, sessions
 * already running keep the revision they started on. `publisherId` is kept
 * with the revision for its history (null without a user: CLI, benches).
 */
export async function publishBot(
  db: Db,
  botId: string,
  {
    publisherId = null,
    now = new Date(),
    storageBytes,
  }: { publisherId?: string | null; now?: Date } & Pick<SaveOptions, 'storageBytes'> = {},
): Promise<BotRecord> {
  const bot = await getBot(db, botId);
  const definition = draftDefinition(bot);
  // A blank bot keeps its own plain message: there is nothing to point at.
  if (blocksWithHandlers(definition.groups).next().done) throw badRequest(EMPTY_BOT);
  const errors = botProblems(bot).filter((problem) => problem.severity === 'error');
  if (errors.length > 0)
    throw badRequest(
      DRAFT_HAS_ERRORS,
      errors.map(({ message, path }) => ({ message, path })),
    );
  for (let attempt = 0; ; attempt += 1) {
    const publicId = bot.publicId ?? (await proposePublicId(db, bot));
    try {
      return await db.$transaction(async (tx) => {
        // The increment is atomic, so concurrent publishes get distinct revisions.
        const updated = await tx.bot.update({
          where: { id: botId },
          data: { publicId, lastRevision: { increment: 1 }, publishedAt: now },
        });
        await tx.botSnapshot.create({
          data: {
            botId,
            revision: updated.lastRevision,
            createdAt: now,
            publishedById: publisherId,
            version: definition.version,
            definition: definition as unknown as Prisma.InputJsonValue,
            size: jsonBytes(definition),
          },
        });
        await assertDraftStorageRoom(db, tx, bot.workspaceId, storageBytes);
        return tx.bot.update({ where: { id: botId }, data: { publishedRevision: updated.lastRevision } });
      });
    } catch (error) {
      if (bot.publicId === null && attempt < 3 && isUniqueViolation(error, 'publicId')) continue;
      throw error;
    }
  }
}

/** Whether the draft differs from what is published (true for a bot never published). */
export async function hasUnpublishedChanges(
  db: Db,
  bot: Pick<Bot, 'id' | 'version' | 'draft' | 'publishedRevision'>,
): Promise<boolean> {
  if (bot.publishedRevision === null) return true;
  const snapshot = await db.botSnapshot.findUnique({
    where: { botId_revision: { botId: bot.id, revision: bot.publishedRevision } },
    select: { definition: true },
  });
  return !snapshot || canonicalJson(snapshot.definition) !== canonicalJson(draftDefinition(bot));
}

/** New live chats stop; snapshots stay for the sessions still running. */
export async function unpublishBot(db: Db, botId: string): Promise<BotRecord> {
  const bot = await getBot(db, botId);
  if (bot.publishedRevision === null) throw badRequest('Bot is not published');
  return db.bot.update({ where: { id: botId }, data: { publishedRevision: null, publishedAt: null } });
}
