import type { Db } from '../db/client';
import { AppError, badRequest, unauthorized } from '../errors';
import { INVITATION_TTL_MS } from './invitations';
import { generateTokenSecret, hashToken } from './tokens';

// An invitation's link lets a person without an account create theirs and
// join the workspace in one step: the server e-mails it when it has SMTP
// settings; without SMTP only an operator (PARLEY_OPERATORS) is shown it, to
// hand over. Anyone else holding such a link could make an account for an
// address they do not own (squat it), and could learn from it whether the
// address has an account. It never signs in to an existing account: an
// address that has one signs in as usual and accepts in the console.
//
// A link shown to an inviter proves nothing about who owns the address, so
// the account it makes is unproven: it is a member of that one workspace and
// nothing more (it sees no other invitation and creates no workspace). The
// first e-mailed sign-in link proves the address and ends everything the
// account held before (see proveAddress).

export const INVITATION_LINK_INVALID = 'This invitation link is invalid, used or expired';

/** A new link secret for the invitation (the previous one stops working); only its hash is kept. */
export async function issueInvitationLink(db: Db, invitationId: string, shown: boolean): Promise<string> {
  const secret = generateTokenSecret();
  await db.invitation.update({ where: { id: invitationId }, data: { tokenHash: hashToken(secret), linkShown: shown } });
  return secret;
}

/** The invitation has no link (an earlier one stops working): its invitee signs in to accept it. */
export async function withdrawInvitationLink(db: Db, invitationId: string): Promise<void> {
  await db.invitation.update({ where: { id: invitationId }, data: { tokenHash: null, linkShown: false } });
}

/** The console address an invitation link opens (the secret in the fragment: it reaches no server log or Referer). */
export function invitationLinkUrl(consoleBaseUrl: string, secret: string): string {
  return `${consoleBaseUrl.replace(/\/$/, '')}/app/sign-in#invitation=${secret}`;
}

/**
 * Spends an invitation link: creates the invitee's account, makes them a
 * member with the invited role, and answers the new user's id. Refused when
 * the link is unknown, spent or expired, and when the address already has an
 * account (whose owner signs in and accepts instead).
 */
export async function joinWithInvitationLink(
  db: Db,
  secret: string,
  now = new Date(),
): Promise<{ userId: string; workspaceId: string }> {
  const invitation = await db.invitation.findUnique({ where: { tokenHash: hashToken(secret) } });
  if (!invitation || invitation.expiresAt <= now) throw unauthorized(INVITATION_LINK_INVALID);
  if (await db.user.findUnique({ where: { email: invitation.email }, select: { id: true } }))
    throw badRequest('This address already has an account: sign in with it, then accept the invitation', [
      { message: 'already has an account', path: ['token'] },
    ]);
  return db.$transaction(async (tx) => {
    // Spent first: two clicks racing, one joins.
    const { count } = await tx.invitation.deleteMany({ where: { id: invitation.id, tokenHash: invitation.tokenHash } });
    if (count === 0) throw unauthorized(INVITATION_LINK_INVALID);
    const user = await tx.user.create({ data: { email: invitation.email, emailUnproven: invitation.linkShown } });
    await tx.memberInWorkspace.create({
      data: { userId: user.id, workspaceId: invitation.workspaceId, role: invitation.role },
    });
    return { userId: user.id, workspaceId: invitation.workspaceId };
  });
}

/**
 * An e-mailed sign-in link was spent by this user: their address is proven.
 * An account made with a link shown to an inviter loses everything it held
 * while unproven — password, console sessions, API tokens — and its
 * memberships become invitations again, which the address's owner, now
 * signed in, accepts or declines: whoever opened the link first keeps no way in.
 */
export async function proveAddress(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: userId, emailUnproven: true },
      data: { emailUnproven: false, passwordHash: null },
    });
    if (count === 0) return;
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
    await tx.consoleSession.deleteMany({ where: { userId } });
    await tx.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    const memberships = await tx.memberInWorkspace.findMany({ where: { userId } });
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    for (const membership of memberships) {
      await tx.invitation.upsert({
        where: { workspaceId_email: { workspaceId: membership.workspaceId, email: user.email } },
        create: { workspaceId: membership.workspaceId, email: user.email, role: membership.role, expiresAt },
        update: { role: membership.role, expiresAt, tokenHash: null, linkShown: false },
      });
    }
    await tx.memberInWorkspace.deleteMany({ where: { userId } });
  });
}

/** Refuses what an unproven account may not do (anything beyond the one workspace its link joined). */
export async function assertAddressProven(db: Db, userId: string): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { emailUnproven: true } });
  if (user?.emailUnproven)
    throw new AppError(
      'FORBIDDEN',
      'Your e-mail address is not proven yet: this account, made with a link someone else was shown, may only work in the workspace it joined. Sign in once with a link e-mailed to you (or ask the operator) to do more',
    );
}
