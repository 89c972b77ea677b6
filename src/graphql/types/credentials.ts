import { EDITOR_ROLES } from '../../services/access';
import {
  connectionHealth,
  connectionOf,
  connectTelegramWebhook,
  verifyTokenOf,
  webhookPath,
  type ConnectionRef,
} from '../../services/channels/connection';
import {
  createCredentials,
  deleteCredentials,
  listCredentials,
  type CredentialsSummary,
} from '../../services/credentials/credentials';
import { AppError } from '../../errors';
import { builder } from '../builder';
import { MessagePayload } from './scalars';

// Credentials of a workspace (SMTP, AI providers, HTTP header sets, Stripe,
// messaging channels): written here, encrypted at rest, read back only by the
// chat runtime. No field ever returns their data; a channel's connection shows
// where its provider posts and WhatsApp's verify token (a check value the
// builder pastes in Meta's dashboard, not a secret of the account).

const editors = (workspaceId: unknown) => ({ workspace: { id: String(workspaceId), roles: EDITOR_ROLES } });

const ChannelConnection = builder.objectRef<ConnectionRef>('ChannelConnection').implement({
  description: 'A messaging channel (WhatsApp, Telegram) connected through these credentials.',
  fields: (t) => ({
    webhookPath: t.string({
      description: 'Where the provider posts updates, on the console/API origin (prefix it with the origin).',
      resolve: (connection) => webhookPath(connection),
    }),
    verifyToken: t.string({
      nullable: true,
      description: "WhatsApp: the verify token to paste in Meta's app dashboard (Webhooks); null for Telegram.",
      authScopes: (connection) => editors(connection.workspaceId),
      resolve: (connection, _args, ctx) => verifyTokenOf(ctx.db, ctx.chat.secrets, connection),
    }),
    lastEventAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the newest update of this connection was received.',
      resolve: async (connection, _args, ctx) => (await connectionHealth(ctx.db, connection.credentialsId)).lastEventAt,
    }),
    lastDeliveryError: t.string({
      nullable: true,
      description: 'Why the newest message given up on could not be sent.',
      resolve: async (connection, _args, ctx) =>
        (await connectionHealth(ctx.db, connection.credentialsId)).lastDeliveryError,
    }),
    pendingEvents: t.int({
      description: 'Updates received and not answered yet.',
      resolve: async (connection, _args, ctx) =>
        (await connectionHealth(ctx.db, connection.credentialsId)).pendingEvents,
    }),
  }),
});

const Credentials = builder.objectRef<CredentialsSummary>('Credentials').implement({
  description: 'Stored credentials: their data is write-only (encrypted, used by the bots of the workspace).',
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    name: t.exposeString('name'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    channel: t.field({
      type: ChannelConnection,
      nullable: true,
      description: 'The messaging channel of whatsApp and telegram credentials; null for the other types.',
      resolve: (credentials, _args, ctx) => connectionOf(ctx.db, credentials),
    }),
  }),
});

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
  connectTelegramWebhook: t.field({
    type: MessagePayload,
    description:
      "Registers the connection's webhook address (the console origin + its webhookPath) with Telegram (setWebhook), with the connection's secret token. `webhookUrl`, when given, must be that address (https instead of http allowed), else BAD_REQUEST with an issue at `webhookUrl`. A refusal by Telegram answers BAD_REQUEST with its description.",
    args: {
      workspaceId: t.arg.id({ required: true }),
      credentialsId: t.arg.id({ required: true }),
      webhookUrl: t.arg.string({ required: false }),
    },
    authScopes: (_root, args) => editors(args.workspaceId),
    resolve: async (_root, args, ctx) => {
      const connect = ctx.channels?.connect;
      if (!connect) throw new AppError('INTERNAL_SERVER_ERROR', 'Messaging channels are not running on this server');
      const message = await connectTelegramWebhook(ctx.db, ctx.chat.secrets, connect, {
        workspaceId: String(args.workspaceId),
        credentialsId: String(args.credentialsId),
        webhookUrl: args.webhookUrl ?? undefined,
        consoleOrigin: ctx.request.consoleBaseUrl,
      });
      return { message };
    },
  }),
}));
