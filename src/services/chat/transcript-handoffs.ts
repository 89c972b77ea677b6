import type { Db } from '../../db/client';

/** What a result's conversations with people add to its transcript, in the order they happened. */
export interface HandoffPart {
  /** What visitor and agents wrote (not the lines copied from before, nor the bot's). */
  lines: { role: 'user' | 'agent'; text: string; author?: string; blockId: string }[];
  /** Handed back (released, timedOut): where the bot went on. Otherwise the conversation stops there. */
  wentOn: boolean;
  groupId?: string;
}

/** The handoffs of a result, oldest first, each with its own lines. */
export async function handoffParts(db: Db, resultId: string): Promise<HandoffPart[]> {
  const conversations = await db.conversation.findMany({
    where: { resultId },
    orderBy: [{ waitingSince: 'asc' }, { id: 'asc' }],
    select: {
      blockId: true,
      outcome: true,
      releaseGroupId: true,
      transcriptLines: true,
      messages: {
        where: { authorKind: { in: ['visitor', 'agent'] } },
        orderBy: { seq: 'asc' },
        select: { seq: true, authorKind: true, authorName: true, text: true },
      },
    },
  });
  return conversations.map((conversation) => ({
    lines: conversation.messages
      .filter((line) => line.seq > conversation.transcriptLines)
      .map((line) =>
        line.authorKind === 'agent'
          ? {
              role: 'agent' as const,
              text: line.text,
              author: line.authorName ?? 'Agent',
              blockId: conversation.blockId,
            }
          : { role: 'user' as const, text: line.text, blockId: conversation.blockId },
      ),
    wentOn: conversation.outcome === 'released' || conversation.outcome === 'timedOut',
    ...(conversation.releaseGroupId ? { groupId: conversation.releaseGroupId } : {}),
  }));
}
