import type { Db } from '../db/client';
import { generatePassword } from './sign-in/passwords';
import { setPassword } from './sign-in/password-change';
import { createToken } from './tokens';
import { ensureUser } from './users';

export interface BootstrapResult {
  email: string;
  workspaceId: string;
  /** The admin's token, to print once. */
  token: string;
  /** The admin's console password, to print once (generated unless preset). */
  password: string;
}

/**
 * On a database without users, creates an admin user with a workspace, one
 * token and a console password (`presetToken` / `presetPassword` when given,
 * for automated set-ups). Returns null when the database already has users.
 */
export async function bootstrapIfEmpty(
  db: Db,
  options: { email: string; presetToken?: string; presetPassword?: string },
): Promise<BootstrapResult | null> {
  if ((await db.user.count()) > 0) return null;
  const { user } = await ensureUser(db, options.email, { name: 'Admin', personalWorkspace: true });
  const membership = await db.memberInWorkspace.findFirstOrThrow({
    where: { userId: user.id },
    select: { workspaceId: true },
  });
  const { token } = await createToken(db, user.id, 'bootstrap', options.presetToken);
  const password = options.presetPassword ?? generatePassword();
  await setPassword(db, user.id, password);
  return { email: user.email, workspaceId: membership.workspaceId, token, password };
}
