import type { Db, LogRow as TurnLogRow, Prisma } from '../../db/client';
import type { BotDefinition } from '../../engine/definition/parse';
import type { StartInput } from '../../engine/chat';
import type { SessionState } from '../../engine/session';
import { draftDefinition } from '../bots';
import { storedResultVariables } from '../results';

// The rows the chat use cases read and write through Prisma, off the hot
// path the chat store's prepared statements serve (claims, commits).

/** A result a remember-user start continues: where its rows go on from. */
export type RestoredResult = NonNullable<StartInput['restored']>;

/** The bot's result `resultId`, unless archived, as a start restores it; null when there is none. */
export async function rememberedResult(db: Db, botId: string, resultId: string): Promise<RestoredResult | null> {
  const existing = await db.result.findFirst({ where: { id: resultId, botId, isArchived: false } });
  if (!existing) return null;
  // A remembered result's visited edges and history go on after their last rows (both are keyed resultId + index).
  const [lastEdge, lastSet] = await Promise.all([
    db.visitedEdge.findFirst({ where: { resultId }, orderBy: { index: 'desc' }, select: { index: true } }),
    db.setVariableHistoryItem.findFirst({ where: { resultId }, orderBy: { index: 'desc' }, select: { index: true } }),
  ]);
  return {
    variables: storedResultVariables(existing.variables),
    answers: [],
    visitedEdgeCount: lastEdge ? lastEdge.index + 1 : 0,
    setVariableHistoryIndex: lastSet ? lastSet.index + 1 : 0,
  };
}

/** The stored draft of a workspace's bot (not archived), or null. */
export async function storedDraft(db: Db, botId: string, workspaceId: string): Promise<BotDefinition | null> {
  const stored = await db.bot.findFirst({ where: { id: botId, workspaceId, isArchived: false } });
  return stored ? draftDefinition(stored) : null;
}

/** A session's stored state, or null. */
export async function sessionState(db: Db, sessionId: string): Promise<{ id: string; state: unknown } | null> {
  return db.chatSession.findUnique({ where: { id: sessionId }, select: { id: true, state: true } });
}

/**
 * Releases a session's claim outside a turn's commit, storing its new state
 * when given (its version bumped, as a commit does).
 */
export async function releaseSession(
  db: Db,
  session: { id: string; version: number },
  state: SessionState | undefined,
): Promise<void> {
  await db.chatSession.update({
    where: { id: session.id, version: session.version },
    data: {
      ...(state ? { state: state as unknown as Prisma.InputJsonValue, version: { increment: 1 } } : {}),
      claimedUntil: null,
    },
    select: { id: true },
  });
}

/** A bot's result (archived ones are gone) with the session it last chatted in; null when there is none. */
export function resultSession(
  db: Db,
  botId: string,
  resultId: string,
): Promise<{ lastChatSessionId: string | null } | null> {
  return db.result.findFirst({
    where: { id: resultId, botId, isArchived: false },
    select: { lastChatSessionId: true },
  });
}

export function countSessionLogs(db: Db, sessionId: string): Promise<number> {
  return db.log.count({ where: { sessionId } });
}

/** A log row as the turn commit writes it, its id left to the database. */
export type LogRow = Omit<TurnLogRow, 'id'>;

export async function saveLogs(db: Db, rows: LogRow[]): Promise<void> {
  await db.log.createMany({ data: rows });
}
