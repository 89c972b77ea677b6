import { ADMIN_ONLY, WORKSPACE_ROLES } from '../../services/access';
import { addMember, changeMemberRole, removeMember } from '../../services/members';
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

builder.mutationFields((t) => ({
  addMember: t.prismaField({
    type: 'MemberInWorkspace',
    description: 'Adds a user by e-mail (creating the user when new).',
    args: {
      workspaceId: t.arg.id({ required: true }),
      email: t.arg.string({ required: true }),
      role: t.arg({ type: WorkspaceRole, required: true }),
    },
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: ADMIN_ONLY } }),
    resolve: (_query, _root, args, ctx) => addMember(ctx.db, String(args.workspaceId), { email: args.email, role: args.role }),
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
