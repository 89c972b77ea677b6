import { blockCatalog, type BlockTypeInfo, type Problem } from '../../services/block-types';
import { botProblems } from '../../services/bot-publishing';
import { listCredentials } from '../../services/credentials/credentials';
import { builder } from '../builder';

// What the flow editor builds its palette, forms and problem list from.

const BlockCategory = builder.enumType('BlockCategory', {
  description: 'Palette section of a block type; ai: the forge AI providers and the legacy OpenAI block.',
  values: ['bubbles', 'inputs', 'logic', 'integrations', 'ai'] as const,
});

const BlockTypeRef = builder.objectRef<BlockTypeInfo>('BlockType').implement({
  description: 'A block type the engine runs, as the flow editor offers it.',
  fields: (t) => ({
    type: t.exposeString('type', {
      description: 'The wire `type` of blocks of this kind ("text input", "Set variable", "openai"...).',
    }),
    category: t.field({ type: BlockCategory, resolve: (info) => info.category }),
    label: t.exposeString('label', { description: 'Human name ("E-mail input", "HTTP request").' }),
    optionsSchema: t.field({
      type: 'JSON',
      description:
        'JSON Schema (draft 2020-12) of the block\'s `options` as an author writes them, from the schema the engine parses them with. Every field has a `title`; `x-parley-widget` is "variable" (a variable id), "credentials" (a credentials id, `x-parley-credentials` listing the kinds it takes), "group", "block", "bot", "code", "richText" or "timeZone"; a field taking one of a list of values has `oneOf` of `{const, title}`; modes are `oneOf` variants picked by the field `x-parley-discriminator` names (docs/api-decisions.md).',
      resolve: (info) => info.optionsSchema,
    }),
    contentSchema: t.field({
      type: 'JSON',
      nullable: true,
      description:
        'Bubbles: JSON Schema of the block\'s `content` (text: `richText` marked "richText"; media: `url`, titled as the editor labels it); null for other blocks.',
      resolve: (info) => info.contentSchema,
    }),
    itemSchema: t.field({
      type: 'JSON',
      nullable: true,
      description:
        "Item-based blocks (Condition, buttons, picture choice): JSON Schema of each of `items` (a Condition item's `content` holds the comparisons; `x-parley-item-label` marks the field a list of buttons or pictures is edited by); null for other blocks.",
      resolve: (info) => info.itemSchema,
    }),
    defaultBlock: t.field({
      type: 'JSON',
      description:
        'The block the palette inserts, with the defaults the chat shows; without ids (the block, its items and card paths need ones the editor gives).',
      resolve: (info) => info.defaultBlock,
    }),
  }),
});

builder.queryFields((t) => ({
  blockTypes: t.field({
    type: [BlockTypeRef],
    description: 'Every block type the engine runs, in palette order.',
    authScopes: { authenticated: true },
    resolve: () => blockCatalog(),
  }),
}));

const ProblemSeverity = builder.enumType('ProblemSeverity', {
  description: 'error: publishing is refused until it is fixed; warning: probably unfinished, publishing is allowed.',
  values: ['error', 'warning'] as const,
});

const ProblemRef = builder.objectRef<Problem>('Problem').implement({
  description: 'Something to fix in a draft, found without running it.',
  fields: (t) => ({
    severity: t.field({ type: ProblemSeverity, resolve: (problem) => problem.severity }),
    code: t.exposeString('code', {
      description:
        'INVALID_DEFINITION, UNKNOWN_BLOCK_TYPE, INVALID_OPTIONS, INVALID_CONTENT, INVALID_ITEM, MISSING_EDGE_TARGET, MISSING_JUMP_TARGET, BOT_IS_EMPTY (errors); UNREACHABLE_GROUP, ANSWER_NOT_SAVED, VARIABLE_NEVER_SET, UNKNOWN_VARIABLE, UNKNOWN_VARIABLE_ID, INCOMPLETE_BLOCK, UNFOLLOWED_EDGE, MISSING_CREDENTIALS, UNKNOWN_CREDENTIALS, WRONG_CREDENTIALS_KIND, BOT_SAYS_NOTHING, INVALID_VALUE, LOW_CONTRAST (warnings).',
    }),
    message: t.exposeString('message'),
    groupId: t.string({ nullable: true, resolve: (problem) => problem.groupId ?? null }),
    blockId: t.string({ nullable: true, resolve: (problem) => problem.blockId ?? null }),
    path: t.field({
      type: 'JSON',
      description: 'Where in the definition: keys and indexes (["groups", 2, "blocks", 0, "options", "variableId"]).',
      resolve: (problem) => problem.path,
    }),
  }),
});

builder.prismaObjectField('Bot', 'problems', (t) =>
  t.field({
    type: [ProblemRef],
    select: { draft: true, version: true, workspaceId: true },
    description: 'Problems of the draft, errors first. publishBot is refused while there are errors.',
    // The workspace's accounts (kinds and names, never their secrets): blocks naming one of another kind or none.
    resolve: async (bot, _args, ctx) =>
      botProblems(bot, { credentials: await listCredentials(ctx.db, bot.workspaceId) }),
  }),
);
