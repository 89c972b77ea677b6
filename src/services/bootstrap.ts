import type { Db } from '../db/client';
import { createToken } from './tokens';
import { ensureUser } from './users';

export interface BootstrapResult {
  email: string;
  workspaceId: string;
  /** The admin's token, to print once. */
  token: string;
}

/**
 * On a database without users, creates an admin user with a workspace and one
 * token (`presetToken` when given, for automated set-ups). Returns null when
 * the database already has users.
 */
export async function bootstrapIfEmpty(db: Db, options: { email: string; presetToken?: string }): Promise<BootstrapResult | null> {
  if ((await db.user.count()) > 0) return null;
  const { user } = await ensureUser(db, options.email, { name: 'Admin', personalWorkspace: true });
  const membership = await db.memberInWorkspace.findFirstOrThrow({ where: { userId: user.id }, select: { workspaceId: true } });
  const { token } = await createToken(db, user.id, 'bootstrap', options.presetToken);
  return { email: user.email, workspaceId: membership.workspaceId, token };
}
