import { WorkspaceRole, type Db } from '../db/client';

/** The roles the database knows (the GraphQL enum `WorkspaceRole`). */
export const WORKSPACE_ROLES = WorkspaceRole;
export type { WorkspaceRole };

export const ANY_ROLE: readonly WorkspaceRole[] = ['ADMIN', 'MEMBER', 'GUEST'];
export const EDITOR_ROLES: readonly WorkspaceRole[] = ['ADMIN', 'MEMBER'];
export const ADMIN_ONLY: readonly WorkspaceRole[] = ['ADMIN'];

/**
 * Per-request view of what the caller may reach: memberships are loaded once
 * (a user belongs to few workspaces) and bots are mapped to their workspace at
 * most once each.
 */
export class Access {
  private memberships: Promise<Map<string, WorkspaceRole>> | undefined;
  private readonly botWorkspaces = new Map<string, Promise<string | null>>();

  constructor(
    private readonly db: Db,
    readonly userId: string,
  ) {}

  private loadMemberships(): Promise<Map<string, WorkspaceRole>> {
    this.memberships ??= this.db.memberInWorkspace
      .findMany({ where: { userId: this.userId }, select: { workspaceId: true, role: true } })
      .then((rows) => new Map(rows.map((row) => [row.workspaceId, row.role])));
    return this.memberships;
  }

  /** The caller's role in the workspace, or null when not a member. */
  async roleIn(workspaceId: string): Promise<WorkspaceRole | null> {
    return (await this.loadMemberships()).get(workspaceId) ?? null;
  }

  /** The workspace of a live (non-archived) bot, or null when there is none. */
  workspaceOfBot(botId: string): Promise<string | null> {
    let found = this.botWorkspaces.get(botId);
    if (!found) {
      found = this.db.bot
        .findFirst({ where: { id: botId, isArchived: false }, select: { workspaceId: true } })
        .then((bot) => bot?.workspaceId ?? null);
      this.botWorkspaces.set(botId, found);
    }
    return found;
  }

  /** Memberships change inside this request (workspace created, member added). */
  forgetMemberships(): void {
    this.memberships = undefined;
  }
}
