import { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';
import { parseInput } from '../validation';
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords';

export const newPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`);

/** Sets a user's password (operators, from the command line): every console session of the user ends. */
export async function setPassword(db: Db, userId: string, password: string, keepSessionId?: string): Promise<void> {
  const passwordHash = await hashPassword(parseInput(newPassword, password, ['newPassword']));
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { passwordHash } }),
    db.consoleSession.deleteMany({ where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) } }),
  ]);
}

/** A signed-in user changing their own password: the current one must match when there is one. */
export async function changePassword(
  db: Db,
  userId: string,
  passwords: { current?: string; next: string },
  keepSessionId?: string,
): Promise<void> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (
    user.passwordHash &&
    !(passwords.current !== undefined && (await verifyPassword(passwords.current, user.passwordHash)))
  ) {
    throw badRequest('The current password is wrong', [{ message: 'does not match', path: ['currentPassword'] }]);
  }
  await setPassword(db, userId, passwords.next, keepSessionId);
}
