import { ANY_ROLE } from '../../services/access';
import { editorsOf, heartbeat, leave, type BotEditor } from '../../services/editor-presence';
import { builder } from '../builder';
import { UserRef } from './member';

const BotEditorRef = builder.objectRef<BotEditor>('BotEditor').implement({
  description: 'Someone with the bot open in the editor (one entry per user, however many tabs).',
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (editor) => editor.user }),
    since: t.expose('since', {
      type: 'DateTime',
      description: "The user's latest heartbeat on the bot, over all their tabs.",
    }),
  }),
});

const presenceArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  botId: t.arg.id({ required: true }),
  sessionKey: t.arg.string({
    required: true,
    description:
      'A random id of the editor tab (1 to 64 of A-Z, a-z, 0-9, _ and -), the same for every call of that tab.',
  }),
});

// Mutations, not queries: each call records the caller's tab as well as reading.
builder.mutationFields((t) => ({
  editingBot: t.field({
    type: [BotEditorRef],
    description:
      "Records that the caller's tab has the bot open (call it every 15 s while it does) and answers who else has it open in the last 45 s: other users, and the caller in other tabs, never this tab.",
    args: presenceArgs(t),
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: ANY_ROLE } }),
    resolve: async (_root, args, ctx) => {
      const botId = String(args.botId);
      const now = new Date();
      await heartbeat(ctx.db, botId, ctx.viewer!.userId, args.sessionKey, now);
      return editorsOf(ctx.db, botId, args.sessionKey, now);
    },
  }),
  leftBot: t.boolean({
    description:
      "The caller's tab closed the bot: others stop seeing it at once. False when the tab was not (or no longer) recorded.",
    args: presenceArgs(t),
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: ANY_ROLE } }),
    resolve: (_root, args, ctx) => leave(ctx.db, String(args.botId), args.sessionKey),
  }),
}));
