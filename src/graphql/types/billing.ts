import { ADMIN_ONLY } from '../../services/access';
import { defaultBillingWorkspace, type Usage } from '../../services/billing';
import { usageAgainstLimit } from '../../services/quota';
import { builder, requireAccess } from '../builder';
import type { GraphQLContext } from '../context';

builder.prismaObject('Invoice', {
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    amount: t.exposeInt('amount', { description: 'In minor currency units (cents).' }),
    currency: t.exposeString('currency', { description: 'ISO 4217, lower case.' }),
    date: t.float({
      description: 'Payment time, Unix seconds.',
      resolve: (invoice) => Math.floor(invoice.paidAt.getTime() / 1000),
    }),
    paidAt: t.expose('paidAt', { type: 'DateTime' }),
  }),
});

builder.prismaObjectFields('Workspace', (t) => ({
  invoices: t.relation('invoices', {
    description: 'Newest first. ADMIN only.',
    authScopes: (workspace) => ({ workspace: { id: workspace.id, roles: ADMIN_ONLY } }),
    query: { orderBy: [{ paidAt: 'desc' }, { id: 'asc' }] },
  }),
}));

const UsageRef = builder.objectRef<Usage & { chatsLimit: number | null }>('Usage').implement({
  fields: (t) => ({
    chatsLimit: t.exposeInt('chatsLimit', {
      nullable: true,
      description:
        'Chats the workspace may use this period (its customChatsLimit, else its plan\'s when plan limits are enforced); null: unlimited. At the limit, new chats answer "This bot is now closed".',
    }),
    totalChatsUsed: t.exposeInt('totalChatsUsed', {
      description: 'Results with at least one answer in the current period.',
    }),
    resetsAt: t.expose('resetsAt', {
      type: 'DateTime',
      description: 'Start of the next period (first instant of next month, UTC).',
    }),
  }),
});

/** The workspace a usage read-out is about: the given one, else the caller's oldest ADMIN workspace. */
async function usageWorkspace(ctx: GraphQLContext, workspaceId: string | number | null | undefined): Promise<string> {
  return workspaceId ? String(workspaceId) : defaultBillingWorkspace(ctx.db, requireAccess(ctx).userId);
}

builder.queryFields((t) => ({
  usage: t.field({
    type: UsageRef,
    description:
      "Chats used in the current period. Without workspaceId: the caller's oldest workspace where they are ADMIN. ADMIN only.",
    args: { workspaceId: t.arg.id() },
    authScopes: async (_root, args, ctx) => ({
      workspace: { id: await usageWorkspace(ctx, args.workspaceId), roles: ADMIN_ONLY },
    }),
    resolve: async (_root, args, ctx) =>
      usageAgainstLimit(ctx.db, ctx.chat.quota.policy, await usageWorkspace(ctx, args.workspaceId)),
  }),
}));
