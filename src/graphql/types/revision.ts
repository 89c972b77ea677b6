import { EDITOR_ROLES } from '../../services/access';
import {
  getRevision,
  listRevisions,
  restoreRevision,
  type BlockChange,
  type DefinitionChanges,
  type GroupChange,
  type Revision,
  type RevisionDetail,
} from '../../services/revisions';
import { draftSave } from './draft-changes';
import { builder } from '../builder';
import { UserRef } from './member';

// A bot's version history: every publish is a revision. Reading it is open to
// any member of the bot's workspace (through Bot); restoring is an edit.

const PUBLISHER =
  'Who published it; null for revisions published before this was kept, by the CLI, or by a deleted account.';
const IS_LIVE = "Whether it is the bot's published revision (what new live chats run).";

const BotRevision = builder.objectRef<Revision>('BotRevision').implement({
  description: 'One publish of a bot.',
  fields: (t) => ({
    revision: t.exposeInt('revision'),
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
    publisher: t.field({
      type: UserRef,
      nullable: true,
      description: PUBLISHER,
      resolve: (revision) => revision.publisher,
    }),
    isLive: t.exposeBoolean('isLive', { description: IS_LIVE }),
  }),
});

const RevisionGroupChange = builder.objectRef<GroupChange>('RevisionGroupChange').implement({
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

const RevisionBlockChange = builder.objectRef<BlockChange>('RevisionBlockChange').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type', { description: 'The block type, e.g. "text" or "choice input".' }),
    groupId: t.exposeID('groupId', { description: 'Its group in the draft; in the revision for a removed block.' }),
    label: t.exposeString('label', { description: 'Its type and its group\'s title, e.g. "text in Welcome".' }),
  }),
});

const RevisionChanges = builder.objectRef<DefinitionChanges>('RevisionChanges').implement({
  description:
    'What the draft changed since a revision: added means in the draft only, removed in the revision only; groups and blocks are matched by id.',
  fields: (t) => ({
    groupsAdded: t.field({ type: [RevisionGroupChange], resolve: (changes) => changes.groupsAdded }),
    groupsRemoved: t.field({ type: [RevisionGroupChange], resolve: (changes) => changes.groupsRemoved }),
    groupsChanged: t.field({
      type: [RevisionGroupChange],
      description: 'Another title, position or order of blocks.',
      resolve: (changes) => changes.groupsChanged,
    }),
    blocksAdded: t.field({ type: [RevisionBlockChange], resolve: (changes) => changes.blocksAdded }),
    blocksRemoved: t.field({ type: [RevisionBlockChange], resolve: (changes) => changes.blocksRemoved }),
    blocksChanged: t.field({
      type: [RevisionBlockChange],
      description: 'Any other content or options.',
      resolve: (changes) => changes.blocksChanged,
    }),
    themeChanged: t.exposeBoolean('themeChanged'),
    settingsChanged: t.exposeBoolean('settingsChanged'),
    variablesChanged: t.exposeBoolean('variablesChanged'),
    edgesChanged: t.exposeBoolean('edgesChanged', { description: 'Connections between blocks.' }),
    eventsChanged: t.exposeBoolean('eventsChanged', { description: 'The start and other events (version 6).' }),
  }),
});

const BotRevisionDetail = builder.objectRef<RevisionDetail>('BotRevisionDetail').implement({
  description: 'One publish of a bot with its content.',
  fields: (t) => ({
    revision: t.exposeInt('revision'),
    publishedAt: t.expose('publishedAt', { type: 'DateTime' }),
    publisher: t.field({
      type: UserRef,
      nullable: true,
      description: PUBLISHER,
      resolve: (revision) => revision.publisher,
    }),
    isLive: t.exposeBoolean('isLive', { description: IS_LIVE }),
    definition: t.field({
      type: 'JSON',
      description:
        'Its definition, in the shape bot gives the draft: version, groups, events, edges, variables, theme, settings.',
      resolve: (revision) => revision.definition,
    }),
    changes: t.field({ type: RevisionChanges, resolve: (revision) => revision.changes }),
    export: t.field({
      type: 'JSON',
      description:
        "A Typebot export file of it (importable with createBot); id, name, icon and publicId are the bot's current ones.",
      resolve: (revision) => revision.export,
    }),
  }),
});

builder.prismaObjectFields('Bot', (t) => ({
  revisions: t.field({
    type: [BotRevision],
    description: 'Every publish, newest first.',
    resolve: (bot, _args, ctx) => listRevisions(ctx.db, bot),
  }),
  revision: t.field({
    type: BotRevisionDetail,
    nullable: true,
    description:
      'One revision with its content and what the draft changed since; NOT_FOUND when the bot has no such revision.',
    args: { revision: t.arg.int({ required: true }) },
    resolve: (bot, args, ctx) => getRevision(ctx.db, bot, args.revision),
  }),
}));

builder.mutationFields((t) => ({
  restoreRevision: t.prismaField({
    type: 'Bot',
    description:
      "Copies a revision's content into the draft, as an edit (draftVersion counts it; expectedVersion as in updateBot). What is live does not change until the bot is published again.",
    args: {
      botId: t.arg.id({ required: true }),
      revision: t.arg.int({ required: true }),
      expectedVersion: t.arg.int({ description: 'The draftVersion this restore was decided on.' }),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: (_query, _root, args, ctx) =>
      restoreRevision(ctx.db, String(args.botId), args.revision, args.expectedVersion, draftSave(ctx, null)),
  }),
}));
