import type { ChatStore, Db, SessionRow } from '../../db/client';
import { recordClaimWait, recordSessionBusy } from '../../observability/metrics';
import { badRequest } from '../../errors';
import type { FileStore } from '../../integrations/storage/file-store';
import { deleteSessionFiles } from './session-files';

// A turn first claims its session (compare-and-set acting as a short lease), so
// two requests on one session never run side by side, in one process or across
// several sharing a database; the turn then commits all its writes at once.

export interface ClaimOptions {
  /** How long a claim protects a running turn (longer than the turn budget). */
  leaseMs: number;
  /** How long a second request waits for the claim before "Session busy". */
  waitMs: number;
}

export const DEFAULT_CLAIM: ClaimOptions = { leaseMs: 30_000, waitMs: 10_000 };

/** In-process queue per session: requests of this process wait here instead of polling the database. */
const localTails = new Map<string, Promise<void>>();

function tryClaim(store: ChatStore, sessionId: string, leaseMs: number): Promise<SessionRow | 'busy' | 'missing'> {
  const now = new Date();
  return store.claimSession(sessionId, new Date(now.getTime() + leaseMs), now);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps a claim alive while its turn runs (slow effects, code waiting for a
 * sandbox worker): the lease is pushed forward every third of its length.
 * The version is left alone, so the turn's commit still checks it; once the
 * commit bumped it, a late renewal matches nothing.
 */
function renewWhileRunning(store: ChatStore, session: SessionRow, leaseMs: number): () => void {
  const timer = setInterval(
    () => {
      store
        .renewClaim(session.id, session.version, new Date(Date.now() + leaseMs))
        .catch((error: unknown) => console.error('[parley] session lease renewal failed:', error));
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether `promise` settles within `ms` (the timer is cleared either way, so nothing lingers). */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `turn` holding the session's claim. The claimed row (its version bumped)
 * is handed to the turn, whose commit must release the claim; a failed turn
 * releases it here.
 */
export async function withClaimedSession<T>(
  store: ChatStore,
  sessionId: string,
  options: ClaimOptions,
  turn: (session: SessionRow) => Promise<T>,
): Promise<T> {
  const previous = localTails.get(sessionId) ?? Promise.resolve();
  let done!: () => void;
  const tail = new Promise<void>((resolve) => (done = resolve));
  const mine = previous.then(() => tail);
  localTails.set(sessionId, mine);
  const began = performance.now();
  const busy = () => {
    recordSessionBusy();
    return badRequest('Session busy');
  };
  try {
    const waitedUntil = Date.now() + options.waitMs;
    if (!(await settlesWithin(previous, options.waitMs))) throw busy();
    for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
      const claim = await tryClaim(store, sessionId, options.leaseMs);
      if (claim === 'missing') throw badRequest('Session not found');
      if (claim !== 'busy') {
        recordClaimWait((performance.now() - began) / 1000);
        const stopRenewing = renewWhileRunning(store, claim, options.leaseMs);
        try {
          // A turn that commits releases the claim in its own transaction.
          return await turn(claim);
        } catch (error) {
          await store.releaseClaim(sessionId, claim.version);
          throw error;
        } finally {
          stopRenewing();
        }
      }
      if (Date.now() + delay > waitedUntil) throw busy();
      await sleep(delay);
    }
  } finally {
    done();
    if (localTails.get(sessionId) === mine) localTails.delete(sessionId);
  }
}

/** Deletes sessions past their expiry (plus a grace period, so clients first see "expired"). */
export async function sweepExpiredSessions(
  db: Db,
  options: { now?: Date; graceMs?: number; files?: FileStore } = {},
): Promise<number> {
  const { now = new Date(), graceMs = 24 * 3600_000, files } = options;
  const expired = { expiresAt: { lt: new Date(now.getTime() - graceMs) } };
  // Sessions without a result keep their files under sessions/<id>: their ids first, so the files go with them.
  const withFiles = files
    ? (await db.chatSession.findMany({ where: { ...expired, resultId: null }, select: { id: true } })).map(
        (row) => row.id,
      )
    : [];
  // Only those whose files are listed go now: one that expired meanwhile waits for the next sweep, files and all.
  const { count } = await db.chatSession.deleteMany({
    where: files ? { ...expired, OR: [{ resultId: { not: null } }, { id: { in: withFiles } }] } : expired,
  });
  await deleteSessionFiles(db, files, withFiles);
  return count;
}
