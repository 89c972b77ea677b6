import { builder, requireAccess } from '../builder';
import {
  AUTHOR_KINDS,
  CONVERSATION_CHANNELS,
  CONVERSATION_OUTCOMES,
  CONVERSATION_STATUSES,
} from '../../services/handoff/types';
import {
  botGroups,
  CONVERSATION_LIST_LIMIT,
  conversationLines,
  conversationVariables,
  getConversation,
  lastLines,
  listConversations,
  waitingCount,
  type ConversationView,
  type LineView,
  type PersonView,
} from '../../services/handoff/views';
import {
  agentTyping,
  closeConversation,
  memberViewing,
  releaseConversation,
  sendAgentMessage,
  takeConversation,
} from '../../services/handoff/agent';

// Conversations handed to people by Handoff blocks (docs/handoff.md): the
// inbox's reads and an agent's acts. Streams are in conversation-live.ts.

const ConversationStatus = builder.enumType('ConversationStatus', {
  values: CONVERSATION_STATUSES,
  description: 'waiting: nobody has it yet; active: a person has it; closed: it ended (see `outcome`).',
});
const ConversationOutcome = builder.enumType('ConversationOutcome', {
  values: CONVERSATION_OUTCOMES,
  description:
    'released: handed back to the bot; closed: a person closed it; timedOut: nobody took it in time (the bot went on).',
});
const ConversationChannel = builder.enumType('ConversationChannel', {
  values: CONVERSATION_CHANNELS,
  description:
    "Where the visitor chats: Parley's chat page, a site embedding it, WhatsApp, Telegram, or the console's preview.",
});
const ConversationAuthorKind = builder.enumType('ConversationAuthorKind', { values: AUTHOR_KINDS });

export const ConversationPerson = builder.objectRef<PersonView>('ConversationPerson').implement({
  description: 'A member of the workspace who has or answered a conversation.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', { nullable: true }),
    email: t.exposeString('email'),
    image: t.exposeString('image', { nullable: true }),
  }),
});

const ConversationMessage = builder.objectRef<LineView>('ConversationMessage').implement({
  description:
    'A line of the conversation, in order: what the visitor saw before the handoff (bot, visitor), then what visitor and agents wrote, and what the bot said when it was handed back. Text as written (agents write markdown; never HTML).',
  fields: (t) => ({
    seq: t.exposeInt('seq', { description: 'Its place in the conversation (1, 2, …).' }),
    authorKind: t.field({ type: ConversationAuthorKind, resolve: (line) => line.authorKind }),
    author: t.field({ type: ConversationPerson, nullable: true, resolve: (line) => line.author }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    text: t.exposeString('text'),
  }),
});

const ConversationVariable = builder.objectRef<{ name: string; value: unknown }>('ConversationVariable').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    value: t.field({ type: 'JSON', nullable: true, resolve: (variable) => variable.value ?? null }),
  }),
});

const ConversationGroup = builder.objectRef<{ id: string; title: string }>('ConversationGroup').implement({
  description: 'A group of the bot: where a hand-back may send the flow.',
  fields: (t) => ({ id: t.exposeID('id'), title: t.exposeString('title') }),
});

export const Conversation = builder.objectRef<ConversationView>('Conversation').implement({
  description: 'A chat a Handoff block handed to the people of its workspace.',
  fields: (t) => ({
    id: t.exposeID('id'),
    workspaceId: t.exposeID('workspaceId'),
    botId: t.exposeID('botId'),
    botName: t.exposeString('botName'),
    resultId: t.exposeID('resultId', { nullable: true }),
    status: t.field({ type: ConversationStatus, resolve: (conversation) => conversation.status }),
    outcome: t.field({ type: ConversationOutcome, nullable: true, resolve: (conversation) => conversation.outcome }),
    channel: t.field({ type: ConversationChannel, resolve: (conversation) => conversation.channel }),
    team: t.exposeString('team', { nullable: true }),
    assignee: t.field({ type: ConversationPerson, nullable: true, resolve: (conversation) => conversation.assignee }),
    waitingSince: t.expose('waitingSince', { type: 'DateTime' }),
    timeoutAt: t.expose('timeoutAt', {
      type: 'DateTime',
      description: 'Not taken by then, the bot goes on along the Handoff block’s outgoing edge.',
    }),
    takenAt: t.expose('takenAt', { type: 'DateTime', nullable: true }),
    endedAt: t.expose('endedAt', { type: 'DateTime', nullable: true }),
    lastMessage: t.field({
      type: ConversationMessage,
      nullable: true,
      resolve: (conversation) => conversation.lastMessage,
    }),
    messages: t.field({
      type: [ConversationMessage],
      resolve: (conversation, _args, ctx) => conversationLines(ctx.db, conversation.id),
    }),
    variables: t.field({
      type: [ConversationVariable],
      description: "The variables of the conversation's result as last saved.",
      resolve: (conversation, _args, ctx) => conversationVariables(ctx.db, conversation.resultId),
    }),
    groups: t.field({
      type: [ConversationGroup],
      description: "The bot's groups (its published version): where `releaseConversation` may send the flow.",
      resolve: (conversation, _args, ctx) => botGroups(ctx.db, conversation.botId),
    }),
  }),
});

