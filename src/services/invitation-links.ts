import type { Db } from '../db/client';
import { badRequest, unauthorized } from '../errors';
import { generateTokenSecret, hashToken } from './tokens';

// An invitation's link lets a person without an account create theirs and
// join the workspace in one step: the server e-mails it when it has SMTP
// settings, else the inviter is shown it once, to hand over. It never signs
// in to an existing account (an inviter holding the link must not get into
// someone else's): an address that has an account signs in as usual and
// accepts the invitation in the console.
//
// A link shown to the inviter proves nothing about who owns the address, so
// the account it makes is marked unproven; the first e-mailed sign-in link
// (which does prove it) ends whatever was set on the account before.

export const INVITATION_LINK_INVALID = 'This invitation link is invalid, used or expired';

/** A new link secret for the invitation (the previous one stops working); only its hash is kept. */
export async function issueInvitationLink(db: Db, invitationId: string, shown: boolean): Promise<string> {
  const secret = generateTokenSecret();
  await db.invitation.update({ where: { id: invitationId }, data: { tokenHash: hashToken(secret), linkShown: shown } });
  return secret;
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
 * An account made with a link shown to an inviter loses what was set before
 * (its password, its other sessions), so the inviter keeps no way in.
 */
export async function proveAddress(db: Db, userId: string): Promise<void> {
  const { count } = await db.user.updateMany({
    where: { id: userId, emailUnproven: true },
    data: { emailUnproven: false, passwordHash: null },
  });
  if (count > 0) await db.consoleSession.deleteMany({ where: { userId } });
}
