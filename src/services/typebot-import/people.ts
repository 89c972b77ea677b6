import type { Plan, WorkspaceRole } from '../../db/client';
import type { SourceInvitation, SourceMember, SourceUser, SourceWorkspace } from '../../integrations/typebot/rows';
import { INVITATION_TTL_MS } from '../invitations';
import { displayName, email as emailSchema } from '../validation';
import { digestOf, recordsOf, saveRecord } from './records';
import { skip } from './report';
import type { ImportRun } from './run';

// People and their workspaces: users (matched by e-mail address), workspaces,
// memberships and pending invitations.

const PLANS: Record<string, Plan> = {
  FREE: 'FREE',
  STARTER: 'STARTER',
  PRO: 'PRO',
  LIFETIME: 'LIFETIME',
  OFFERED: 'OFFERED',
  CUSTOM: 'CUSTOM',
  UNLIMITED: 'UNLIMITED',
  // Parley has no enterprise plan: its custom limits (kept) are what made it one.
  ENTERPRISE: 'CUSTOM',
};

const ROLES: Record<string, WorkspaceRole> = { ADMIN: 'ADMIN', MEMBER: 'MEMBER', GUEST: 'GUEST' };

const WORKSPACE_NAME = displayName(100);

function label(name: string | null | undefined, id: string): string {
  return name ? `${name} (${id})` : id;
}

/**
 * Users by e-mail address: an address with an account here is that account
 * (it gains the memberships); else a new user, with its Typebot id when free.
 * No password comes along (Typebot signs in by e-mailed links and OAuth).
 */
export async function importUsers(run: ImportRun, batch: SourceUser[]): Promise<void> {
  const { db, report } = run;
  const records = await recordsOf(
    db,
    'user',
    batch.map((user) => user.id),
  );
  const addresses = new Map<string, string>();
  for (const user of batch) {
    const parsed = emailSchema.safeParse(user.email ?? '');
    if (parsed.success) addresses.set(user.id, parsed.data);
  }
  const existing = await db.user.findMany({
    where: { OR: [{ email: { in: [...addresses.values()] } }, { id: { in: batch.map((user) => user.id) } }] },
    select: { id: true, email: true },
  });
  const byEmail = new Map(existing.map((user) => [user.email, user.id]));
  const takenIds = new Set(existing.map((user) => user.id));
  for (const user of batch) {
    const address = addresses.get(user.id);
    if (!address) {
      skip(
        report.users,
        user.email ? 'its e-mail address is not valid' : 'it has no e-mail address',
        label(user.name, user.id),
      );
      continue;
    }
    const record = records.get(user.id);
    const account = byEmail.get(address);
    if (account) {
      run.users.set(user.id, account);
      report.users.unchanged += 1;
      if (!run.options.dryRun && record?.targetId !== account)
        await saveRecord(db, 'user', user.id, { targetId: account, digest: digestOf(address) });
      continue;
    }
    const id = takenIds.has(user.id) ? undefined : user.id;
    if (run.options.dryRun) run.users.set(user.id, id ?? user.id);
    else {
      const created = await db.$transaction(async (tx) => {
        const row = await tx.user.create({
          data: { id, email: address, name: user.name, image: user.image, createdAt: user.createdAt },
          select: { id: true },
        });
        await saveRecord(tx, 'user', user.id, { targetId: row.id, digest: digestOf(address) });
        return row.id;
      });
      run.users.set(user.id, created);
    }
    byEmail.set(address, run.users.get(user.id)!);
    report.users.imported += 1;
  }
}

function workspaceData(workspace: SourceWorkspace) {
  const name = WORKSPACE_NAME.safeParse(workspace.name);
  return {
    name: name.success ? name.data : 'Imported workspace',
    icon: workspace.icon,
    plan: PLANS[workspace.plan] ?? 'FREE',
    customChatsLimit: workspace.customChatsLimit,
    customSeatsLimit: workspace.customSeatsLimit,
    customStorageLimit: workspace.customStorageLimit,
    isSuspended: workspace.isSuspended,
    isPastDue: workspace.isPastDue,
    isVerified: workspace.isVerified,
    isQuarantined: workspace.isQuarantined,
  };
}

/** Workspaces with their plan and limits (billing does not move: no payment provider id). */
export async function importWorkspaces(run: ImportRun, batch: SourceWorkspace[]): Promise<void> {
  const { db, report } = run;
  const records = await recordsOf(
    db,
    'workspace',
    batch.map((workspace) => workspace.id),
  );
  const targets = await db.workspace.findMany({
    where: { id: { in: [...batch.map((w) => w.id), ...[...records.values()].map((r) => r.targetId)] } },
    select: { id: true },
  });
  const present = new Set(targets.map((workspace) => workspace.id));
  for (const workspace of batch) {
    const data = workspaceData(workspace);
    const digest = digestOf(data);
    const record = records.get(workspace.id);
    if (record && present.has(record.targetId)) {
      run.workspaces.set(workspace.id, record.targetId);
      if (record.digest === digest) {
        report.workspaces.unchanged += 1;
        continue;
      }
      if (!run.options.dryRun)
        await db.$transaction(async (tx) => {
          await tx.workspace.update({ where: { id: record.targetId }, data });
          await saveRecord(tx, 'workspace', workspace.id, { targetId: record.targetId, digest });
        });
      report.workspaces.updated += 1;
      continue;
    }
    if (record) {
      skip(report.workspaces, 'it was imported before and deleted here since', label(workspace.name, workspace.id));
      continue;
    }
    // An id already used here (not by an import) cannot be kept.
    const id = present.has(workspace.id) ? undefined : workspace.id;
    if (run.options.dryRun) run.workspaces.set(workspace.id, id ?? workspace.id);
    else {
      const created = await db.$transaction(async (tx) => {
        const row = await tx.workspace.create({
          data: { ...data, id, createdAt: workspace.createdAt },
          select: { id: true },
        });
        await saveRecord(tx, 'workspace', workspace.id, { targetId: row.id, digest });
        return row.id;
      });
      run.workspaces.set(workspace.id, created);
    }
    report.workspaces.imported += 1;
  }
}

