import { AppError, notFound } from '../../errors';
import { conversationFor } from '../../services/handoff/access';
import { personById } from '../../services/handoff/views';
import type { ConversationEvent } from '../../services/live/events';
import { visitorEvents, type VisitorEvent } from '../../services/handoff/visitor-stream';
import { builder, requireAccess } from '../builder';
import { ConversationPerson } from './conversation';
import { createContext, type GraphQLContext } from '../context';
import { type ACCESS_LOST, boundedLiveStream, LIVE_STREAM_BOUNDS, unlessAccessLost } from '../live-access';

// The live side of handed-off conversations (docs/handoff.md): the inbox's
// and one conversation's events for members, and the visitor's own stream.

const InboxEvent = builder.objectRef<ConversationEvent>('InboxEvent').implement({
  description:
    'Something happened to a conversation: `waiting` (it entered the inbox), `taken`, `message` (someone wrote: re-read it), `typing` (the agent), `viewing` (a member has it open: `userId`), `released` (handed back, or nobody took it in time), `closed`. Ids only: read the conversation.',
  fields: (t) => ({
    type: t.string({ resolve: (event) => event.kind }),
    conversationId: t.exposeID('conversationId'),
    botId: t.exposeID('botId'),
    seq: t.int({ nullable: true, resolve: (event) => event.seq ?? null }),
    authorKind: t.string({ nullable: true, resolve: (event) => event.authorKind ?? null }),
    userId: t.id({
      nullable: true,
      description: '`viewing` and `typing`: the member who has the conversation open, or types.',
      resolve: (event) => event.userId ?? null,
    }),
    person: t.field({
      type: ConversationPerson,
      nullable: true,
      description: 'The member `userId` names.',
      resolve: (event, _args, ctx) => (event.userId ? personById(ctx.db, event.userId) : null),
    }),
  }),
});

/** Whether the request's token, read again, still reaches the workspace (any role). */
async function stillInWorkspace(ctx: GraphQLContext, workspaceId: string): Promise<boolean> {
  const fresh = await createContext(ctx, { ...ctx.request, authentication: undefined });
  return fresh.access !== null && fresh.access !== undefined && (await fresh.access.roleIn(workspaceId)) !== null;
}

const AgentOfVisitor = builder.objectRef<{ name: string; image: string | null }>('ConversationAgent').implement({
  fields: (t) => ({ name: t.exposeString('name'), image: t.exposeString('image', { nullable: true }) }),
});

const SessionEvent = builder.objectRef<VisitorEvent>('SessionEvent').implement({
  description:
    "What a visitor's chat is told while a person has it: `message` (an agent's words, as a chat message with its `author`), `typing`, `taken` (by `agent`), `released` (the bot goes on: `response` is its chat answer) and `closed`. `seq` orders them: replay after it with `after`.",
  fields: (t) => ({
    type: t.exposeString('type'),
    seq: t.int({ nullable: true, resolve: (event) => ('seq' in event ? event.seq : null) }),
    message: t.field({ type: 'JSON', nullable: true, resolve: (event) => ('message' in event ? event.message : null) }),
    agent: t.field({
      type: AgentOfVisitor,
      nullable: true,
      resolve: (event) => ('agent' in event ? event.agent : null),
    }),
    response: t.field({
      type: 'JSON',
      nullable: true,
      resolve: (event) => ('response' in event ? event.response : null),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  inboxEvents: t.field({
    type: InboxEvent,
    description: `The events of every conversation of a workspace handed to people, from every server process sharing the database. Any member. ${LIVE_STREAM_BOUNDS}`,
    args: { workspaceId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const workspaceId = String(args.workspaceId);
      if (!(await requireAccess(ctx).roleIn(workspaceId))) throw notFound('Workspace not found');
      return boundedLiveStream(
        ctx,
        (live) => live.subscribeConversations({ workspaceId }),
        () => stillInWorkspace(ctx, workspaceId),
      );
    },
    resolve: (event: ConversationEvent | typeof ACCESS_LOST) => unlessAccessLost(event),
  }),
  conversationEvents: t.field({
    type: InboxEvent,
    description: `The events of one conversation (the visitor's messages, the agent's typing…). Any member of its workspace. ${LIVE_STREAM_BOUNDS}`,
    args: { conversationId: t.arg.id({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const conversation = await conversationFor(ctx.db, requireAccess(ctx), String(args.conversationId));
      return boundedLiveStream(
        ctx,
        (live) => live.subscribeConversations({ conversationId: conversation.id }),
        () => stillInWorkspace(ctx, conversation.workspaceId),
      );
    },
    resolve: (event: ConversationEvent | typeof ACCESS_LOST) => unlessAccessLost(event),
  }),
  sessionEvents: t.field({
    type: SessionEvent,
    description: `A visitor's chat while a person has it (no token: the session id is the visitor's). Replays what came after \`after\` (else what the visitor was not given yet), then live; ends when the conversation ends. \`history\`: the visitor's own lines too. ${LIVE_STREAM_BOUNDS}`,
    args: {
      sessionId: t.arg.string({ required: true }),
      after: t.arg.int(),
      history: t.arg.boolean(),
      format: t.arg.string({
        description: '`richText` (default) or `markdown`, as continueChat’s textBubbleContentFormat.',
      }),
    },
    subscribe: async (_root, args, ctx) => {
      if (args.after !== null && args.after !== undefined && args.after < 0)
        throw new AppError('BAD_REQUEST', 'after must be 0 or more', [{ path: ['after'], message: 'At least 0' }]);
      const events = await visitorEvents(ctx.chat, args.sessionId, {
        ...(args.after !== null && args.after !== undefined ? { after: args.after } : {}),
        history: args.history === true,
        format: args.format === 'markdown' ? 'markdown' : 'richText',
      });
      try {
        // The session id is the visitor's key: nothing to check again as events come.
        return boundedLiveStream(
          ctx,
          () => events,
          async () => true,
          `session:${args.sessionId}`,
        );
      } catch (error) {
        await events.return?.();
        throw error;
      }
    },
    resolve: (event: VisitorEvent | typeof ACCESS_LOST) => unlessAccessLost(event),
  }),
}));
