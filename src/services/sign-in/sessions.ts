import type { Db } from '../../db/client';
import { unauthorized } from '../../errors';
import { generateTokenSecret, hashToken, type Viewer } from '../tokens';
import { verifyNothing, verifyPassword } from './passwords';

/** What the browser is handed once: the session cookie's secret (the HTTP layer derives its CSRF token from it). */
export interface IssuedSession {
  secret: string;
  expiresAt: Date;
  userId: string;
}

/**
 * Why a cookie did not authenticate: unknown or signed out, past its expiry,
 * or refused by the HTTP layer (another origin's request, or no CSRF token;
 * several session cookies, one of them planted by another page of the host).
 */
export type SessionFailure = 'signedOut' | 'expired' | 'csrf' | 'severalCookies';

/** lastSeenAt is refreshed at most this often, to keep reads free of writes. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

export const WRONG_CREDENTIALS = 'Wrong e-mail or password';

export async function issueSession(db: Db, userId: string, ttlMs: number, now = new Date()): Promise<IssuedSession> {
  const secret = generateTokenSecret();
  const expiresAt = new Date(now.getTime() + ttlMs);
  // Expired sessions of this user go when a new one starts: the table stays as small as the signed-in browsers.
  await db.consoleSession.deleteMany({ where: { userId, expiresAt: { lt: now } } });
  await db.consoleSession.create({ data: { userId, expiresAt, tokenHash: hashToken(secret), lastSeenAt: now } });
  return { secret, expiresAt, userId };
}

/** The same answer, in about the same time, for an unknown e-mail, a user without a password and a wrong password. */
export async function signInWithPassword(
  db: Db,
  email: string,
  password: string,
  ttlMs: number,
  now = new Date(),
): Promise<IssuedSession> {
  const user = await db.user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, passwordHash: true },
  });
  const matches = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyNothing(password);
  if (!user || !matches) throw unauthorized(WRONG_CREDENTIALS);
  return issueSession(db, user.id, ttlMs, now);
}

/** Resolves a session cookie to its user (the HTTP layer has checked where the request came from and its CSRF token). */
export async function authenticateSession(
  db: Db,
  secret: string,
  now = new Date(),
): Promise<Viewer | Exclude<SessionFailure, 'csrf' | 'severalCookies'>> {
  const session = await db.consoleSession.findUnique({
    where: { tokenHash: hashToken(secret) },
    select: { id: true, userId: true, expiresAt: true, lastSeenAt: true },
  });
  if (!session) return 'signedOut';
  if (session.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (now.getTime() - session.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.consoleSession.update({ where: { id: session.id }, data: { lastSeenAt: now } });
  }
  return { userId: session.userId, sessionId: session.id };
}

/** Signs a browser out: its session row goes, so the cookie is worthless even if kept. */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.consoleSession.deleteMany({ where: { id: sessionId } });
}
