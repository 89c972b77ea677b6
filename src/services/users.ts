import type { Db, Prisma, User } from '../db/client';
import { notFound } from '../errors';
import { isUniqueViolation } from './prisma-errors';

/**
 * Returns the user with this (normalised) e-mail, creating it when new. A new
 * user gets a personal workspace when asked, so that a token alone is enough
 * to start building.
 */
export async function ensureUser(
  db: Db,
  email: string,
  options: { name?: string; personalWorkspace?: boolean } = {},
): Promise<{ user: User; created: boolean }> {
  const existing = await db.user.findUnique({ where: { email } });
  if (existing) return { user: existing, created: false };
  try {
    const user = await db.user.create({
      data: {
        email,
        name: options.name ?? null,
        memberships: options.personalWorkspace
          ? {
              create: {
                role: 'ADMIN',
                workspace: { create: { name: `${options.name ?? email.split('@')[0]}'s workspace` } },
              },
            }
          : undefined,
      },
    });
    return { user, created: true };
  } catch (error) {
    // Another request created the same user between our read and insert.
    if (!isUniqueViolation(error, 'email')) throw error;
    return { user: await db.user.findUniqueOrThrow({ where: { email } }), created: false };
  }
}

/** Relations a GraphQL selection asks to load with the user (handed down by the Prisma plugin). */
export interface UserQuery {
  include?: Prisma.UserInclude;
  select?: Prisma.UserSelect;
}

export async function getUser(db: Db, userId: string, query: UserQuery = {}): Promise<User> {
  const user = await db.user.findUnique({ ...query, where: { id: userId } });
  if (!user) throw notFound();
  return user;
}
