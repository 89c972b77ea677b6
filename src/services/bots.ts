import type { FileStore } from '../integrations/storage/file-store';
import type { Bot, Db } from '../db/client';
import { isRecord } from '../engine/json';
import { parseDefinition, type BotDefinition } from '../engine/definition/parse';
import { outlineOf, type Outline } from '../engine/definition/outline';
import { notFound } from '../errors';
import { pageRequest, toPage, type Page } from './pagination';
import { deleteBotAssets } from './bot-assets';
import { archiveResults } from './results';

// A workspace's bots as records: reading one (and its stored draft), listing
// them, archiving one. Creating and saving are bot-saves.ts, publishing
// bot-publishing.ts.

export type BotRecord = Bot;

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
