import { WorkspaceRole } from './member';
import { ADMIN_ONLY, ANY_ROLE } from '../../services/access';
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  listWorkspaces,
  PLANS,
  updateWorkspace,
} from '../../services/workspaces';
import { assertAddressProven } from '../../services/invitation-links';
import { builder } from '../builder';
import { MessagePayload } from './scalars';

export const Plan = builder.enumType(PLANS, { name: 'Plan' });

builder.prismaObject('Workspace', {
  fields: (t) => ({
    id: t.exposeID('id'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    name: t.exposeString('name'),
    icon: t.exposeString('icon', { nullable: true }),
    plan: t.expose('plan', { type: Plan }),
    paymentProviderId: t.exposeString('paymentProviderId', {
      nullable: true,
      description: 'Identifier at the external payment provider.',
    }),
    isSuspended: t.exposeBoolean('isSuspended'),
    isPastDue: t.exposeBoolean('isPastDue'),
    isVerified: t.exposeBoolean('isVerified', { nullable: true }),
    customChatsLimit: t.exposeInt('customChatsLimit', {
      nullable: true,
      description: 'Custom override of the plan chats limit.',
    }),
    customSeatsLimit: t.exposeInt('customSeatsLimit', {
      nullable: true,
      description: 'Custom override of the plan seats limit.',
    }),
    members: t.relation('members', {
      query: { orderBy: [{ createdAt: 'asc' }, { userId: 'asc' }] },
    }),
    viewerRole: t.field({
      type: WorkspaceRole,
      nullable: true,
      description: "The caller's role here (what a frontend offers: GUESTs only read); null for a bearer-less request.",
      resolve: (workspace, _args, ctx) => ctx.access?.roleIn(workspace.id) ?? null,
    }),
  }),
});

builder.queryFields((t) => ({
  workspaces: t.prismaField({
    type: ['Workspace'],
    description: "The caller's workspaces, oldest first.",
    authScopes: { authenticated: true },
    resolve: (query, _root, _args, ctx) => listWorkspaces(ctx.db, ctx.viewer!.userId, query),
  }),
  workspace: t.prismaField({
    type: 'Workspace',
    args: { workspaceId: t.arg.id({ required: true }) },
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: ANY_ROLE } }),
    resolve: (query, _root, args, ctx) => getWorkspace(ctx.db, String(args.workspaceId), query),
  }),
}));

builder.mutationFields((t) => ({
  createWorkspace: t.prismaField({
    type: 'Workspace',
    description: 'Creates a workspace on the FREE plan; the caller becomes its ADMIN.',
    args: { name: t.arg.string({ required: true }), icon: t.arg.string() },
    authScopes: { authenticated: true },
    resolve: async (_query, _root, args, ctx) => {
      // An account made with a link someone else was shown works in the workspace it joined only.
      await assertAddressProven(ctx.db, ctx.viewer!.userId);
      const workspace = await createWorkspace(ctx.db, ctx.viewer!.userId, args);
      ctx.access?.forgetMemberships();
      return workspace;
    },
  }),
  updateWorkspace: t.prismaField({
    type: 'Workspace',
    description: 'Updates name and/or icon (at least one); `icon: null` clears the icon.',
    args: { workspaceId: t.arg.id({ required: true }), name: t.arg.string(), icon: t.arg.string() },
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: ADMIN_ONLY } }),
    resolve: (_query, _root, args, ctx) => {
      const { workspaceId, ...changes } = args;
      return updateWorkspace(ctx.db, String(workspaceId), changes);
    },
  }),
  deleteWorkspace: t.field({
    type: MessagePayload,
    description: 'Deletes the workspace with its bots, results and sessions.',
    args: { workspaceId: t.arg.id({ required: true }) },
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: ADMIN_ONLY } }),
    resolve: async (_root, args, ctx) => {
      await deleteWorkspace(ctx.db, String(args.workspaceId));
      return { message: 'Workspace deleted' };
    },
  }),
}));
