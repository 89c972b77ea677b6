import type { Db, Plan } from '../db/client';
import { workspaceUsage, type Usage } from './billing';
import { getWorkspace } from './workspaces';

// The chats quota. The reference counts a workspace's chats (results with an
// answer, this calendar month) against its plan or its customChatsLimit, and
// an hourly job quarantines a workspace far over it; quarantined, its bots
// answer "This bot is now closed". Parley checks at each chat start instead:
// a workspace at its limit starts no new chats, conversations already under
// way finish. The count is cached per workspace for a short while, so a busy
// bot may overshoot by the chats of that while, never by more.

/** The reference's plan limits (null: unlimited). */
export const PLAN_CHATS_LIMITS: Record<Plan, number | null> = {
  FREE: 200,
  STARTER: 2000,
  PRO: 10_000,
  LIFETIME: null,
  OFFERED: null,
  CUSTOM: null,
  UNLIMITED: null,
};

export interface QuotaPolicy {
  /** PARLEY_ENFORCE_PLAN_LIMITS: apply the plan limits above; without it only customChatsLimit limits (a self-hosted server has no plans to sell). */
  enforcePlanLimits: boolean;
  /** PARLEY_QUOTA_CACHE_MS: how long a workspace's count is reused. */
  cacheMs: number;
}

/** The chats a workspace may use this period, or null for no limit. */
export function chatsLimit(
  policy: QuotaPolicy,
  workspace: { plan: Plan; customChatsLimit: number | null },
): number | null {
  if (workspace.customChatsLimit !== null) return workspace.customChatsLimit;
  return policy.enforcePlanLimits ? PLAN_CHATS_LIMITS[workspace.plan] : null;
}

export interface ChatQuota {
  policy: QuotaPolicy;
  /** Whether the workspace may start one more chat under its limit. */
  allowsNewChat(workspaceId: string, workspace: { plan: Plan; customChatsLimit: number | null }): Promise<boolean>;
}

export function chatQuota(db: Db, policy: QuotaPolicy, now: () => number = Date.now): ChatQuota {
  const counts = new Map<string, { used: Promise<number>; at: number }>();
  return {
    policy,
    async allowsNewChat(workspaceId, workspace) {
      const limit = chatsLimit(policy, workspace);
      if (limit === null) return true;
      let cached = counts.get(workspaceId);
      if (!cached || now() - cached.at >= policy.cacheMs) {
        cached = { used: workspaceUsage(db, workspaceId).then((usage) => usage.totalChatsUsed), at: now() };
        // A failed count is not remembered.
        cached.used.catch(() => counts.delete(workspaceId));
        counts.set(workspaceId, cached);
        // Bounded: entries of quiet workspaces go once stale.
        if (counts.size > 10_000)
          for (const [id, entry] of counts) if (now() - entry.at >= policy.cacheMs) counts.delete(id);
      }
      return (await cached.used) < limit;
    },
  };
}

/** A workspace's usage this period with the limit it is held to (null: none). */
export async function usageAgainstLimit(
  db: Db,
  policy: QuotaPolicy,
  workspaceId: string,
): Promise<Usage & { chatsLimit: number | null }> {
  const [usage, workspace] = await Promise.all([workspaceUsage(db, workspaceId), getWorkspace(db, workspaceId)]);
  return { ...usage, chatsLimit: chatsLimit(policy, workspace) };
}
