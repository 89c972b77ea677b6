import { EDITOR_ROLES } from '../../services/access';
import { ASSET_CONTENT_TYPES, MAX_ASSET_BYTES, uploadBotAsset, type BotAsset } from '../../services/bot-assets';
import { builder } from '../builder';

// A builder's images for a bot (the Theme tab's avatars). A GraphQL mutation
// with base64 bytes rather than a multipart route: the files are small (1 MB),
// the console and the REST layer both reach the API through GraphQL, and the
// bot's editor roles are checked by authScopes like every other bot write.

const BotAssetRef = builder.objectRef<BotAsset>('BotAsset').implement({
  description: 'An image uploaded for a bot, served on the chat origin; deleted with the bot.',
  fields: (t) => ({
    url: t.exposeString('url', {
      description: 'Absolute URL on the chat origin (it holds an unguessable id): put it in the theme.',
    }),
  }),
});

builder.mutationFields((t) => ({
  uploadBotAsset: t.field({
    type: BotAssetRef,
    description: `Stores an image for the bot (${ASSET_CONTENT_TYPES.join(', ')}; at most ${MAX_ASSET_BYTES / 1024 / 1024} MB; its first bytes must be of that type) and answers its URL. A bot keeps at most PARLEY_BOT_ASSETS_PER_BOT images and a workspace's bots PARLEY_BOT_ASSETS_WORKSPACE_MB of them (server settings): past either, BAD_REQUEST naming the limit.`,
    args: {
      botId: t.arg.id({ required: true }),
      fileName: t.arg.string({
        required: true,
        description: 'Served under this name (made safe; the extension follows contentType).',
      }),
      contentType: t.arg.string({ required: true }),
      dataBase64: t.arg.string({ required: true, description: 'The bytes, base64.' }),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: (_root, args, ctx) => uploadBotAsset(ctx.uploads, String(args.botId), args, ctx.request.chatBaseUrl),
  }),
}));
