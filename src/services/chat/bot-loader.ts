import type { ChatStore } from '../../db/chat-store/types';
import type { Db } from '../../db/client';
import { parseDefinition } from '../../engine/definition/parse';
import { blocksWithHandlers } from '../../engine/blocks/registry';
import { toRuntimeBot } from '../../engine/definition/runtime';
import type { BotRef } from '../../engine/session';
import type { RuntimeBot } from '../../engine/definition/runtime-bot';
import { draftDefinition } from '../bots';
import { badRequest } from '../../errors';

/**
 * Published snapshots are immutable, so a process caches them parsed by
 * (botId, revision) for as long as it likes (with what hangs off them: flow
 * graphs, link targets); the size bounds memory only. Least recently used
 * first out: a Map keeps insertion order, and a hit moves its entry last.
 */
let maxCached = 500;
const snapshots = new Map<string, RuntimeBot>();

/** PARLEY_SNAPSHOT_CACHE, set once at start-up. */
export function setSnapshotCacheSize(size: number): void {
  maxCached = Math.max(1, size);
  evictOver(maxCached);
}

/**
 * Empties the cache. A server starts with it: another server that ran earlier
 * in this process (tests run many, one database each) may have cached the
 * same bot ids and revisions from its own database.
 */
export function forgetSnapshots(): void {
  snapshots.clear();
}

/** Drops the least recently used revisions until at most `size` remain. */
function evictOver(size: number): void {
  while (snapshots.size > size) snapshots.delete(snapshots.keys().next().value!);
}

function remember(key: string, bot: RuntimeBot): RuntimeBot {
  evictOver(maxCached - 1);
  snapshots.set(key, bot);
  return bot;
}

function recall(key: string): RuntimeBot | undefined {
  const bot = snapshots.get(key);
  if (bot) {
    snapshots.delete(key);
    snapshots.set(key, bot);
  }
  return bot;
}

/** Where published snapshots are read: the chat store on the chat path, Prisma elsewhere. */
export type SnapshotSource = Pick<ChatStore, 'snapshotDefinition'>;

export function prismaSnapshots(db: Db): SnapshotSource {
  return {
    snapshotDefinition: async (botId, revision) =>
      (await db.botSnapshot.findUnique({ where: { botId_revision: { botId, revision } } }))?.definition,
  };
}

export async function loadSnapshot(
  source: SnapshotSource,
  botId: string,
  revision: number,
): Promise<RuntimeBot | null> {
  const key = `${botId}:${revision}`;
  const cached = recall(key);
  if (cached) return cached;
  const definition = await source.snapshotDefinition(botId, revision);
  if (definition === undefined) return null;
  // Validated when published; parsed again here, once per revision and process (the result is cached).
  const parsed = parseDefinition(definition);
  if (!parsed.ok) throw new Error(`snapshot ${key} no longer parses: ${parsed.issues[0]?.message ?? 'invalid'}`);
  return remember(key, toRuntimeBot(botId, parsed.definition));
}

/** Definitions carried in a session (previews) were validated when the session started. */
export function inlineBot(botId: string, definition: unknown): RuntimeBot {
  const parsed = parseDefinition(definition);
  if (!parsed.ok) throw new Error(`inline definition of ${botId} no longer parses`);
  return toRuntimeBot(botId, parsed.definition);
}

function refKey(ref: BotRef): string {
  // Within one session a bot id has a single inline definition.
  return ref.kind === 'snapshot' ? `snapshot:${ref.botId}:${ref.revision}` : `inline:${ref.botId}`;
}

/** The definitions one turn may need, resolved synchronously by the engine. */
export class BotLibrary {
  private readonly bots = new Map<string, RuntimeBot>();

  add(ref: BotRef, bot: RuntimeBot): void {
    this.bots.set(refKey(ref), bot);
  }

