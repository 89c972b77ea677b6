import { parseArgs } from 'node:util';
import { WorkspaceRole } from '../db/client';
import { addMemberAsOperator, changeMemberRole } from '../services/members';
import { createToken, revokeToken } from '../services/tokens';
import { ensureUser } from '../services/users';
import { getWorkspace } from '../services/workspaces';
import { email as emailSchema, parseInput } from '../services/validation';
import { oneOf, UsageError } from './usage';
import { TOKENS_USAGE } from './usage-texts';
import { withDatabase } from './with-database';

async function create(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      workspace: { type: 'string' },
      role: { type: 'string' },
    },
  });
  if (!values.email) throw new UsageError('--email is required');
  if (values.role && !values.workspace) throw new UsageError('--role needs --workspace');
  const role = values.workspace ? oneOf('--role', values.role ?? 'MEMBER', Object.values(WorkspaceRole)) : undefined;
  const address = parseInput(emailSchema, values.email, ['email']);
  await withDatabase(async (db) => {
    // An unknown workspace is NOT_FOUND before anything is created.
    if (values.workspace) await getWorkspace(db, values.workspace);
    const { user, created } = await ensureUser(db, address, { personalWorkspace: true });
    if (created) console.log(`Created user ${user.email} with a personal workspace.`);
    if (values.workspace && role) {
      const member = await db.memberInWorkspace.findUnique({
        where: { userId_workspaceId: { userId: user.id, workspaceId: values.workspace } },
      });
      if (member) await changeMemberRole(db, values.workspace, user.id, role);
      else await addMemberAsOperator(db, values.workspace, user.id, role);
      console.log(`${user.email} is ${role} of workspace ${values.workspace}.`);
    }
    const { token, apiToken } = await createToken(db, user.id, values.name ?? 'cli');
    console.log(`Token ${apiToken.id} created for ${user.email} (shown once):`);
    console.log(token);
  });
}

async function revoke(args: string[]): Promise<void> {
  const id = args[0];
  if (!id) throw new UsageError('tokens revoke needs a token id');
  await withDatabase(async (db) => {
    await revokeToken(db, id);
    console.log(`Token ${id} revoked.`);
  });
}

export async function tokensCommand(args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'create') return create(rest);
  if (action === 'revoke') return revoke(rest);
  throw new UsageError(TOKENS_USAGE);
}
