import type { Db } from '../../db/client';
import { AppError } from '../../errors';

/** How long one process may take to end a conversation before another may try (it died meanwhile). */
const ENDING_LEASE_MS = 60_000;

/**
 * Claims the right to end an open conversation (hand back, close, time out),
 * across processes: false when it has ended or someone is ending it now.
 */
export async function claimEnding(db: Db, conversationId: string, now = new Date()): Promise<boolean> {
  const { count } = await db.conversation.updateMany({
    where: {
      id: conversationId,
      status: { in: ['waiting', 'active'] },
      OR: [{ endingUntil: null }, { endingUntil: { lt: now } }],
    },
    data: { endingUntil: new Date(now.getTime() + ENDING_LEASE_MS) },
  });
  return count === 1;
}

/** A claim given up (the end failed): another attempt may take it at once. */
export async function dropEnding(db: Db, conversationId: string): Promise<void> {
  await db.conversation.updateMany({
    where: { id: conversationId, status: { not: 'closed' } },
    data: { endingUntil: null },
  });
}

export const conversationEnded = () => new AppError('CONFLICT', 'This conversation has ended');