builder.queryFields((t) => ({
  conversations: t.field({
    type: [Conversation],
    description: `Conversations of a workspace handed to people, newest first (at most ${CONVERSATION_LIST_LIMIT}). Without \`status\`: the open ones (waiting and active). \`mine\`: those the caller has. Any member of the workspace.`,
    args: {
      workspaceId: t.arg.id({ required: true }),
      status: t.arg({ type: ConversationStatus }),
      mine: t.arg.boolean(),
    },
    resolve: (_root, args, ctx) =>
      listConversations(ctx.db, requireAccess(ctx), {
        workspaceId: String(args.workspaceId),
        status: args.status,
        mine: args.mine,
      }),
  }),
  waitingConversationCount: t.int({
    description: 'How many conversations of the workspace wait for a person.',
    args: { workspaceId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => waitingCount(ctx.db, requireAccess(ctx), String(args.workspaceId)),
  }),
  conversation: t.field({
    type: Conversation,
    description: 'One conversation (NOT_FOUND outside the caller’s workspaces).',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getConversation(ctx.db, requireAccess(ctx), String(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  takeConversation: t.field({
    type: Conversation,
    description:
      'Takes a waiting conversation: the caller has it (others see who). CONFLICT when someone else has it or it ended. ADMIN and MEMBER.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await takeConversation(ctx.chat, requireAccess(ctx), String(args.id));
      return getConversation(ctx.db, requireAccess(ctx), String(args.id));
    },
  }),
  sendConversationMessage: t.field({
    type: ConversationMessage,
    description:
      'Writes to the visitor (they see it live, or in the answer to their next message). A waiting conversation is taken by answering it; one someone else has is CONFLICT. The same `clientKey` again (a retry) is the message already sent. ADMIN and MEMBER.',
    args: {
      id: t.arg.id({ required: true }),
      text: t.arg.string({ required: true }),
      clientKey: t.arg.string({
        description: 'A key of the caller’s choosing (letters, digits, - and _): a retry sends it again.',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const row = await sendAgentMessage(ctx.chat, requireAccess(ctx), {
        conversationId: String(args.id),
        text: args.text,
        clientKey: args.clientKey,
      });
      const lines = await lastLines(ctx.db, [{ id: row.conversationId, lastSeq: row.seq }]);
      return lines.get(row.conversationId)!;
    },
  }),
  releaseConversation: t.field({
    type: Conversation,
    description:
      "Hands the conversation back to the bot: it goes on at `groupId`, else along the Handoff block's outgoing edge. ADMIN and MEMBER.",
    args: { id: t.arg.id({ required: true }), groupId: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      await releaseConversation(ctx.chat, requireAccess(ctx), {
        conversationId: String(args.id),
        groupId: args.groupId ? String(args.groupId) : null,
      });
      return getConversation(ctx.db, requireAccess(ctx), String(args.id));
    },
  }),
  closeConversation: t.field({
    type: Conversation,
    description: 'Closes the conversation: the bot does not go on and the result is completed. ADMIN and MEMBER.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await closeConversation(ctx.chat, requireAccess(ctx), String(args.id));
      return getConversation(ctx.db, requireAccess(ctx), String(args.id));
    },
  }),
  conversationViewing: t.boolean({
    description:
      'The caller has the conversation open: the members following it get a `viewing` event naming them (send every 15 s while it stays open). Any member.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await memberViewing(ctx.chat, requireAccess(ctx), String(args.id));
      return true;
    },
  }),
  conversationTyping: t.boolean({
    description: 'The caller is typing: the visitor sees an indicator for a few seconds. Send at most every 2 s.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await agentTyping(ctx.chat, requireAccess(ctx), String(args.id));
      return true;
    },
  }),
}));
