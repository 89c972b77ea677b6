import crypto from 'node:crypto';
import type { Bot, Db, Prisma } from '../db/client';
import { canonicalJson, isRecord } from '../engine/json';
import { blocksWithHandlers } from '../engine/blocks/registry';
import type { WorkspaceCredentials } from '../engine/block-problems';
import type { Problem } from '../engine/problem-types';
import { draftProblems } from '../engine/problems/draft-problems';
import { badRequest } from '../errors';
import { isUniqueViolation } from './prisma-errors';
import { assertDraftStorageRoom, jsonBytes } from './draft-storage';
import { draftDefinition, getBot, type BotRecord } from './bots';
import type { SaveOptions } from './bot-saves';

// Publishing a bot: what stops a publish (its draft's problems), the revision
// a publish snapshots, and unpublishing.

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
