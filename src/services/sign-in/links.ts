import type { Db } from '../../db/client';
import { unauthorized } from '../../errors';
import { proveAddress } from '../invitation-links';
import { hasPendingInvitation } from '../invitations';
import { generateTokenSecret, hashToken } from '../tokens';
import { ensureUser } from '../users';

/** A new link for the same user is not sent more often than this: the form cannot flood an inbox. */
const RESEND_AFTER_MS = 60_000;

/**
 * A one-time sign-in link's secret for the user with this e-mail, or null
 * (unknown e-mail, or a link was sent moments ago). Callers answer the same
 * either way, so the form does not tell who has an account. An address with
 * an invitation waiting gets its account here: the link is how it first signs in.
 */
export async function createSignInLink(
  db: Db,
  email: string,
  ttlMs: number,
  now = new Date(),
): Promise<{ secret: string; email: string } | null> {
  const address = email.trim().toLowerCase();
  let user = await db.user.findUnique({ where: { email: address }, select: { id: true, email: true } });
  if (!user && (await hasPendingInvitation(db, address, now))) user = (await ensureUser(db, address)).user;
  if (!user) return null;
  const recent = await db.signInLink.count({
    where: { userId: user.id, createdAt: { gt: new Date(now.getTime() - RESEND_AFTER_MS) } },
  });
  if (recent > 0) return null;
  await db.signInLink.deleteMany({
    where: { userId: user.id, OR: [{ expiresAt: { lt: now } }, { usedAt: { not: null } }] },
  });
  const secret = generateTokenSecret();
  await db.signInLink.create({
    data: { userId: user.id, tokenHash: hashToken(secret), expiresAt: new Date(now.getTime() + ttlMs), createdAt: now },
  });
  return { secret, email: user.email };
}

/** Spends a link: the user it signs in, once; a second use, an expired or unknown link is refused. */
export async function redeemSignInLink(db: Db, secret: string, now = new Date()): Promise<string> {
  const tokenHash = hashToken(secret);
  // The conditional update is the single use: two clicks racing, one wins.
  const spent = await db.signInLink.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (spent.count !== 1) throw unauthorized('This sign-in link is invalid, used or expired');
  const link = await db.signInLink.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true } });
  // The link reached the address's inbox: the address is the user's.
  await proveAddress(db, link.userId);
  return link.userId;
}
