import type { Db } from '../db/client';
import { badRequest } from '../errors';
import { sizeText } from './size-text';

// How many images a builder may keep for bots: each is at most 1 MB, so a
// count per bot and a total per workspace bound what one workspace makes the
// server store (docs/configuration.md, PARLEY_BOT_ASSETS_*).

export interface BotAssetLimits {
  /** PARLEY_BOT_ASSETS_PER_BOT: images one bot keeps. */
  perBot: number;
  /** PARLEY_BOT_ASSETS_WORKSPACE_MB, in bytes: the images of all the live bots of one workspace together. */
  workspaceBytes: number;
}

/** The storage prefix of a bot's assets (bot ids are safe key segments: createBot allows [A-Za-z0-9_-] only). */
export const botAssetsPrefix = (botId: string) => `bots/${botId}/assets`;

/** Bots per query of the workspace's total: a bounded OR, whatever the number of bots. */
const BOTS_PER_QUERY = 100;

/**
 * Refuses an upload that takes a bot or its workspace past its limit.
 * Called with the new image already recorded (its row and size): of two
 * uploads at once, the later check counts both, so together they never
 * overshoot (at worst both are refused).
 */
export async function assertBotAssetRoom(db: Db, limits: BotAssetLimits, botId: string): Promise<void> {
  const count = await db.uploadedFile.count({ where: { key: { startsWith: `${botAssetsPrefix(botId)}/` } } });
  if (count > limits.perBot) throw badRequest(`A bot keeps at most ${limits.perBot} images`);
  const bot = await db.bot.findUniqueOrThrow({ where: { id: botId }, select: { workspaceId: true } });
  const used = await workspaceAssetBytes(db, bot.workspaceId);
  if (used > limits.workspaceBytes)
    throw badRequest(`The bots of a workspace keep at most ${sizeText(limits.workspaceBytes)} of images`);
}

/** What the images of a workspace's live bots weigh (an archived bot's went with it). */
export async function workspaceAssetBytes(db: Db, workspaceId: string): Promise<number> {
  const bots = await db.bot.findMany({ where: { workspaceId, isArchived: false }, select: { id: true } });
  let total = 0;
  for (let start = 0; start < bots.length; start += BOTS_PER_QUERY) {
    const { _sum } = await db.uploadedFile.aggregate({
      _sum: { size: true },
      where: {
        OR: bots
          .slice(start, start + BOTS_PER_QUERY)
          .map((bot) => ({ key: { startsWith: `${botAssetsPrefix(bot.id)}/` } })),
      },
    });
    total += _sum.size ?? 0;
  }
  return total;
}
