import { z } from 'zod';
import type { Db, User } from '../db/client';
import { parseInput } from './validation';

/**
 * Who has a bot open in the editor. Each editor tab heartbeats under a random
 * key of its own; a tab counts as present while its last heartbeat is recent.
 * State lives in the database (not in memory) because the processes sharing
 * one database each serve some of the tabs.
 */

/** A tab heartbeats every 15 s: three missed beats and it no longer counts. */
export const PRESENT_FOR_MS = 45_000;
/** Tabs that vanished without saying so (crash, lost network) are deleted after this. */
export const FORGET_AFTER_MS = 10 * 60_000;
/** How often one process sweeps forgotten tabs (readers do it; there is no background job). */
const SWEEP_EVERY_MS = 60_000;

export interface BotEditor {
  user: User;
  /** The user's latest heartbeat on the bot, over all their tabs. */
  since: Date;
}

/**
 * Chosen by the browser: bounded so a caller cannot store arbitrary text. The
 * key is never shown to anyone else, which is what keeps one member's tab
 * from being refreshed or closed by another.
 */
const sessionKeySchema = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]*$/, 'must be letters, digits, _ or -');

export function parseSessionKey(sessionKey: string): string {
  return parseInput(sessionKeySchema, sessionKey, ['sessionKey']);
}

export async function heartbeat(db: Db, botId: string, userId: string, sessionKey: string, now: Date): Promise<void> {
  const key = parseSessionKey(sessionKey);
  await db.botEditorPresence.upsert({
    where: { botId_sessionKey: { botId, sessionKey: key } },
    create: { botId, userId, sessionKey: key, seenAt: now },
    update: { userId, seenAt: now },
  });
}

/**
 * The users with the bot open, but for the caller's own tab (their other tabs
 * do count: "you, in another tab" is worth knowing before overwriting a save).
 * One entry per user, ordered by e-mail so the list does not reshuffle between
 * heartbeats.
 */
export async function editorsOf(db: Db, botId: string, exceptSessionKey: string, now: Date): Promise<BotEditor[]> {
  await sweepNowAndThen(db, now);
  const rows = await db.botEditorPresence.findMany({
    where: { botId, seenAt: { gte: new Date(now.getTime() - PRESENT_FOR_MS) }, sessionKey: { not: exceptSessionKey } },
    include: { user: true },
  });
  const byUser = new Map<string, BotEditor>();
  for (const row of rows) {
    const known = byUser.get(row.userId);
    if (!known || known.since < row.seenAt) byUser.set(row.userId, { user: row.user, since: row.seenAt });
  }
  return [...byUser.values()].sort((a, b) => a.user.email.localeCompare(b.user.email));
}

/** Whether the tab was still recorded. */
export async function leave(db: Db, botId: string, sessionKey: string): Promise<boolean> {
  const key = parseSessionKey(sessionKey);
  const { count } = await db.botEditorPresence.deleteMany({ where: { botId, sessionKey: key } });
  return count > 0;
}

/** Per database client, so each process (and each test server) keeps its own pace. */
const lastSweep = new WeakMap<Db, number>();

/**
 * Deletes forgotten tabs of every bot, not just this one: a bot nobody opens
 * again would otherwise keep its rows. At most once a minute per process, so
 * the heartbeat path stays a read and an upsert.
 */
async function sweepNowAndThen(db: Db, now: Date): Promise<void> {
  const last = lastSweep.get(db);
  if (last !== undefined && now.getTime() - last < SWEEP_EVERY_MS && now.getTime() >= last) return;
  lastSweep.set(db, now.getTime());
  await db.botEditorPresence.deleteMany({ where: { seenAt: { lt: new Date(now.getTime() - FORGET_AFTER_MS) } } });
}
