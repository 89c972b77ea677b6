import { EDITOR_ROLES } from '../../services/access';
import {
  createCredentials,
  deleteCredentials,
  listCredentials,
  type CredentialsSummary,
} from '../../services/credentials/credentials';
import { builder } from '../builder';
import { MessagePayload } from './scalars';

// Credentials of a workspace (SMTP, AI providers, HTTP header sets, Stripe):
// written here, encrypted at rest, read back only by the chat runtime. No
// field ever returns their data.

const Credentials = builder.objectRef<CredentialsSummary>('Credentials').implement({
  description: 'Stored credentials: their data is write-only (encrypted, used by the bots of the workspace).',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    name: t.exposeString('name'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const editors = (workspaceId: unknown) => ({ workspace: { id: String(workspaceId), roles: EDITOR_ROLES } });

builder.queryFields((t) => ({
  credentials: t.field({
    type: [Credentials],
    description: 'The credentials of a workspace, oldest first (ADMIN or MEMBER).',
    args: { workspaceId: t.arg.id({ required: true }) },
    authScopes: (_root, args) => editors(args.workspaceId),
    resolve: (_root, args, ctx) => listCredentials(ctx.db, String(args.workspaceId)),
  }),
}));

builder.mutationFields((t) => ({
  createCredentials: t.field({
    type: Credentials,
    description: 'Stores credentials, encrypted. `data` depends on `type` (see the README).',
    args: {
      workspaceId: t.arg.id({ required: true }),
      type: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      data: t.arg({ type: 'JSON', required: true }),
    },
    authScopes: (_root, args) => editors(args.workspaceId),
    resolve: (_root, args, ctx) =>
      createCredentials(ctx.db, ctx.chat.secrets, String(args.workspaceId), {
        type: args.type,
        name: args.name,
        data: args.data,
      }),
  }),
  deleteCredentials: t.field({
    type: MessagePayload,
    args: { workspaceId: t.arg.id({ required: true }), credentialsId: t.arg.id({ required: true }) },
    authScopes: (_root, args) => editors(args.workspaceId),
    resolve: async (_root, args, ctx) => {
      await deleteCredentials(ctx.db, String(args.workspaceId), String(args.credentialsId));
      return { message: 'Credentials deleted' };
    },
  }),
}));
