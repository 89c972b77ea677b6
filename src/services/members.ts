import type { Db, MemberInWorkspace, Prisma, User, WorkspaceRole } from '../db/client';
import { badRequest, notFound } from '../errors';

export type MemberWithUser = MemberInWorkspace & { user: User };

type Tx = Prisma.TransactionClient;

export function listMembers(db: Db, workspaceId: string): Promise<MemberWithUser[]> {
  return db.memberInWorkspace.findMany({
    where: { workspaceId },
    include: { user: true },
    orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }],
  });
}

/**
 * Member changes on one workspace are serialised by touching the workspace row
 * first: PostgreSQL then holds a row lock until commit (SQLite locks the whole
 * file for writes), so two concurrent demotions cannot both see another ADMIN.
 */
async function lockWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  await tx.workspace.update({ where: { id: workspaceId }, data: { updatedAt: new Date() } });
}

async function assertAdminRemains(tx: Tx, workspaceId: string): Promise<void> {
  const admins = await tx.memberInWorkspace.count({ where: { workspaceId, role: 'ADMIN' } });
  if (admins === 0) throw badRequest('A workspace must keep at least one ADMIN');
}

/** A member is addressed by user id or by e-mail address. */
async function findMember(tx: Tx, workspaceId: string, userRef: string): Promise<MemberWithUser> {
  const member = await tx.memberInWorkspace.findFirst({
    where: { workspaceId, OR: [{ userId: userRef }, { user: { email: userRef.trim().toLowerCase() } }] },
    include: { user: true },
  });
  if (!member) throw notFound();
  return member;
}

/** The operator's way in (`parley tokens create --workspace`): a user joins at once, no invitation. API callers invite (services/invitations.ts). */
export async function addMemberAsOperator(
  db: Db,
  workspaceId: string,
  userId: string,
  role: WorkspaceRole,
): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    await tx.memberInWorkspace.create({ data: { workspaceId, userId, role } });
    await tx.invitation.deleteMany({
      where: { workspaceId, email: (await tx.user.findUniqueOrThrow({ where: { id: userId } })).email },
    });
  });
}

export async function changeMemberRole(
  db: Db,
  workspaceId: string,
  userRef: string,
  role: WorkspaceRole,
): Promise<MemberWithUser> {
  return db.$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const member = await findMember(tx, workspaceId, userRef);
    const updated = await tx.memberInWorkspace.update({
      where: { userId_workspaceId: { userId: member.userId, workspaceId } },
      data: { role },
      include: { user: true },
    });
    await assertAdminRemains(tx, workspaceId);
    return updated;
  });
}

export async function removeMember(db: Db, workspaceId: string, userRef: string): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockWorkspace(tx, workspaceId);
    const member = await findMember(tx, workspaceId, userRef);
    await tx.memberInWorkspace.delete({ where: { userId_workspaceId: { userId: member.userId, workspaceId } } });
    await assertAdminRemains(tx, workspaceId);
  });
}
