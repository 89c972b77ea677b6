import { DEFAULT_DRAFT_CHANGES_PAGE, draftChangesSince, type DraftChange } from '../../services/bot-changes';
import type { SaveOptions } from '../../services/bot-saves';
import { parseSessionKey } from '../../services/editor-presence';
import type { DraftEvent } from '../../services/live/events';
import { builder } from '../builder';
import { UserRef } from './member';
import type { GraphQLContext } from '../context';
import { botLiveStream, LIVE_STREAM_BOUNDS, unlessAccessLost, type ACCESS_LOST } from '../live-access';

// Editing together (docs/co-editing.md): every save of a draft is logged with
// its patch and announced live; an editor catches up from the log.

/** The `clientKey` argument of the saves: the editor tab that makes it. */
export const clientKeyArg = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) =>
  t.arg.string({
    description:
      "The saving editor tab's presence key (as editingBot's sessionKey): its own save comes back to it marked as its own. The key is the caller's: other users read the save without it, and a save another user sends under the same key is never marked as this tab's. API clients leave it out.",
  });

/**
 * A save's tab key, shown to the save's author only. A tab recognises its own
 * saves by it, so another user who read it could pass their saves off as the
 * tab's (skipped by it, never caught up with); and it is the tab's presence key.
 * A save without an author has no key to show.
 */
const clientKeyFor = (save: { authorId: string | null; clientKey: string | null }, ctx: GraphQLContext) =>
  save.authorId !== null && save.authorId === ctx.viewer?.userId ? save.clientKey : null;

const CLIENT_KEY =
  "The editor tab that saved, if one did, to the user who saved: null for everyone else's saves (another user's key is never shown). A tab compares it with its own key to skip its own saves.";

/** Who saves, the live channel that tells the others, and the quiet spell after which a save checkpoints the draft first. */
export function draftSave(ctx: GraphQLContext, clientKey: string | null | undefined): Omit<SaveOptions, 'origin'> {
  return {
    authorId: ctx.viewer?.userId ?? null,
    clientKey: clientKey == null ? null : parseSessionKey(clientKey),
    live: ctx.chat.live,
    quietMs: ctx.draftCheckpointQuietMs,
    bounds: ctx.draftBounds,
    storageBytes: ctx.draftStorage?.workspaceBytes,
  };
}

const DraftChangeRef = builder.objectRef<DraftChange>('DraftChange').implement({
  description: "One save of a bot's draft, as the server applied it.",
  fields: (t) => ({
    version: t.exposeInt('version', { description: 'The draftVersion the save made.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    authorId: t.exposeID('authorId', { nullable: true, description: 'Who saved.' }),
    author: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who saved, when the account still exists (null for saves without a user).',
      resolve: (change, _args, ctx) =>
        change.authorId ? ctx.db.user.findUnique({ where: { id: change.authorId } }) : null,
    }),
    clientKey: t.string({
      nullable: true,
      description: CLIENT_KEY,
      resolve: (change, _args, ctx) => clientKeyFor(change, ctx),
    }),
    patch: t.field({
      type: 'JSON',
      description:
        'What the save changed: groups (without their blocks, with `blockIds`), blocks (with their `groupId`), edges, variables and events set whole or removed by id, the order of groups or variables when it changed, and theme and settings keys set (null: removed). Apply it over any copy of the draft: objects it does not name stay as they are.',
      resolve: (change) => change.patch,
    }),
  }),
});

builder.prismaObjectField('Bot', 'draftChanges', (t) =>
  t.field({
    type: [DraftChangeRef],
    nullable: true,
    description:
      "The saves of the draft after version `since`, oldest first, up to the bot's `draftVersion`, one page at a time: at most PARLEY_DRAFT_CHANGES_PER_READ saves (100) and PARLEY_DRAFT_CHANGES_READ_MB of patches (10 MB, all of a request's draftChanges fields together). When the last one listed is below `draftVersion`, read again from it. Null when the log cannot bring the caller up to date: the server no longer has all of them (the last 500 are kept), one is a restore (its change holds no copy of the revision), one alone is over the bytes, or `since` is ahead: read the draft again instead. An editor applies them to catch up after `draftChanged` tells it of a new version, or after a reconnect.",
    args: { since: t.arg.int({ required: true }) },
    select: { id: true, draftVersion: true },
    resolve: async (bot, args, ctx) => {
      const page = ctx.draftStorage?.changesPage ?? DEFAULT_DRAFT_CHANGES_PAGE;
      // Taken before reading, so that fields read at once (aliases) share the request's bytes rather than each having them.
      const allowance = Math.min(page.bytes, ctx.draftChangesBudget.bytes);
      ctx.draftChangesBudget.bytes -= allowance;
      let used = 0;
      try {
        const read = await draftChangesSince(ctx.db, bot.id, args.since, bot.draftVersion, {
          changes: page.changes,
          bytes: allowance,
        });
        used = read?.bytes ?? 0;
        return read?.changes ?? null;
      } finally {
        ctx.draftChangesBudget.bytes += allowance - used;
      }
    },
  }),
);

export const DraftChangedRef = builder.objectRef<DraftEvent>('DraftChanged').implement({
  description: "A save of a bot's draft, once committed. Read what it changed with `bot.draftChanges(since)`.",
  fields: (t) => ({
    botId: t.exposeID('botId'),
    draftVersion: t.exposeInt('draftVersion'),
    authorId: t.exposeID('authorId', { nullable: true }),
    clientKey: t.string({
      nullable: true,
      description: CLIENT_KEY,
      resolve: (event, _args, ctx) => clientKeyFor(event, ctx),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  draftChanged: t.field({
    type: DraftChangedRef,
    description: `Every save of a bot's draft from now on (the editor, REST PATCH, updateBot, editBot, a restore, an assistant), from every server process sharing the database, held open until the client goes away. Any member of the bot's workspace; access is checked again as events come, and a caller who lost it gets NOT_FOUND, then the end of the stream. ${LIVE_STREAM_BOUNDS}`,
    args: { botId: t.arg.id({ required: true }) },
    subscribe: (_root, args, ctx) => {
      const botId = String(args.botId);
      return botLiveStream(ctx, botId, (live) => live.subscribeDrafts(botId));
    },
    resolve: (event: DraftEvent | typeof ACCESS_LOST) => unlessAccessLost(event),
  }),
}));
