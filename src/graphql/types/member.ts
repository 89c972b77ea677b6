import { ADMIN_ONLY, WORKSPACE_ROLES } from '../../services/access';
import { acceptInvitation, declineInvitation, invitationsForUser, inviteMember, pendingInvitations, revokeInvitation } from '../../services/invitations';
import { changeMemberRole, removeMember } from '../../services/members';
import { getWorkspace } from '../../services/workspaces';
import { builder } from '../builder';
import { MessagePayload } from './scalars';

export const WorkspaceRole = builder.enumType(WORKSPACE_ROLES, { name: 'WorkspaceRole' });

builder.prismaObject('User', {
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name', { nullable: true }),
    image: t.exposeString('image', { nullable: true }),
  }),
});

builder.prismaObject('MemberInWorkspace', {
  name: 'Member',
  fields: (t) => ({
    workspaceId: t.exposeID('workspaceId'),
    userId: t.exposeID('userId'),
    role: t.expose('role', { type: WorkspaceRole }),
    user: t.relation('user'),
  }),
});

const memberArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  workspaceId: t.arg.id({ required: true }),
  userId: t.arg.id({ required: true, description: "The member's user id or e-mail address." }),
});

builder.prismaObject('Invitation', {
  description:
    'An invitation to a workspace for an e-mail address: the person signed in with that address accepts or declines it. It says nothing of whether the address has an account.',
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    role: t.expose('role', { type: WorkspaceRole }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    workspace: t.relation('workspace', { description: 'The workspace it invites to (its name and icon are shown to the invitee).' }),
  }),
});

builder.prismaObjectField('Workspace', 'invitations', (t) =>
  t.prismaField({
    type: ['Invitation'],
    description: 'Invitations waiting for an answer (ADMINs only).',
    authScopes: (workspace) => ({ workspace: { id: workspace.id, roles: ADMIN_ONLY } }),
    resolve: (_query, workspace, _args, ctx) => pendingInvitations(ctx.db, workspace.id),
  }),
);

builder.queryFields((t) => ({
  myInvitations: t.prismaField({
    type: ['Invitation'],
    description: "Invitations waiting for the caller (addressed to the caller's e-mail).",
    authScopes: { authenticated: true },
    resolve: (_query, _root, _args, ctx) => invitationsForUser(ctx.db, ctx.viewer!.userId),
  }),
}));

builder.mutationFields((t) => ({
  inviteMember: t.prismaField({
    type: 'Invitation',
    description:
      'Invites an e-mail address to the workspace with a role; the invitee accepts it signed in with that address. Nothing is said of whether the address has an account, and no user is created.',
    args: {
      workspaceId: t.arg.id({ required: true }),
      email: t.arg.string({ required: true }),
      role: t.arg({ type: WorkspaceRole, required: true }),
    },
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: ADMIN_ONLY } }),
    resolve: (_query, _root, args, ctx) =>
      inviteMember(ctx.db, String(args.workspaceId), { email: args.email, role: args.role, invitedById: ctx.viewer?.userId }),
  }),
  revokeInvitation: t.field({
    type: MessagePayload,
    args: { workspaceId: t.arg.id({ required: true }), invitationId: t.arg.id({ required: true }) },
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: ADMIN_ONLY } }),
    resolve: async (_root, args, ctx) => {
      await revokeInvitation(ctx.db, String(args.workspaceId), String(args.invitationId));
      return { message: 'Invitation revoked' };
    },
  }),
  acceptInvitation: t.prismaField({
    type: 'Workspace',
    description: 'Joins the workspace of an invitation addressed to the caller, with its role.',
    args: { invitationId: t.arg.id({ required: true }) },
    authScopes: { authenticated: true },
    resolve: async (query, _root, args, ctx) => {
      const { workspaceId } = await acceptInvitation(ctx.db, ctx.viewer!.userId, String(args.invitationId));
      ctx.access?.forgetMemberships();
      return getWorkspace(ctx.db, workspaceId, query);
    },
  }),
  declineInvitation: t.field({
    type: MessagePayload,
    args: { invitationId: t.arg.id({ required: true }) },
    authScopes: { authenticated: true },
    resolve: async (_root, args, ctx) => {
      await declineInvitation(ctx.db, ctx.viewer!.userId, String(args.invitationId));
      return { message: 'Invitation declined' };
    },
  }),
  updateMemberRole: t.prismaField({
    type: 'MemberInWorkspace',
    description: "Changes a member's role; the workspace always keeps at least one ADMIN.",
    args: { ...memberArgs(t), role: t.arg({ type: WorkspaceRole, required: true }) },
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: ADMIN_ONLY } }),
    resolve: (_query, _root, args, ctx) => changeMemberRole(ctx.db, String(args.workspaceId), String(args.userId), args.role),
  }),
  removeMember: t.field({
    type: MessagePayload,
    description: 'Removes a member; the workspace always keeps at least one ADMIN.',
    args: memberArgs(t),
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: ADMIN_ONLY } }),
    resolve: async (_root, args, ctx) => {
      await removeMember(ctx.db, String(args.workspaceId), String(args.userId));
      return { message: 'Member removed' };
    },
  }),
}));
