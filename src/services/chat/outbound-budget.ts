import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Logger } from '../../observability/logger';

// How many requests to the outside world (HTTP request blocks, AI calls, the
// `fetch` of server-side code) one chat turn and one workspace may make
// (docs/security.md#outbound-requests-per-turn-and-workspace). One small
// request could otherwise make thousands: a preview of 30 replies, each
// walking a loop of HTTP blocks, sent 2,000 requests to a third-party host.
// The workspace's count is this process's (several processes each allow it).

export interface OutboundLimits {
  /** PARLEY_OUTBOUND_PER_TURN */
  perTurn: number;
  /** PARLEY_OUTBOUND_PER_WORKSPACE_MINUTE */
  perWorkspaceMinute: number;
}

export const DEFAULT_OUTBOUND_LIMITS: OutboundLimits = { perTurn: 50, perWorkspaceMinute: 1000 };

/** The process's count of each workspace's requests, a minute at a time. */
export class WorkspaceOutbound {
  private readonly minute: RateLimiterMemory;
  /** Workspaces whose bound was logged in the current minute: one line each, not one per refusal. */
  private readonly told = new Map<string, number>();

  constructor(
    readonly limits: OutboundLimits,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {
    this.minute = new RateLimiterMemory({ points: limits.perWorkspaceMinute, duration: 60 });
  }

  /** Requests the workspace may still make this minute. */
  async left(workspaceId: string): Promise<number> {
    const used = await this.minute.get(workspaceId);
    return Math.max(0, this.limits.perWorkspaceMinute - (used?.consumedPoints ?? 0));
  }

  /** Counts `count` requests made (they were sent: nothing refuses here). */
  async spent(workspaceId: string, count: number): Promise<void> {
    if (count > 0) await this.minute.penalty(workspaceId, count);
  }

  /** Takes one request; false when the workspace's minute is used up (logged once a minute). */
  async take(workspaceId: string): Promise<boolean> {
    if ((await this.left(workspaceId)) > 0) {
      await this.minute.penalty(workspaceId, 1);
      return true;
    }
    this.reached(workspaceId);
    return false;
  }

  reached(workspaceId: string): void {
    const now = Date.now();
    const last = this.told.get(workspaceId);
    if (last !== undefined && now - last < 60_000) return;
    this.told.set(workspaceId, now);
    for (const [id, at] of this.told) if (now - at >= 60_000) this.told.delete(id);
    this.logger?.warn(
      {
        workspaceId,
        limit: this.limits.perWorkspaceMinute,
        setting: 'PARLEY_OUTBOUND_PER_WORKSPACE_MINUTE',
      },
      "a workspace's bots reached their outbound requests per minute: more are refused until the minute ends",
    );
  }
}

export const perTurnReached = (limit: number) =>
  `Not sent: this turn already made ${limit} requests, the most one turn may make (PARLEY_OUTBOUND_PER_TURN)`;
export const perWorkspaceReached = (limit: number) =>
  `Not sent: this workspace's bots already made ${limit} requests this minute (PARLEY_OUTBOUND_PER_WORKSPACE_MINUTE)`;

/** One turn's share: its own count, and its workspace's. */
export class TurnOutbound {
  private made = 0;

  constructor(
    private readonly workspace: WorkspaceOutbound,
    private readonly workspaceId: string,
  ) {}

  /** Takes one request: null when it may be sent, else why not (the block logs it). */
  async take(): Promise<string | null> {
    const { perTurn, perWorkspaceMinute } = this.workspace.limits;
    if (this.made >= perTurn) return perTurnReached(perTurn);
    if (!(await this.workspace.take(this.workspaceId))) return perWorkspaceReached(perWorkspaceMinute);
    this.made += 1;
    return null;
  }

  /** How many requests a run of code may make now, and what it is told past them (null: none left to say). */
  async forCode(): Promise<{ max: number; message: string }> {
    const { perTurn, perWorkspaceMinute } = this.workspace.limits;
    const turnLeft = perTurn - this.made;
    const workspaceLeft = await this.workspace.left(this.workspaceId);
    if (workspaceLeft < turnLeft) {
      if (workspaceLeft === 0) this.workspace.reached(this.workspaceId);
      return { max: workspaceLeft, message: `fetch: ${perWorkspaceReached(perWorkspaceMinute)}` };
    }
    return { max: Math.max(0, turnLeft), message: `fetch: ${perTurnReached(perTurn)}` };
  }

  /** Counts what a run of code sent. */
  async spentByCode(count: number): Promise<void> {
    this.made += count;
    await this.workspace.spent(this.workspaceId, count);
  }
}