  /** Loads what the session's queue refers to. */
  async load(source: SnapshotSource, refs: BotRef[]): Promise<this> {
    for (const ref of refs) {
      if (this.bots.has(refKey(ref))) continue;
      const bot =
        ref.kind === 'snapshot'
          ? await loadSnapshot(source, ref.botId, ref.revision)
          : inlineBot(ref.botId, ref.definition);
      if (!bot) throw badRequest('Bot not found');
      this.add(ref, bot);
    }
    return this;
  }

  readonly resolve = (ref: BotRef): RuntimeBot => {
    const bot = this.bots.get(refKey(ref));
    if (bot) return bot;
    if (ref.kind === 'inline') {
      const parsed = inlineBot(ref.botId, ref.definition);
      this.add(ref, parsed);
      return parsed;
    }
    throw new Error(`bot ${ref.botId} revision ${ref.revision} was not loaded for this turn`);
  };
}

/** A bot linked from a running one: same workspace; live chats run its published snapshot, previews its draft. */
export async function loadLinkedBot(
  db: Db,
  botId: string,
  workspaceId: string,
  isPreview: boolean,
): Promise<{ bot: RuntimeBot; ref: BotRef } | null> {
  const row = await db.bot.findFirst({ where: { id: botId, workspaceId, isArchived: false } });
  if (!row) return null;
  if (isPreview) {
    const definition = draftDefinition(row);
    return { bot: toRuntimeBot(row.id, definition), ref: { kind: 'inline', botId: row.id, definition } };
  }
  if (row.publishedRevision === null) return null;
  const bot = await loadSnapshot(prismaSnapshots(db), row.id, row.publishedRevision);
  return bot ? { bot, ref: { kind: 'snapshot', botId: row.id, revision: row.publishedRevision } } : null;
}

/** Bots loaded for the progress bar's look through links, at most (each a distinct bot id tried). */
export const MAX_PROGRESS_LINKED_BOTS = 32;

/** Link targets by runtime bot: a snapshot's bot is shared, so its blocks are scanned once, not per turn. */
const linkTargetsOf = new WeakMap<RuntimeBot, string[]>();

/** Ids of the other bots a bot's link blocks target (not `current`, not itself). */
function linkTargets(bot: RuntimeBot): string[] {
  const known = linkTargetsOf.get(bot);
  if (known) return known;
  const ids = new Set<string>();
  for (const [block, handler] of blocksWithHandlers(bot.groups)) {
    const botId = handler.linkTarget?.(block)?.botId;
    if (botId !== undefined && botId !== 'current' && botId !== bot.id) ids.add(botId);
  }
  const targets = [...ids];
  linkTargetsOf.set(bot, targets);
  return targets;
}

/**
 * The bots that link-to-bot blocks of `bots` (and, transitively, of the bots
 * they link to) point to, as the engine would run them on following the link
 * (loadLinkedBot: same workspace, published snapshot live, draft in preview),
 * by bot id. Bounded by MAX_PROGRESS_LINKED_BOTS ids tried; an id that cannot
 * be run is absent. Used only to measure progress.
 */
export async function loadLinkedBots(
  db: Db,
  bots: RuntimeBot[],
  workspaceId: string,
  isPreview: boolean,
): Promise<Map<string, RuntimeBot>> {
  const found = new Map<string, RuntimeBot>();
  // A preview of a body definition by a non-member has no workspace: nothing can be linked.
  if (workspaceId === '') return found;
  const tried = new Set<string>();
  let level = bots;
  while (level.length > 0 && tried.size < MAX_PROGRESS_LINKED_BOTS) {
    const ids: string[] = [];
    for (const bot of level) {
      for (const id of linkTargets(bot)) {
        if (tried.has(id) || tried.size >= MAX_PROGRESS_LINKED_BOTS) continue;
        tried.add(id);
        ids.push(id);
      }
    }
    const loaded = await Promise.all(ids.map((id) => loadLinkedBot(db, id, workspaceId, isPreview)));
    level = [];
    ids.forEach((id, index) => {
      const linked = loaded[index];
      if (!linked) return;
      found.set(id, linked.bot);
      level.push(linked.bot);
    });
  }
  return found;
}
