// A background loop over a queue (the inbox, the outbox): up to `concurrency`
// runners take one item after another until the queue has none left, started
// by a wake-up (work was just stored here) or by a poll timer (work stored by
// another process, left by a process that died, or come due since). A poll
// asks `pending` first when given: the claim goes through Prisma, and a
// server with no channel traffic should not load it (nor query through it)
// every second. Stopping lets the items in hand finish.

export interface WorkLoop {
  start(): void;
  /** Work may be waiting: a runner takes it up now rather than at the next poll. */
  wake(): void;
  /** No new item is taken; resolves once the runners have finished the ones in hand. */
  stop(): Promise<void>;
}

export interface WorkLoopOptions {
  /** Takes and handles one item; false when there was none. Never throws: a throw is reported and the runner pauses. */
  step(): Promise<boolean>;
  pollMs: number;
  /** A cheap look at the queue before a poll claims: false skips the poll. Wake-ups do not ask. */
  pending?(): Promise<boolean>;
  concurrency: number;
  onError(error: unknown): void;
}

export function workLoop(options: WorkLoopOptions): WorkLoop {
  const runners = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  /** Set by a wake-up: a runner about to finish for want of work looks once more. */
  let wanted = false;

  async function run(): Promise<void> {
    while (!stopped) {
      wanted = false;
      let worked: boolean;
      try {
        worked = await options.step();
      } catch (error) {
        // A failing database is not retried in a tight loop: the next poll tries again.
        options.onError(error);
        return;
      }
      if (!worked && !wanted) return;
    }
  }

  function wake(): void {
    if (stopped) return;
    wanted = true;
    if (runners.size >= options.concurrency) return;
    const runner = run().finally(() => runners.delete(runner));
    runners.add(runner);
  }

  let looking = false;
  async function poll(): Promise<void> {
    // Runners at work have the queue's attention already.
    if (!options.pending || runners.size > 0) return wake();
    if (looking) return;
    looking = true;
    try {
      if (await options.pending()) wake();
    } catch (error) {
      options.onError(error);
    } finally {
      looking = false;
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void poll(), options.pollMs);
      timer.unref();
      void poll();
    },
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(runners);
    },
  };
}
