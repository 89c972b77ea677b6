import { z } from 'zod';
import { Plan, type Db, type Prisma, type Workspace } from '../db/client';
import { badRequest, notFound } from '../errors';
import { displayName, parseInput, workspaceIcon as icon } from './validation';

/** The plans the database knows (the GraphQL enum `Plan`). */
export const PLANS = Plan;

export const WORKSPACE_NAME_MAX = 100;

const createInput = z.object({
  name: displayName(WORKSPACE_NAME_MAX),
  icon: icon.nullish(),
});

const updateInput = z.object({
  name: displayName(WORKSPACE_NAME_MAX).optional(),
  icon: icon.nullish(),
});

/** Creates a workspace on the FREE plan with its creator as ADMIN. */
export async function createWorkspace(
  db: Db,
  userId: string,
  input: { name: string; icon?: string | null },
): Promise<Workspace> {
  const data = parseInput(createInput, input);
  return db.workspace.create({
    data: { name: data.name, icon: data.icon ?? null, members: { create: { userId, role: 'ADMIN' } } },
  });
}

/** Relations a GraphQL selection asks to load with the rows (handed down by the Prisma plugin). */
export interface WorkspaceQuery {
  include?: Prisma.WorkspaceInclude;
  select?: Prisma.WorkspaceSelect;
}

/** The user's workspaces, oldest first. */
export function listWorkspaces(db: Db, userId: string, query: WorkspaceQuery = {}): Promise<Workspace[]> {
  return db.workspace.findMany({
    ...query,
    where: { members: { some: { userId } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

export async function getWorkspace(db: Db, workspaceId: string, query: WorkspaceQuery = {}): Promise<Workspace> {
  const workspace = await db.workspace.findUnique({ ...query, where: { id: workspaceId } });
  if (!workspace) throw notFound();
  return workspace;
}

/**
 * `name` and `icon` are both optional but one must be present; an absent key
 * keeps the stored value, `icon: null` clears it.
 */
export async function updateWorkspace(
  db: Db,
  workspaceId: string,
  input: { name?: string | null; icon?: string | null },
): Promise<Workspace> {
  if (input.name === null) throw badRequest('Invalid input data', [{ message: 'must be a string', path: ['name'] }]);
  const data = parseInput(updateInput, input);
  if (data.name === undefined && data.icon === undefined) {
    throw badRequest('Invalid input data', [{ message: 'at least one of name and icon is required', path: [] }]);
  }
  return db.workspace.update({ where: { id: workspaceId }, data: { name: data.name, icon: data.icon } });
}

/** Deletes the workspace with its members, bots, results and sessions. */
export async function deleteWorkspace(db: Db, workspaceId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const bots = await tx.bot.findMany({ where: { workspaceId }, select: { id: true } });
    // Sessions are not tied to bots by a foreign key (they may outlive a bot's draft); remove them explicitly.
    await tx.chatSession.deleteMany({ where: { botId: { in: bots.map((bot) => bot.id) } } });
    await tx.workspace.delete({ where: { id: workspaceId } });
  });
}

/** What an instance operator may set on a workspace (CLI). */
export interface WorkspaceAdminUpdate {
  plan?: Plan;
  customChatsLimit?: number | null;
  customSeatsLimit?: number | null;
  isSuspended?: boolean;
  isPastDue?: boolean;
  isVerified?: boolean | null;
  isQuarantined?: boolean;
  paymentProviderId?: string | null;
}

export async function updateWorkspaceAsOperator(
  db: Db,
  workspaceId: string,
  update: WorkspaceAdminUpdate,
): Promise<Workspace> {
  await getWorkspace(db, workspaceId);
  return db.workspace.update({ where: { id: workspaceId }, data: update });
}
