import { publicChatPage, type PublicChatPage } from '../../services/public-page';
import { builder } from '../builder';

// What the public chat page (GET /{publicId}) shows in its <head>. Public, like startChat.

const PublicChatPageRef = builder.objectRef<PublicChatPage>('PublicChatPage').implement({
  description: 'A published bot that may be chatted with on its public page.',
  fields: (t) => ({
    publicId: t.exposeString('publicId'),
    name: t.exposeString('name'),
    metadata: t.field({
      type: 'JSON',
      description: 'settings.metadata of the published revision.',
      resolve: (page) => page.metadata,
    }),
    allowsCustomHeadCode: t.exposeBoolean('allowsCustomHeadCode', {
      description: 'customHeadCode is used only off the FREE plan.',
    }),
  }),
});

builder.queryFields((t) => ({
  publicChatPage: t.field({
    type: PublicChatPageRef,
    nullable: true,
    description: 'The public page of a published bot; null when unknown or settings.publicShare.isEnabled is false.',
    args: { publicId: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => publicChatPage(ctx.db, args.publicId),
  }),
}));
