import { ANY_ROLE } from '../../services/access';
import {
  editorsOf,
  heartbeat,
  leave,
  parseSessionKey,
  type BotEditor,
  type EditorSelection,
} from '../../services/editor-presence';
import type { EditorTab, EditorsEvent } from '../../services/live/events';
import { builder } from '../builder';
import type { GraphQLContext } from '../context';
import { botLiveStream, LIVE_STREAM_BOUNDS, unlessAccessLost, type ACCESS_LOST } from '../live-access';
import { UserRef } from './member';

// Who else has a bot open in the editor, and what each of their tabs has
// selected (docs/co-editing.md, "Who is where").

const EditorSelectionRef = builder.objectRef<EditorSelection>('EditorSelection').implement({
  description:
    "What one editor tab has selected on the canvas: a block (with the group it is in), or a group. The ids are the tab's own words: they may name nothing in the draft (deleted since, or never there).",
  fields: (t) => ({
    groupId: t.exposeID('groupId', {
      nullable: true,
      description: 'The selected group, or the group of the selected block.',
    }),
    blockId: t.exposeID('blockId', { nullable: true, description: 'The selected block, if a block is selected.' }),
  }),
});

const BotEditorRef = builder.objectRef<BotEditor>('BotEditor').implement({
  description: 'Someone with the bot open in the editor (one entry per user, however many tabs).',
  fields: (t) => ({
    user: t.field({ type: UserRef, resolve: (editor) => editor.user }),
    since: t.expose('since', {
      type: 'DateTime',
      description: "The user's latest heartbeat on the bot, over all their tabs.",
    }),
    selections: t.field({
      type: [EditorSelectionRef],
      description:
        "What the user's tabs have selected, one entry per tab that has something selected (the caller's own tab is never among them); empty when nothing is.",
      resolve: (editor) => editor.selections,
    }),
  }),
});

const EditorSelectionInput = builder.inputType('EditorSelectionInput', {
  description:
    'What the tab has selected: a block and its group, a group alone, or neither (both null). Each id is 1 to 64 of A-Z, a-z, 0-9, _ and -.',
  fields: (t) => ({
    groupId: t.string({ description: 'The selected group, or the group of the selected block.' }),
    blockId: t.string({ description: 'The selected block.' }),
  }),
});

type FieldBuilder = Parameters<Parameters<typeof builder.mutationFields>[0]>[0];

const SESSION_KEY =
  "A random id of the editor tab (1 to 64 of A-Z, a-z, 0-9, _ and -), the same for every call of that tab. A tab is the caller's and this key together: the same key sent by another user is another tab, so it never reaches the caller's own.";

/**
 * The caller's tab named by a key already parsed: a tab is its user's, so the
 * same key from another user names another tab. Only once access is checked
 * (there is a viewer): a subscription calls it when its stream opens.
 */
export const callersTab = (ctx: GraphQLContext, sessionKey: string): EditorTab => ({
  userId: ctx.viewer!.userId,
  sessionKey,
});

const presenceArgs = (t: FieldBuilder) => ({
  botId: t.arg.id({ required: true }),
  sessionKey: t.arg.string({ required: true, description: SESSION_KEY }),
});

// Mutations, not queries: each call records the caller's tab as well as reading.
builder.mutationFields((t) => ({
  editingBot: t.field({
    type: [BotEditorRef],
    description:
      "Records that the caller's tab has the bot open (call it every 15 s while it does, and at once when its selection changes) and answers who else has it open in the last 45 s, with what they have selected: other users, and the caller in other tabs, never this tab. Arriving, coming back after 45 s away and selecting something else are announced to the others by `editorsChanged`; a heartbeat that changes nothing is not.",
    args: {
      ...presenceArgs(t),
      selection: t.arg({
        type: EditorSelectionInput,
        description:
          "What the tab has selected now; null: nothing. Left out, the tab keeps the selection it last sent (a heartbeat that only says it is still there). A bad id is a BAD_REQUEST on ['selection', 'groupId' or 'blockId'].",
      }),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: ANY_ROLE } }),
    resolve: async (_root, args, ctx) => {
      const botId = String(args.botId);
      const now = new Date();
      await heartbeat(
        ctx.db,
        ctx.chat.live,
        { botId, userId: ctx.viewer!.userId, sessionKey: args.sessionKey, selection: args.selection },
        now,
      );
      return editorsOf(ctx.db, botId, callersTab(ctx, parseSessionKey(args.sessionKey)), now);
    },
  }),
  leftBot: t.boolean({
    description:
      "The caller's tab closed the bot: others stop seeing it at once (`editorsChanged` tells them). False when the caller had no tab recorded under that key (another user's tab under the same key stays).",
    args: presenceArgs(t),
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: ANY_ROLE } }),
    resolve: (_root, args, ctx) =>
      leave(ctx.db, ctx.chat.live, String(args.botId), ctx.viewer!.userId, args.sessionKey),
  }),
}));

builder.queryFields((t) => ({
  botEditors: t.field({
    type: [BotEditorRef],
    description:
      "Who else has the bot open, as `editingBot` answers, without recording anything: what an editor reads when `editorsChanged` tells it the list changed. `sessionKey` is the caller's tab, which is left out.",
    args: {
      botId: t.arg.id({ required: true }),
      sessionKey: t.arg.string({ required: true, description: SESSION_KEY }),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: ANY_ROLE } }),
    resolve: (_root, args, ctx) =>
      editorsOf(ctx.db, String(args.botId), callersTab(ctx, parseSessionKey(args.sessionKey)), new Date()),
  }),
}));

export const EditorsChangedRef = builder.objectRef<EditorsEvent>('EditorsChanged').implement({
  description:
    "Someone's editor tab opened the bot, selected something else or left it. Read the list again with `botEditors`.",
  fields: (t) => ({
    botId: t.exposeID('botId'),
    userId: t.exposeID('userId', { description: 'Whose tab it was.' }),
  }),
});

builder.subscriptionFields((t) => ({
  editorsChanged: t.field({
    type: EditorsChangedRef,
    description: `Every change of who has the bot open in the editor, or of what they have selected, from now on, from every server process sharing the database (within about a second), held open until the client goes away. Tabs that vanish without leaving are not announced: they drop out of \`botEditors\` 45 s after their last heartbeat. With \`sessionKey\`, that tab's own changes are left out. Any member of the bot's workspace; access is checked again as events come, and a caller who lost it gets NOT_FOUND, then the end of the stream. ${LIVE_STREAM_BOUNDS}`,
    args: {
      botId: t.arg.id({ required: true }),
      sessionKey: t.arg.string({
        description: "The subscribing editor tab (as editingBot's): its own changes are not sent.",
      }),
    },
    subscribe: (_root, args, ctx) => {
      const botId = String(args.botId);
      const sessionKey = args.sessionKey == null ? undefined : parseSessionKey(args.sessionKey);
      return botLiveStream(ctx, botId, (live) =>
        live.subscribeEditors(botId, sessionKey === undefined ? undefined : callersTab(ctx, sessionKey)),
      );
    },
    resolve: (event: EditorsEvent | typeof ACCESS_LOST) => unlessAccessLost(event),
  }),
}));
