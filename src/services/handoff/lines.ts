import type { Db } from '../../db/client';
import { isUniqueViolation } from '../prisma-errors';
import type { AuthorKind, ConversationOutcome } from './types';

/** A line to append to a conversation. */
export interface NewLine {
  authorKind: AuthorKind;
  authorId?: string;
  authorName?: string;
  text: string;
  event?: ConversationOutcome;
  /** The bot's chat answer (JSON) when the line hands the conversation back. */
  response?: string;
  /** An agent's key for the message: the same key again is the same message. */
  clientKey?: string;
}

export interface LineRow {
  conversationId: string;
  seq: number;
  createdAt: Date;
  authorKind: string;
  authorId: string | null;
  authorName: string | null;
  text: string;
  event: string | null;
  response: string | null;
  clientKey: string | null;
}

type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/**
 * Appends lines in order: the conversation's `lastSeq` is taken and moved on
 * in the same transaction, so two writers (the agent on one process, the
 * visitor on another) never take the same place and order is kept.
 */
export async function appendLines(tx: Tx, conversationId: string, lines: NewLine[], now: Date): Promise<LineRow[]> {
  if (lines.length === 0) return [];
  const { lastSeq } = await tx.conversation.update({
    where: { id: conversationId },
    data: { lastSeq: { increment: lines.length } },
    select: { lastSeq: true },
  });
  const first = lastSeq - lines.length + 1;
  const rows = lines.map((line, index) => ({
    conversationId,
    seq: first + index,
    createdAt: now,
    authorKind: line.authorKind,
    authorId: line.authorId ?? null,
    authorName: line.authorName ?? null,
    text: line.text,
    event: line.event ?? null,
    response: line.response ?? null,
    clientKey: line.clientKey ?? null,
  }));
  await tx.conversationMessage.createMany({ data: rows });
  return rows;
}

/**
 * Appends one line; an agent's message sent again under the same key (a retry)
 * is the message already there, never a second one.
 */
export async function appendLine(
  db: Db,
  conversationId: string,
  line: NewLine,
  now: Date,
): Promise<{ row: LineRow; isNew: boolean }> {
  const existing = () =>
    line.clientKey
      ? db.conversationMessage.findUnique({
          where: { conversationId_clientKey: { conversationId, clientKey: line.clientKey } },
        })
      : Promise.resolve(null);
  const before = await existing();
  if (before) return { row: before, isNew: false };
  try {
    const [row] = await db.$transaction((tx) => appendLines(tx, conversationId, [line], now));
    return { row: row!, isNew: true };
  } catch (error) {
    if (!isUniqueViolation(error, 'clientKey')) throw error;
    const raced = await existing();
    if (!raced) throw error;
    return { row: raced, isNew: false };
  }
}
