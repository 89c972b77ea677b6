import { ANY_ROLE, EDITOR_ROLES } from '../../services/access';
import { editBot, patchDraft, type CreatedEntity, type EditedBot } from '../../services/bot-edits';
import { hasUnpublishedChanges, publishBot, unpublishBot } from '../../services/bot-publishing';
import { createBot, updateBot } from '../../services/bot-saves';
import { archiveBot, draftDefinition, draftOutline, getBot, listBots, type BotRecord } from '../../services/bots';
import type { Page } from '../../services/pagination';
import { builder } from '../builder';
import { clientKeyArg, draftSave } from './draft-changes';
import { MessagePayload } from './scalars';

const shareUrlOf = (publicId: string | null, chatBaseUrl: string | undefined) =>
  publicId && chatBaseUrl ? `${chatBaseUrl.replace(/\/$/, '')}/${encodeURIComponent(publicId)}` : null;

const BotRef = builder.prismaObject('Bot', {
  description: 'A bot: metadata plus its draft definition (the published snapshot is what live chats run).',
  fields: (t) => ({
    id: t.exposeID('id'),
    workspaceId: t.exposeID('workspaceId'),
    name: t.exposeString('name'),
    icon: t.exposeString('icon', { nullable: true }),
    publicId: t.exposeString('publicId', { nullable: true, description: 'Slug used by startChat.' }),
    hasUnpublishedChanges: t.boolean({
      select: { id: true, version: true, draft: true, publishedRevision: true },
      description: 'Whether the draft differs from the published revision (true when never published).',
      resolve: (bot, _args, ctx) => hasUnpublishedChanges(ctx.db, bot),
    }),
    shareUrl: t.string({
      nullable: true,
      select: { publicId: true },
      description:
        "The bot's public page, absolute, on the chat origin (PARLEY_CHAT_URL); null without a publicId. It answers once the bot is published.",
      resolve: (bot, _args, ctx) => shareUrlOf(bot.publicId, ctx.request.chatBaseUrl),
    }),
    draftVersion: t.exposeInt('draftVersion', {
      description:
        "Counts the bot's edits: pass it as updateBot's expectedVersion so a save based on an older version is refused (REST: the ETag / If-Match headers).",
    }),
    isClosed: t.exposeBoolean('isClosed', { description: 'A closed bot refuses new chats.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    publishedAt: t.expose('publishedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Time of the last publish; null when not published.',
    }),
    version: t.exposeString('version', { description: 'Schema version of the draft definition ("3" to "6.1").' }),
    groups: t.field({
      type: 'JSON',
      select: { draft: true, version: true },
      resolve: (bot) => draftDefinition(bot).groups,
    }),
    edges: t.field({
      type: 'JSON',
      select: { draft: true, version: true },
      resolve: (bot) => draftDefinition(bot).edges,
    }),
    variables: t.field({
      type: 'JSON',
      select: { draft: true, version: true },
      resolve: (bot) => draftDefinition(bot).variables,
    }),
    events: t.field({
      type: 'JSON',
      nullable: true,
      description: 'null before version 6 (the start is a block).',
      select: { draft: true, version: true },
      resolve: (bot) => draftDefinition(bot).events,
    }),
    theme: t.field({
      type: 'JSON',
      select: { draft: true, version: true },
      resolve: (bot) => draftDefinition(bot).theme,
    }),
    settings: t.field({
      type: 'JSON',
      select: { draft: true, version: true },
      resolve: (bot) => draftDefinition(bot).settings,
    }),
    whatsAppCredentialsId: t.string({
      nullable: true,
      description:
        'The WhatsApp connection as a Typebot export names it, beside settings; settings.messagingApp.credentialsId is read first.',
      select: { draft: true, version: true },
      resolve: (bot) => draftDefinition(bot).whatsAppCredentialsId ?? null,
    }),
    outline: t.field({
      type: 'JSON',
      description:
        "The draft at a glance, for a reader rather than a program: each group's blocks with a one-line summary (what it says or asks, variables by name), raw options, items, and where each path goes (`next`: group id and title), the start, the variables and the edges. Ids are the definition's, so any entry can be named in an edit.",
      select: { draft: true, version: true },
      resolve: (bot) => draftOutline(bot),
    }),
  }),
});

