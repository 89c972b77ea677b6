import { parseArgs } from 'node:util';
import { Plan } from '../db/client';
import { updateWorkspaceAsOperator, type WorkspaceAdminUpdate } from '../services/workspaces';
import { boolean, integer, oneOf, UsageError } from './usage';
import { WORKSPACES_USAGE } from './usage-texts';
import { withDatabase } from './with-database';

const nullable = <T>(value: string | undefined, read: (text: string) => T): T | null | undefined =>
  value === undefined ? undefined : value === 'none' ? null : read(value);

export async function workspacesCommand(args: string[]): Promise<void> {
  const [action, id, ...rest] = args;
  if (action !== 'update' || !id) throw new UsageError(WORKSPACES_USAGE);
  const { values } = parseArgs({
    args: rest,
    options: {
      plan: { type: 'string' },
      'custom-chats-limit': { type: 'string' },
      'custom-seats-limit': { type: 'string' },
      suspended: { type: 'string' },
      'past-due': { type: 'string' },
      verified: { type: 'string' },
      quarantined: { type: 'string' },
      'payment-provider-id': { type: 'string' },
    },
  });
  const update: WorkspaceAdminUpdate = {
    plan: values.plan === undefined ? undefined : oneOf('--plan', values.plan, Object.values(Plan)),
    customChatsLimit: nullable(values['custom-chats-limit'], (text) => integer('--custom-chats-limit', text)),
    customSeatsLimit: nullable(values['custom-seats-limit'], (text) => integer('--custom-seats-limit', text)),
    isSuspended: values.suspended === undefined ? undefined : boolean('--suspended', values.suspended),
    isPastDue: values['past-due'] === undefined ? undefined : boolean('--past-due', values['past-due']),
    isVerified: nullable(values.verified, (text) => boolean('--verified', text)),
    isQuarantined: values.quarantined === undefined ? undefined : boolean('--quarantined', values.quarantined),
    paymentProviderId: nullable(values['payment-provider-id'], (text) => text),
  };
  if (Object.values(update).every((value) => value === undefined)) throw new UsageError(WORKSPACES_USAGE);
  await withDatabase(async (db) => {
    const workspace = await updateWorkspaceAsOperator(db, id, update);
    console.log(`Workspace ${workspace.id} updated: plan ${workspace.plan}, suspended ${workspace.isSuspended}.`);
  });
}
