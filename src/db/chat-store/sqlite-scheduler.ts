import type Database from 'better-sqlite3';

// This connection never waits inside SQLite for a lock: better-sqlite3 waits
// by blocking the thread, which would also keep Prisma's connection from
// finishing the transaction that holds the lock. A busy database is retried
// after yielding to the event loop instead (`whenFree`), and claims and turn
// commits are written in groups (`batched`).

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}

export interface SqliteScheduler {
  whenFree<T>(sql: string, work: () => T): Promise<T>;
  batched<I, O>(each: (item: I) => O): (item: I) => Promise<O>;
}

/**
 * @param onStatement told of each operation with its duration (ms): a claim
 *   as its UPDATE, a commit as one transaction.
 */
export function sqliteScheduler(
  connection: Database.Database,
  busyTimeoutMs: number,
  onStatement?: (sql: string, durationMs: number) => void,
): SqliteScheduler {
  /**
   * Group commit: the calls made in the same turn of the event loop (by
   * concurrent visitors) run in one write transaction, each isolated (a turn
   * in its own savepoint, so a lost claim or a failing statement rolls back
   * that turn alone). A write transaction's fixed cost (the lock, the WAL
   * frames of the table and index pages the rows share) is paid once per
   * batch: 1 worker went from ~700 to ~1,490 conversations/s (bench/README.md).
   * Every batched kind (session claims, turn commits) shares the one queue:
   * one transaction a tick, not one per kind (the claims and the commits of a
   * tick touch the same session pages).
   */
  type Job = { run(): unknown; resolve(value: unknown): void; reject(error: unknown): void };
  type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };
  const runJobs = connection.transaction((jobs: Job[]): Outcome[] =>
    jobs.map((job) => {
      try {
        return { ok: true, value: job.run() };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );
  let waiting: Job[] = [];
  async function flush(): Promise<void> {
    const batch = waiting;
    waiting = [];
    try {
      // IMMEDIATE: the write lock is taken first, so a busy database fails before any statement ran.
      const outcomes = await whenFree('BEGIN (turn batch)', () => runJobs.immediate(batch));
      batch.forEach((job, index) => {
        const outcome = outcomes[index]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      });
    } catch (error) {
      for (const job of batch) job.reject(error);
    }
  }
  function batched<I, O>(each: (item: I) => O): (item: I) => Promise<O> {
    return (item) =>
      new Promise<O>((resolve, reject) => {
        waiting.push({ run: () => each(item), resolve: resolve as (value: unknown) => void, reject });
        if (waiting.length === 1) setImmediate(() => void flush());
      });
  }

  /** Runs `work` (synchronous: one statement or one transaction), retrying while another connection holds the write lock. */
  async function whenFree<T>(sql: string, work: () => T): Promise<T> {
    const giveUpAt = Date.now() + busyTimeoutMs;
    for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
      const began = performance.now();
      try {
        const value = work();
        onStatement?.(sql, performance.now() - began);
        return value;
      } catch (error) {
        if (!isBusy(error) || Date.now() + delay > giveUpAt) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  return { whenFree, batched };
}
