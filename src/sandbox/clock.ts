import type { Limits } from './limits';

/** The run's clock: its deadline moves by the time spent waiting for fetches, which have a budget of their own. */
export class RunClock {
  private deadline: number;
  private fetchDeadline: number;
  constructor(limits: Limits) {
    this.deadline = Date.now() + limits.timeoutMs;
    this.fetchDeadline = Date.now() + limits.fetchBudgetMs;
  }
  expired(): boolean {
    return Date.now() > this.deadline;
  }
  /** What is left of the fetch budget (ms). */
  fetchTimeLeft(): number {
    return Math.max(0, this.fetchDeadline - Date.now());
  }
  async waitFor(promise: Promise<unknown>): Promise<void> {
    const started = Date.now();
    await promise;
    this.deadline += Date.now() - started;
  }
}
