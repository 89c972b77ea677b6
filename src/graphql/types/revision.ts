import { EDITOR_ROLES } from '../../services/access';
import {
  CHECKPOINT_REASONS,
  getRevision,
  listRevisions,
  restoreRevision,
  REVISION_KINDS,
  takeManualCheckpoint,
  type BlockChange,
  type DefinitionChanges,
  type GroupChange,
  type Revision,
  type RevisionDetail,
} from '../../services/revisions';
import { draftSave } from './draft-changes';
import { builder } from '../builder';
import { UserRef } from './member';
import type { GraphQLContext } from '../context';

// A bot's version history: every publish is a revision, and so is every
// checkpoint of its draft. Reading it is open to any member of the bot's
// workspace (through Bot); restoring and checkpointing are edits.

const AUTHOR =
  'Who published it, or whose action took the checkpoint; null for revisions published before this was kept, by the CLI, or by a deleted account.';
const IS_LIVE = "Whether it is the bot's published revision (what new live chats run); never a draft checkpoint.";

const RevisionKind = builder.enumType('RevisionKind', {
  description: 'published: a publish of the bot; draft: a checkpoint of its draft, never run by live chats.',
  values: REVISION_KINDS,
});

const CheckpointReason = builder.enumType('CheckpointReason', {
  description: [
    'Why a draft checkpoint was taken:',
    'quiet: the first save after the draft was left unchanged a while (it closes the editing session before);',
    'restore: a revision was restored over the draft; import: a whole flow was saved over it;',
    "overwrite: a co-editor's change replaced another's change of the same field; manual: someone asked for it.",
  ].join(' '),
  values: CHECKPOINT_REASONS,
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The fields a revision shows in lists and in detail. */
function revisionFields<R extends Revision>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, R>) {
  return {
    revision: t.int({ resolve: (revision) => revision.revision }),
    kind: t.field({ type: RevisionKind, resolve: (revision) => revision.kind }),
    reason: t.field({
      type: CheckpointReason,
      nullable: true,
      description: 'Why a draft checkpoint was taken; null for a publish.',
      resolve: (revision) => revision.reason,
    }),
    note: t.string({
      nullable: true,
      description: "A manual checkpoint's note.",
      resolve: (revision) => revision.note,
    }),
    publishedAt: t.field({
      type: 'DateTime',
      description: 'When it was published, or the checkpoint taken.',
      resolve: (revision) => revision.publishedAt,
    }),
    author: t.field({
      type: UserRef,
      nullable: true,
      description: AUTHOR,
      resolve: (revision) => revision.publisher,
    }),
    publisher: t.field({
      type: UserRef,
      nullable: true,
      description: 'The same as author (its name before draft checkpoints).',
      deprecationReason: 'Use author.',
      resolve: (revision) => revision.publisher,
    }),
    isLive: t.boolean({ description: IS_LIVE, resolve: (revision) => revision.isLive }),
  };
}

const BotRevision = builder.objectRef<Revision>('BotRevision').implement({
  description: 'One revision of a bot: a publish, or a checkpoint of its draft.',
  fields: (t) => revisionFields(t),
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
  description: 'One revision of a bot (a publish or a draft checkpoint) with its content.',
  fields: (t) => ({
    ...revisionFields(t),
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
    description: 'Every revision, publishes and draft checkpoints, newest first.',
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

/** Checkpoints and restores each keep a copy of a draft: a user makes a bounded number per window (PARLEY_RATE_LIMIT_REVISIONS). */
async function spendRevision(ctx: GraphQLContext): Promise<void> {
  if (ctx.viewer) await ctx.request.spendRevision?.(ctx.viewer.userId);
}

builder.mutationFields((t) => ({
  restoreRevision: t.prismaField({
    type: 'Bot',
    description:
      "Copies a revision's content (a publish or a draft checkpoint) into the draft, as an edit (draftVersion counts it; expectedVersion as in updateBot), after keeping the draft it replaces as a checkpoint. What is live does not change until the bot is published again.",
    args: {
      botId: t.arg.id({ required: true }),
      revision: t.arg.int({ required: true }),
      expectedVersion: t.arg.int({ description: 'The draftVersion this restore was decided on.' }),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: async (_query, _root, args, ctx) => {
      await spendRevision(ctx);
      return restoreRevision(ctx.db, String(args.botId), args.revision, args.expectedVersion, draftSave(ctx, null));
    },
  }),
  checkpointDraft: t.field({
    type: BotRevision,
    description:
      'Keeps the draft as it is now as a revision of kind draft (reason manual), with an optional note; publishing nothing.',
    args: {
      botId: t.arg.id({ required: true }),
      note: t.arg.string({ description: 'What this moment is, in a few words (500 characters at most are kept).' }),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: EDITOR_ROLES } }),
    resolve: async (_root, args, ctx) => {
      await spendRevision(ctx);
      return takeManualCheckpoint(ctx.db, String(args.botId), {
        authorId: ctx.viewer?.userId ?? null,
        note: args.note,
        storageBytes: ctx.draftStorage?.workspaceBytes,
      });
    },
  }),
}));