const BotPage = builder.objectRef<Page<BotRecord>>('BotPage').implement({
  fields: (t) => ({
    bots: t.field({ type: [BotRef], resolve: (page) => page.items }),
    nextCursor: t.exposeString('nextCursor', {
      nullable: true,
      description: 'Pass as `cursor` for the next page; null on the last.',
    }),
  }),
});

const CreatedKind = builder.enumType('CreatedKind', {
  description: 'What an edit added: a group, a block, an item of a block, a connection (edge) or a variable.',
  values: ['group', 'block', 'item', 'edge', 'variable'] as const,
});

const CreatedIdRef = builder.objectRef<CreatedEntity>('CreatedId').implement({
  description: 'Something an edit of editBot added, with its id (made by the server when the edit gave none).',
  fields: (t) => ({
    edit: t.exposeInt('edit', { description: 'The index of the edit in the list (0: the first).' }),
    kind: t.field({ type: CreatedKind, resolve: (created) => created.kind }),
    id: t.exposeID('id'),
  }),
});

const EditBotPayload = builder.objectRef<EditedBot>('EditBotPayload').implement({
  description: 'The bot as the edits left it, and what they added.',
  fields: (t) => ({
    bot: t.field({ type: BotRef, resolve: (edited) => edited.bot }),
    created: t.field({
      type: [CreatedIdRef],
      description: 'In the order the edits made them; ids the edits gave are listed too.',
      resolve: (edited) => edited.created,
    }),
  }),
});

const botIdArg = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  botId: t.arg.id({ required: true }),
});

builder.queryFields((t) => ({
  bots: t.field({
    type: BotPage,
    description: 'Live bots of a workspace, newest first.',
    args: {
      workspaceId: t.arg.id({ required: true }),
      limit: t.arg.int({ description: '1 to 100, default 50.' }),
      cursor: t.arg.string(),
    },
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: ANY_ROLE } }),
    resolve: (_root, args, ctx) => listBots(ctx.db, String(args.workspaceId), args),
  }),
  bot: t.prismaField({
    type: 'Bot',
    args: { botId: t.arg.id({ required: true }) },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: ANY_ROLE } }),
    resolve: (_query, _root, args, ctx) => getBot(ctx.db, String(args.botId)),
  }),
}));

