import { z } from 'zod';
import type { Db, Invitation, Workspace, WorkspaceRole } from '../db/client';
import { badRequest, notFound } from '../errors';
import { email, parseInput } from './validation';

// Membership needs the invitee's consent: an ADMIN invites an e-mail address;
// the person signed in with that address accepts or declines. Inviting answers
// the same whether or not the address has an account (nothing of the user is
// disclosed), and creates no user: someone without an account gets one by
// signing in with an e-mailed link, which a pending invitation allows.

/** How long an invitation waits for its answer. */
export const INVITATION_TTL_MS = 14 * 24 * 3600_000;

const inviteInput = z.object({ email });

export type InvitationWithWorkspace = Invitation & { workspace: Pick<Workspace, 'id' | 'name' | 'icon'> };

/** Invites `email` to the workspace (again: a pending invitation gets the new role and a fresh expiry). */
export async function inviteMember(
  db: Db,
  workspaceId: string,
  input: { email: string; role: WorkspaceRole; invitedById?: string },
  now = new Date(),
): Promise<Invitation> {
  const { email: address } = parseInput(inviteInput, { email: input.email });
  // Members are listed to the inviting ADMIN anyway: saying so discloses nothing new.
  const member = await db.memberInWorkspace.findFirst({
    where: { workspaceId, user: { email: address } },
    select: { userId: true },
  });
  if (member)
    throw badRequest('Already a member of this workspace', [
      { message: 'already a member of this workspace', path: ['email'] },
    ]);
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  return db.invitation.upsert({
    where: { workspaceId_email: { workspaceId, email: address } },
    create: { workspaceId, email: address, role: input.role, expiresAt, invitedById: input.invitedById ?? null },
    update: { role: input.role, expiresAt, invitedById: input.invitedById ?? null, createdAt: now },
  });
}

/** The workspace's invitations still waiting for an answer. */
export function pendingInvitations(db: Db, workspaceId: string, now = new Date()): Promise<Invitation[]> {
  return db.invitation.findMany({
    where: { workspaceId, expiresAt: { gt: now } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

export async function revokeInvitation(db: Db, workspaceId: string, invitationId: string): Promise<void> {
  const { count } = await db.invitation.deleteMany({ where: { id: invitationId, workspaceId } });
  if (count === 0) throw notFound();
}

/**
 * The invitations waiting for this user (by their e-mail address). An account
 * whose address is unproven has none: they are for the address's owner, who
 * may not be the person who opened a link.
 */
export async function invitationsForUser(db: Db, userId: string, now = new Date()): Promise<InvitationWithWorkspace[]> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailUnproven: true } });
  if (user.emailUnproven) return [];
  return db.invitation.findMany({
    where: { email: user.email, expiresAt: { gt: now } },
    include: { workspace: { select: { id: true, name: true, icon: true } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

/** An invitation addressed to this user, or NOT_FOUND (someone else's invitations, or an unproven address's, do not exist for them). */
async function ownInvitation(db: Db, userId: string, invitationId: string, now: Date): Promise<Invitation> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, emailUnproven: true } });
  if (user.emailUnproven) throw notFound();
  const invitation = await db.invitation.findFirst({
    where: { id: invitationId, email: user.email, expiresAt: { gt: now } },
  });
  if (!invitation) throw notFound();
  return invitation;
}

/** Accepts: the user joins the workspace with the invited role; the invitation is spent. */
export async function acceptInvitation(
  db: Db,
  userId: string,
  invitationId: string,
  now = new Date(),
): Promise<{ workspaceId: string; role: WorkspaceRole }> {
  const invitation = await ownInvitation(db, userId, invitationId, now);
  return db.$transaction(async (tx) => {
    // Spent first: two accepts racing, one joins.
    const { count } = await tx.invitation.deleteMany({ where: { id: invitation.id } });
    if (count === 0) throw notFound();
    const existing = await tx.memberInWorkspace.findUnique({
      where: { userId_workspaceId: { userId, workspaceId: invitation.workspaceId } },
    });
    if (!existing)
      await tx.memberInWorkspace.create({
        data: { userId, workspaceId: invitation.workspaceId, role: invitation.role },
      });
    return { workspaceId: invitation.workspaceId, role: existing?.role ?? invitation.role };
  });
}

export async function declineInvitation(db: Db, userId: string, invitationId: string, now = new Date()): Promise<void> {
  const invitation = await ownInvitation(db, userId, invitationId, now);
  await db.invitation.deleteMany({ where: { id: invitation.id } });
}

/** Whether an address has an invitation waiting (it may then get a first sign-in link). */
export async function hasPendingInvitation(db: Db, address: string, now = new Date()): Promise<boolean> {
  return (await db.invitation.count({ where: { email: address, expiresAt: { gt: now } } })) > 0;
}