/**
 * Memberships with their roles; a membership already here keeps the role it
 * has, and one removed here after an import is not made again.
 */
export async function importMembers(run: ImportRun, batch: SourceMember[]): Promise<void> {
  const { db, report } = run;
  const sourceKey = (member: SourceMember) => `${member.userId}:${member.workspaceId}`;
  const records = await recordsOf(db, 'member', batch.map(sourceKey));
  const pairs = batch.flatMap((member) => {
    const userId = run.users.get(member.userId);
    const workspaceId = run.workspaces.get(member.workspaceId);
    const role = ROLES[member.role];
    if (!userId || !workspaceId || !role) {
      skip(
        report.members,
        !userId
          ? 'its user was not imported'
          : !workspaceId
            ? 'its workspace was not imported'
            : `unknown role ${member.role}`,
        sourceKey(member),
      );
      return [];
    }
    if (records.has(sourceKey(member))) {
      report.members.unchanged += 1;
      return [];
    }
    return [{ key: sourceKey(member), userId, workspaceId, role, createdAt: member.createdAt }];
  });
  if (pairs.length === 0) return;
  const existing = await db.memberInWorkspace.findMany({
    where: { OR: pairs.map(({ userId, workspaceId }) => ({ userId, workspaceId })) },
    select: { userId: true, workspaceId: true },
  });
  const here = new Set(existing.map((member) => `${member.userId} ${member.workspaceId}`));
  const fresh = pairs.filter((pair) => !here.has(`${pair.userId} ${pair.workspaceId}`));
  report.members.unchanged += pairs.length - fresh.length;
  report.members.imported += fresh.length;
  if (run.options.dryRun) return;
  await db.$transaction(async (tx) => {
    if (fresh.length > 0)
      await tx.memberInWorkspace.createMany({
        data: fresh.map(({ userId, workspaceId, role, createdAt }) => ({ userId, workspaceId, role, createdAt })),
      });
    for (const pair of pairs)
      await saveRecord(tx, 'member', pair.key, { targetId: `${pair.userId}:${pair.workspaceId}`, digest: pair.role });
  });
}

/**
 * Pending invitations, for the same address and role; they wait the usual
 * time from the import (Typebot's never expire). Whoever signs in with the
 * address (an e-mailed link makes the account) accepts them. One answered or
 * revoked here is not made again.
 */
export async function importInvitations(run: ImportRun, batch: SourceInvitation[]): Promise<void> {
  const { db, report } = run;
  const expiresAt = new Date(run.now.getTime() + INVITATION_TTL_MS);
  const records = await recordsOf(
    db,
    'invitation',
    batch.map((invitation) => invitation.id),
  );
  for (const invitation of batch) {
    const workspaceId = run.workspaces.get(invitation.workspaceId);
    const address = emailSchema.safeParse(invitation.email);
    const role = ROLES[invitation.role];
    const example = `${invitation.email} to ${invitation.workspaceId}`;
    if (records.has(invitation.id)) {
      report.invitations.unchanged += 1;
      continue;
    }
    if (!workspaceId) {
      skip(report.invitations, 'its workspace was not imported', example);
      continue;
    }
    if (!address.success || !role) {
      skip(
        report.invitations,
        address.success ? `unknown role ${invitation.role}` : 'its e-mail address is not valid',
        example,
      );
      continue;
    }
    const member = await db.memberInWorkspace.findFirst({
      where: { workspaceId, user: { email: address.data } },
      select: { userId: true },
    });
    if (member) {
      skip(report.invitations, 'the address is already a member of the workspace', example);
      continue;
    }
    const pending = await db.invitation.findUnique({
      where: { workspaceId_email: { workspaceId, email: address.data } },
      select: { id: true },
    });
    if (pending) report.invitations.unchanged += 1;
    else report.invitations.imported += 1;
    if (run.options.dryRun) continue;
    await db.$transaction(async (tx) => {
      const id =
        pending?.id ??
        (
          await tx.invitation.create({
            data: { workspaceId, email: address.data, role, expiresAt, createdAt: invitation.createdAt },
            select: { id: true },
          })
        ).id;
      await saveRecord(tx, 'invitation', invitation.id, { targetId: id, digest: digestOf([address.data, role]) });
    });
  }
}
