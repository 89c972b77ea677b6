import crypto from 'node:crypto';
import { z } from 'zod';
import type { ApiToken, Db } from '../db/client';
import { badRequest, notFound } from '../errors';
import { parseInput } from './validation';

export type { ApiToken };

/** Who a request acts for, once its bearer token (tokenId) or console session cookie (sessionId) is verified. */
export type Viewer =
  | { userId: string; tokenId: string; sessionId?: undefined }
  | { userId: string; sessionId: string; tokenId?: undefined };

export function hashToken(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** 32 random bytes, base64url (43 characters). */
export function generateTokenSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

const tokenName = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

export async function createToken(
  db: Db,
  userId: string,
  name: string,
  secret: string = generateTokenSecret(),
): Promise<{ token: string; apiToken: ApiToken }> {
  const validName = parseInput(tokenName, name, ['name']);
  if (secret.length < 16)
    throw badRequest('Token too short', [{ message: 'must be at least 16 characters', path: ['token'] }]);
  const apiToken = await db.apiToken.create({ data: { userId, name: validName, tokenHash: hashToken(secret) } });
  return { token: secret, apiToken };
}

export function listTokens(db: Db, userId: string): Promise<ApiToken[]> {
  return db.apiToken.findMany({ where: { userId, revokedAt: null }, orderBy: { createdAt: 'asc' } });
}

/** Revokes a token; with `userId`, only one of that user's tokens (others are "not found"). */
export async function revokeToken(db: Db, tokenId: string, userId?: string): Promise<ApiToken> {
  const token = await db.apiToken.findFirst({ where: { id: tokenId, revokedAt: null, ...(userId ? { userId } : {}) } });
  if (!token) throw notFound();
  return db.apiToken.update({ where: { id: token.id }, data: { revokedAt: new Date() } });
}

/** lastUsedAt is refreshed at most this often, to keep reads free of writes. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** Resolves a bearer secret to its user, or null when unknown or revoked. */
export async function authenticate(db: Db, secret: string, now = new Date()): Promise<Viewer | null> {
  const token = await db.apiToken.findUnique({
    where: { tokenHash: hashToken(secret) },
    select: { id: true, userId: true, revokedAt: true, lastUsedAt: true },
  });
  if (!token || token.revokedAt) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiToken.update({ where: { id: token.id }, data: { lastUsedAt: now } });
  }
  return { userId: token.userId, tokenId: token.id };
}