builder.mutationFields((t) => ({
  createBot: t.prismaField({
    type: 'Bot',
    description:
      "Creates a bot from a definition of any version (3 to 6.1), e.g. a Typebot export as it is. The export's id and publicId are kept when free.",
    args: { workspaceId: t.arg.id({ required: true }), bot: t.arg({ type: 'JSON', required: true }) },
    authScopes: (_root, args) => ({ workspace: { id: String(args.workspaceId), roles: EDITOR_ROLES } }),
    resolve: (_query, _root, args, ctx) =>
      createBot(ctx.db, String(args.workspaceId), args.bot, {
        storageBytes: ctx.draftStorage?.workspaceBytes,
        bounds: ctx.draftBounds,
      }),
  }),
  updateBot: t.prismaField({
    type: 'Bot',
    description:
      'Applies a partial bot (name, icon, publicId, isClosed and/or definition keys); the result is validated whole. With expectedVersion, refused with CONFLICT when the bot is no longer at that draftVersion (someone else saved meanwhile); without it, the last save wins.',
    args: {
      ...botIdArg(t),
      bot: t.arg({ type: 'JSON', required: true }),
      expectedVersion: t.arg.int({ description: 'The draftVersion this change was made on.' }),
      clientKey: clientKeyArg(t),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: (_query, _root, args, ctx) =>
      updateBot(ctx.db, String(args.botId), args.bot, args.expectedVersion, draftSave(ctx, args.clientKey)),
  }),
  changeBotDraft: t.prismaField({
    type: 'Bot',
    description:
      "Applies an editor's changes to the bot's draft as it is now, whoever saved since (docs/co-editing.md): `patch` is in the form of `bot.draftChanges`' patches (groups without their blocks, with `blockIds`; blocks with their `groupId`; edges, variables and events set whole or removed by id; an order when one changed; theme and settings keys set, null: removed). Objects it does not name keep their current values, the ones it names take its own (the later save wins). Never a CONFLICT: nothing is overwritten but what the patch names. The draft it makes is validated whole, as updateBot's; a malformed patch is a BAD_REQUEST under [\"patch\", …]. Select `draftChanges(since)` with the version the editor had to read, in the same answer, every save up to its own.",
    args: {
      ...botIdArg(t),
      patch: t.arg({ type: 'JSON', required: true }),
      clientKey: clientKeyArg(t),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: (_query, _root, args, ctx) =>
      patchDraft(ctx.db, String(args.botId), args.patch, draftSave(ctx, args.clientKey)),
  }),
  editBot: t.field({
    type: EditBotPayload,
    description: [
      "Applies a list of small edits to the bot's draft, in order and all or none, then saves it as updateBot does (validated whole; expectedVersion as there, CONFLICT when the bot is no longer at that draftVersion; without it, a save that loses a race is applied again to the new draft).",
      'Each edit is an object with `op`:',
      'addGroup {title?, position?: {x, y}, blocks?, id?} (placed right of the rightmost group when no position);',
      'updateGroup {groupId, title?, position?}; removeGroup {groupId} (its connections go too);',
      'addBlock {groupId, block, index?} (default: last); updateBlock {blockId, options?, content?, items?} (options and content merged, a key set to null removed; items replaced);',
      'removeBlock {blockId}; moveBlock {blockId, groupId, index?};',
      'connect {from: {blockId, itemId?, pathId?} | {eventId} | {groupId} (its last block), to: {groupId, blockId?}, id?} (replaces the connection the source had); disconnect {edgeId} | {from};',
      'addVariable {name, value?, id?}; renameVariable {variableId, name} (every {{old name}} follows); removeVariable {variableId};',
      'updateSettings {settings}; updateTheme {theme} (merged per top-level key).',
      'Blocks and items are as in the definition, their id optional: ids left out are made, and answered in `created`. An id that is not in the draft is a BAD_REQUEST whose issue path names the edit (["edits", 2, "groupId"]).',
    ].join(' '),
    args: {
      ...botIdArg(t),
      edits: t.arg({ type: 'JSON', required: true, description: 'The list of edits (objects with `op`).' }),
      expectedVersion: t.arg.int({ description: 'The draftVersion these edits were made on.' }),
      clientKey: clientKeyArg(t),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: (_root, args, ctx) =>
      editBot(ctx.db, String(args.botId), args.edits, args.expectedVersion, draftSave(ctx, args.clientKey)),
  }),
  deleteBot: t.field({
    type: MessagePayload,
    description: 'Archives the bot: gone from lists and reads, public id freed, results kept for billing.',
    args: botIdArg(t),
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: async (_root, args, ctx) => {
      await archiveBot(ctx.db, String(args.botId), ctx.uploads.files);
      return { message: 'Bot deleted' };
    },
  }),
  publishBot: t.prismaField({
    type: 'Bot',
    description: 'Snapshots the draft for live chats; assigns a public id when there is none.',
    args: botIdArg(t),
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: (_query, _root, args, ctx) =>
      publishBot(ctx.db, String(args.botId), {
        publisherId: ctx.viewer?.userId,
        storageBytes: ctx.draftStorage?.workspaceBytes,
      }),
  }),
  unpublishBot: t.prismaField({
    type: 'Bot',
    description: 'Removes the published snapshot: the public id stops serving chats.',
    args: botIdArg(t),
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: (_query, _root, args, ctx) => unpublishBot(ctx.db, String(args.botId)),
  }),
}));
