// The inbox and the outbox are queues whose rows are taken up one conversation
// at a time. Taking a row is a conditional UPDATE that re-checks, in the same
// statement, that no earlier row of its conversation is still pending; this
// module makes that check hold when several processes claim at once.
import type { Db, Prisma } from '../../db/client';
import type { Provider } from '../../db/database-url';

/** A client or an interactive transaction's client. */
export type Client = Db | Prisma.TransactionClient;

/** The two queues lock in separate key spaces: taking up an event does not hold up a delivery. */
export const LOCK_SPACE = { events: 0x70_61_72_01, deliveries: 0x70_61_72_02 } as const;

/** The database behind a Prisma client (both generated clients record the provider they were generated for). */
export function providerOf(db: Client): Provider {
  const provider = (db as unknown as { _activeProvider?: unknown })._activeProvider;
  if (provider === 'sqlite' || provider === 'postgresql') return provider;
  // A Prisma upgrade that renamed the field must fail here, not silently drop the PostgreSQL lock.
  throw new Error(`Cannot tell the database of this Prisma client (${String(provider)})`);
}

/**
 * Runs `claim` (one conditional UPDATE) so that no other process claims in
 * the same conversation meanwhile, and answers what it answered. PostgreSQL:
 * in a transaction holding an advisory lock on the conversation, taken before
 * the UPDATE so that its snapshot includes whatever the last holder committed
 * (`held` without running it when another process holds the lock: that
 * process is claiming in the conversation right now). SQLite writes one
 * statement at a time, across processes too: the UPDATE alone is atomic.
 */
export async function claimInConversation<T>(
  db: Db,
  space: number,
  conversation: { credentialsId: string; conversationKey: string },
  claim: (client: Client) => Promise<T>,
  held: T,
): Promise<T> {
  if (providerOf(db) === 'sqlite') return claim(db);
  return db.$transaction(async (tx) => {
    const key = `${conversation.credentialsId}/${conversation.conversationKey}`;
    const [row] = await tx.$queryRaw<{ locked: boolean }[]>`
      SELECT pg_try_advisory_xact_lock(${space}::int, hashtext(${key})) AS "locked"`;
    return row?.locked ? claim(tx) : held;
  });
}
