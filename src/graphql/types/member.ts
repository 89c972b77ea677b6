import { ADMIN_ONLY, WORKSPACE_ROLES } from '../../services/access';
import { invitationLinkUrl, issueInvitationLink, withdrawInvitationLink } from '../../services/invitation-links';
import {
  acceptInvitation,
  declineInvitation,
  invitationsForUser,
  inviteMember,
  pendingInvitations,
  revokeInvitation,
} from '../../services/invitations';
import { changeMemberRole, removeMember } from '../../services/members';
import { getWorkspace } from '../../services/workspaces';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { MessagePayload } from './scalars';

export const WorkspaceRole = builder.enumType(WORKSPACE_ROLES, { name: 'WorkspaceRole' });

export const UserRef = builder.prismaObject('User', {
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    name: t.exposeString('name', { nullable: true }),
    image: t.exposeString('image', { nullable: true }),
    hasPassword: t.boolean({
      nullable: true,
      description: 'Whether the user can sign in with a password: given for the caller only (null for others).',
      resolve: (user, _args, ctx) => (user.id === ctx.viewer?.userId ? user.passwordHash !== null : null),
    }),
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
    workspace: t.relation('workspace', {
      description: 'The workspace it invites to (its name and icon are shown to the invitee).',
    }),
    emailed: t.boolean({
      description: 'Whether the invitation link was e-mailed to the address (the server has SMTP settings).',
      resolve: (invitation) => invitation.tokenHash !== null && !invitation.linkShown,
    }),
    link: t.string({
      nullable: true,
      description:
        "The invitation link, for an operator (PARLEY_OPERATORS) to hand over when the server sends no e-mail: given once, in inviteMember's answer, null everywhere else and for other inviters. It lets a person without an account create theirs and join; it never signs in to an existing account.",
      resolve: (invitation) => shownLinks.get(invitation) ?? null,
    }),
  }),
});

/** Whether the caller is one of the server's operators (PARLEY_OPERATORS), by their account's address. */
async function isOperator(ctx: GraphQLContext): Promise<boolean> {
  const operators = ctx.signIn.operators ?? [];
  if (!ctx.viewer || operators.length === 0) return false;
  const user = await ctx.db.user.findUnique({
    where: { id: ctx.viewer.userId },
    select: { email: true, emailUnproven: true },
  });
  return Boolean(user && !user.emailUnproven && operators.includes(user.email));
}

/** Links shown once, in the answer of the inviteMember call that made them (never stored in clear). */
const shownLinks = new WeakMap<object, string>();

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
    resolve: async (_query, _root, args, ctx) => {
      const invitation = await inviteMember(ctx.db, String(args.workspaceId), {
        email: args.email,
        role: args.role,
        invitedById: ctx.viewer?.userId,
      });
      const send = ctx.signIn.sendInvitation;
      if (send) {
        const secret = await issueInvitationLink(ctx.db, invitation.id, false);
        const workspace = await ctx.db.workspace.findUniqueOrThrow({
          where: { id: invitation.workspaceId },
          select: { name: true },
        });
        // E-mailed on the configured console origin, whatever Host this request named.
        await send(invitation.email, secret, workspace.name);
        return ctx.db.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
      }
      // No e-mail: a link that makes an account is handed to an operator only (anyone else could squat the address).
      if (!(await isOperator(ctx))) {
        await withdrawInvitationLink(ctx.db, invitation.id);
        return ctx.db.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
      }
      const secret = await issueInvitationLink(ctx.db, invitation.id, true);
      const issued = await ctx.db.invitation.findUniqueOrThrow({ where: { id: invitation.id } });
      // Shown to the inviter alone, who reached this server by the Host they named.
      shownLinks.set(issued, invitationLinkUrl(ctx.request.consoleBaseUrl ?? '', secret));
      return issued;
    },
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
    resolve: (_query, _root, args, ctx) =>
      changeMemberRole(ctx.db, String(args.workspaceId), String(args.userId), args.role),
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
