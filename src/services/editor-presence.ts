import { z } from 'zod';
import type { Db, User } from '../db/client';
import type { EditorTab } from './live/events';
import type { LiveResults } from './live/live-results';
import { parseInput } from './validation';

/**
 * Who has a bot open in the editor. Each editor tab heartbeats under a random
 * key of its own; a tab counts as present while its last heartbeat is recent.
 * State lives in the database (not in memory) because the processes sharing
 * one database each serve some of the tabs.
 *
 * A tab is its user and its key together: every read and write here is of the
 * caller's own rows, so a key someone else learnt or guessed opens another tab
 * of theirs, and never refreshes, takes over or closes the owner's.
 */

/** A tab heartbeats every 15 s: three missed beats and it no longer counts. */
export const PRESENT_FOR_MS = 45_000;
/** Tabs that vanished without saying so (crash, lost network) are deleted after this. */
export const FORGET_AFTER_MS = 10 * 60_000;
/** How often one process sweeps forgotten tabs (readers do it; there is no background job). */
const SWEEP_EVERY_MS = 60_000;

/** What one tab has selected on the canvas: a group, a block (with its group), or nothing. */
export interface EditorSelection {
  groupId: string | null;
  blockId: string | null;
}

export interface BotEditor {
  user: User;
  /** The user's latest heartbeat on the bot, over all their tabs. */
  since: Date;
  /** What each of the user's tabs has selected, for the tabs that have something selected. */
  selections: EditorSelection[];
}

/**
 * Chosen by the browser: bounded so a caller cannot store arbitrary text. The
 * key is never shown to another user (nor is it what makes a tab someone's:
 * rows are keyed by user too).
 */
const sessionKeySchema = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9_-]*$/, 'must be letters, digits, _ or -');

export function parseSessionKey(sessionKey: string): string {
  return parseInput(sessionKeySchema, sessionKey, ['sessionKey']);
}

/**
 * Ids of the draft as the browser names them, bounded as the session key is:
 * they are stored and shown to the other editors, but never checked against
 * the draft (a selection that names nothing there is drawn nowhere).
 */
const selectedIdSchema = sessionKeySchema.nullish().transform((id) => id ?? null);

const selectionSchema = z.object({ groupId: selectedIdSchema, blockId: selectedIdSchema }).nullable();

/** null (or both ids absent): nothing selected. */
export function parseSelection(
  selection: { groupId?: string | null; blockId?: string | null } | null,
): EditorSelection {
  return parseInput(selectionSchema, selection, ['selection']) ?? { groupId: null, blockId: null };
}

export interface Heartbeat {
  botId: string;
  userId: string;
  sessionKey: string;
  /** What the tab has selected now; undefined keeps what it had (a beat that only says "still here"). */
  selection?: { groupId?: string | null; blockId?: string | null } | null;
}

/**
 * Records the tab as present (and its selection). Only a change others would
 * see is announced on the live channel: the tab arriving (or coming back after
 * counting as gone), or selecting something else. A beat that changes nothing
 * announces nothing, so editors re-reading on each other's events cannot loop.
 */
export async function heartbeat(db: Db, live: LiveResults, beat: Heartbeat, now: Date): Promise<void> {
  const key = parseSessionKey(beat.sessionKey);
  const selection = beat.selection === undefined ? undefined : parseSelection(beat.selection);
  const where = { botId_userId_sessionKey: { botId: beat.botId, userId: beat.userId, sessionKey: key } };
  const before = await db.botEditorPresence.findUnique({ where });
  await db.botEditorPresence.upsert({
    where,
    create: { botId: beat.botId, userId: beat.userId, sessionKey: key, seenAt: now, ...selection },
    update: { seenAt: now, ...selection },
  });
  const arrived = !before || before.seenAt.getTime() < now.getTime() - PRESENT_FOR_MS;
  const moved =
    selection !== undefined && (before?.groupId !== selection.groupId || before?.blockId !== selection.blockId);
  if (arrived || moved) live.publish([{ event: 'editors', botId: beat.botId, userId: beat.userId, sessionKey: key }]);
}

/**
 * The users with the bot open, but for the caller's own tab (their other tabs
 * do count: "you, in another tab" is worth knowing before overwriting a save).
 * One entry per user, ordered by e-mail so the list does not reshuffle between
 * heartbeats.
 */
export async function editorsOf(db: Db, botId: string, except: EditorTab, now: Date): Promise<BotEditor[]> {
  await sweepNowAndThen(db, now);
  const rows = await db.botEditorPresence.findMany({
    where: {
      botId,
      seenAt: { gte: new Date(now.getTime() - PRESENT_FOR_MS) },
      // Only the caller's own tab: another user's tab sent under the same key is listed.
      NOT: { userId: except.userId, sessionKey: except.sessionKey },
    },
    include: { user: true },
  });
  const byUser = new Map<string, BotEditor>();
  for (const row of rows) {
    let editor = byUser.get(row.userId);
    if (!editor) byUser.set(row.userId, (editor = { user: row.user, since: row.seenAt, selections: [] }));
    if (editor.since < row.seenAt) editor.since = row.seenAt;
    if (row.groupId !== null || row.blockId !== null)
      editor.selections.push({ groupId: row.groupId, blockId: row.blockId });
  }
  const editors = [...byUser.values()].sort((a, b) => a.user.email.localeCompare(b.user.email));
  // Ordered by what is selected (not by tab) so the list does not reshuffle between reads.
  for (const editor of editors) editor.selections.sort((a, b) => selectionKey(a).localeCompare(selectionKey(b)));
  return editors;
}

const selectionKey = (selection: EditorSelection) => `${selection.groupId ?? ''} ${selection.blockId ?? ''}`;

/** Whether the caller's tab was still recorded (another user's tab under the same key is not the caller's). */
export async function leave(
  db: Db,
  live: LiveResults,
  botId: string,
  userId: string,
  sessionKey: string,
): Promise<boolean> {
  const key = parseSessionKey(sessionKey);
  const { count } = await db.botEditorPresence.deleteMany({ where: { botId, userId, sessionKey: key } });
  if (count > 0) live.publish([{ event: 'editors', botId, userId, sessionKey: key }]);
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
