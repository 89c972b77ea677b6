import type { ResponseParts } from '../../engine/response';
import type { ChatMessage, InputObject, TextFormat } from '../../engine/wire';
import type { Db } from '../../db/client';
import type { LineRow } from './lines';
import { agentChatMessage, storedHandBack } from './visitor-messages';

/** What a visitor is given of a conversation's lines: agents' messages, and how it ended. */
export function isForVisitor(row: Pick<LineRow, 'authorKind' | 'event'>): boolean {
  return row.authorKind === 'agent' || row.event !== null;
}

/** The visitor's part of lines after `afterSeq`, in order, with the agents' pictures. */
export async function visitorLines(db: Db, conversationId: string, afterSeq: number, limit = 500) {
  const rows = await db.conversationMessage.findMany({
    where: { conversationId, seq: { gt: afterSeq } },
    orderBy: { seq: 'asc' },
    take: limit,
  });
  const authorIds = [...new Set(rows.flatMap((row) => (row.authorId ? [row.authorId] : [])))];
  const images = new Map(
    (authorIds.length
      ? await db.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, image: true } })
      : []
    ).map((user) => [user.id, user.image]),
  );
  return { rows, imageOf: (row: LineRow) => (row.authorId ? (images.get(row.authorId) ?? null) : null) };
}

/** Moves the visitor's mark on: what it was given is not owed again. Never back. */
export async function markGiven(db: Db, conversationId: string, seq: number): Promise<void> {
  await db.conversation.updateMany({
    where: { id: conversationId, visitorSeq: { lt: seq } },
    data: { visitorSeq: seq },
  });
}

/**
 * The chat answer that gives a visitor what they are owed (messages after
 * their mark): agents' words, then, when the conversation was handed back,
 * what the bot said and the input it asks with. `input`: what the visitor
 * writes in while the person still has the conversation.
 */
export async function owedAnswer(
  db: Db,
  conversation: { id: string; visitorSeq: number },
  format: TextFormat,
  whileOpen: { input: InputObject; status: 'waiting' | 'active' } | undefined,
): Promise<ResponseParts> {
  const { rows, imageOf } = await visitorLines(db, conversation.id, conversation.visitorSeq);
  const messages: ChatMessage[] = [];
  let handBack: ResponseParts | undefined;
  let last = conversation.visitorSeq;
  for (const row of rows) {
    last = row.seq;
    if (row.authorKind === 'agent') messages.push(agentChatMessage(row, imageOf(row), format));
    const stored = storedHandBack(row);
    if (stored) handBack = stored;
  }
  if (last > conversation.visitorSeq) await markGiven(db, conversation.id, last);
  if (handBack) return { ...handBack, messages: [...messages, ...handBack.messages] };
  if (whileOpen) return { messages, input: whileOpen.input, handoff: { status: whileOpen.status } };
  return { messages };
}
