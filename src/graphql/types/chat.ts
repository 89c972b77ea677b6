import { ANY_ROLE } from '../../services/access';
import { executeWebhook } from '../../services/chat/webhooks';
import { openMessageStream, type StreamedPart } from '../../services/chat/stream-message';
import { AppError } from '../../errors';
import { saveClientLogs } from '../../services/chat/client-logs';
import { continueChat } from '../../services/chat/continue';
import { startPreviewChat } from '../../services/chat/preview';
import type { ChatBotObject, ChatLog, ChatMessage, ResponseParts, StartResponse } from '../../services/chat/response';
import { startChat } from '../../services/chat/start';
import { builder, membershipOfBot } from '../builder';
import type { MessageAuthor } from '../../services/handoff/visitor-messages';
import { MessagePayload } from './scalars';

// The public chat runtime. No builder token is needed (a preview of a stored
// draft is the exception: it needs a member's token), and every refusal is a
// BAD_REQUEST, as the documented chat endpoints answer only 400 and 500.

const TextBubbleContentFormat = builder.enumType('TextBubbleContentFormat', {
  description: 'How text bubbles are returned: rich text trees (default) or markdown.',
  values: ['richText', 'markdown'] as const,
});

const MessageAuthorRef = builder.objectRef<MessageAuthor>('ChatMessageAuthor').implement({
  description:
    'Who wrote a message that is not the bot’s: a person of the workspace, while the conversation is handed to them.',
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'agent' }),
    name: t.exposeString('name'),
    image: t.exposeString('image', { nullable: true }),
  }),
});

const ChatMessageRef = builder.objectRef<ChatMessage & { author?: MessageAuthor }>('ChatMessage').implement({
  description: 'A bubble to show. content is open: rich text, media URLs, embed settings.',
  fields: (t) => ({
    author: t.field({
      type: MessageAuthorRef,
      nullable: true,
      description: 'Absent for the bot’s messages; a person’s messages during a handoff (docs/handoff.md) name them.',
      resolve: (message) => message.author ?? null,
    }),
    id: t.exposeString('id', { description: 'The id of the block the message comes from.' }),
    type: t.exposeString('type', { description: 'text, image, video, audio, embed, custom-embed.' }),
    content: t.field({ type: 'JSON', resolve: (message) => message.content }),
  }),
});

const ChatLogRef = builder.objectRef<ChatLog>('ChatLog').implement({
  fields: (t) => ({
    status: t.string({ nullable: true, resolve: (log) => log.status ?? null }),
    description: t.exposeString('description'),
    details: t.field({ type: 'JSON', nullable: true, resolve: (log) => log.details ?? null }),
    context: t.string({ nullable: true, resolve: (log) => log.context ?? null }),
  }),
});

const DynamicThemeRef = builder.objectRef<NonNullable<ResponseParts['dynamicTheme']>>('DynamicTheme').implement({
  fields: (t) => ({
    hostAvatarUrl: t.string({ nullable: true, resolve: (theme) => theme.hostAvatarUrl ?? null }),
    guestAvatarUrl: t.string({ nullable: true, resolve: (theme) => theme.guestAvatarUrl ?? null }),
    backgroundUrl: t.string({ nullable: true, resolve: (theme) => theme.backgroundUrl ?? null }),
  }),
});

const ChatBotRef = builder.objectRef<ChatBotObject>('ChatBot').implement({
  description:
    'The bot as a chat client needs it: its own theme and settings (variables substituted, no defaults filled in).',
  fields: (t) => ({
    id: t.exposeString('id'),
    version: t.exposeString('version'),
    theme: t.field({ type: 'JSON', resolve: (bot) => bot.theme }),
    settings: t.field({ type: 'JSON', resolve: (bot) => bot.settings }),
    publishedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Live chats only.',
      resolve: (bot) => bot.publishedAt ?? null,
    }),
  }),
});

const HandoffRef = builder.objectRef<NonNullable<ResponseParts['handoff']>>('ChatHandoff').implement({
  fields: (t) => ({ status: t.exposeString('status', { description: 'waiting, or active once a person has it.' }) }),
});

/** What every turn answers; start answers add the session, the result and the bot. */
const ChatTurn = builder.interfaceRef<ResponseParts>('ChatTurn').implement({
  fields: (t) => ({
    messages: t.field({ type: [ChatMessageRef], resolve: (parts) => parts.messages }),
    input: t.field({
      type: 'JSON',
      nullable: true,
      description: 'The input the visitor is asked for next.',
      resolve: (parts) => parts.input ?? null,
    }),
    clientSideActions: t.field({ type: ['JSON'], nullable: true, resolve: (parts) => parts.clientSideActions ?? null }),
    logs: t.field({ type: [ChatLogRef], nullable: true, resolve: (parts) => parts.logs ?? null }),
    lastMessageNewFormat: t.string({
      nullable: true,
      description: 'The reply as the server normalised it, when that differs from what was sent.',
      resolve: (parts) => parts.lastMessageNewFormat ?? null,
    }),
    dynamicTheme: t.field({ type: DynamicThemeRef, nullable: true, resolve: (parts) => parts.dynamicTheme ?? null }),
    progress: t.float({
      nullable: true,
      description: '0 to 100, when the progress bar is enabled.',
      resolve: (parts) => parts.progress ?? null,
    }),
    handoff: t.field({
      type: HandoffRef,
      nullable: true,
      description:
        'The session waits for a person (a Handoff block): what the visitor writes goes to them; Parley’s clients follow GET /v1/sessions/{sessionId}/events.',
      resolve: (parts) => parts.handoff ?? null,
    }),
  }),
});

const ContinueChatResponse = builder.objectRef<ResponseParts>('ContinueChatResponse').implement({
  interfaces: [ChatTurn],
  isTypeOf: (value) => typeof value === 'object' && value !== null && !('sessionId' in value),
  fields: () => ({}),
});

const StartChatResponse = builder.objectRef<StartResponse>('StartChatResponse').implement({
  interfaces: [ChatTurn],
  isTypeOf: (value) => typeof value === 'object' && value !== null && 'sessionId' in value,
  fields: (t) => ({
    sessionId: t.exposeString('sessionId'),
    resultId: t.string({
      nullable: true,
      description: 'Live chats that wait on something.',
      resolve: (response) => response.resultId ?? null,
    }),
    bot: t.field({ type: ChatBotRef, resolve: (response) => response.bot }),
  }),
});

const ClientLogInput = builder.inputType('ClientLogInput', {
  fields: (t) => ({
    status: t.string(),
    description: t.string({ required: true }),
    details: t.field({ type: 'JSON', description: 'Any JSON value (stored as text).' }),
    context: t.string(),
  }),
});

builder.mutationFields((t) => ({
  startChat: t.field({
    type: StartChatResponse,
    description: 'Starts a live chat with a published bot.',
    args: {
      publicId: t.arg.string({ required: true }),
      message: t.arg({
        type: 'JSON',
        description: 'A direct answer to a first input: a string, or {type:"text", text}.',
      }),
      isStreamEnabled: t.arg.boolean(),
      isOnlyRegistering: t.arg.boolean(),
      prefilledVariables: t.arg({ type: 'JSON', description: 'Variable name → value.' }),
      resultId: t.arg.string({ description: 'A remembered result to continue (remember-user bots only).' }),
      textBubbleContentFormat: t.arg({ type: TextBubbleContentFormat }),
    },
    resolve: (_root, args, ctx) => startChat(ctx.chat, args, ctx.request),
  }),
  continueChat: t.field({
    type: ContinueChatResponse,
    description: 'Answers the input a session waits on (or a client action) and returns what follows.',
    args: {
      sessionId: t.arg.string({ required: true }),
      message: t.arg({
        type: 'JSON',
        description: 'A string, {type:"text", text}, {type:"command", command} or {type:"audio", url}.',
      }),
      textBubbleContentFormat: t.arg({ type: TextBubbleContentFormat }),
    },
    resolve: (_root, args, ctx) => continueChat(ctx.chat, args, ctx.request),
  }),
  saveClientLogs: t.field({
    type: MessagePayload,
    args: {
      sessionId: t.arg.string({ required: true }),
      clientLogs: t.arg({ type: [ClientLogInput], required: true }),
    },
    resolve: (_root, args, ctx) => saveClientLogs(ctx.chat, args, ctx.request),
  }),
  startPreviewChat: t.field({
    type: StartChatResponse,
    description:
      "Previews a definition sent in `bot`, else the stored draft (a member's token needed). Saves no results.",
    args: {
      botId: t.arg.string({ required: true }),
      bot: t.arg({ type: 'JSON' }),
      message: t.arg({ type: 'JSON' }),
      startFrom: t.arg({ type: 'JSON', description: '{type:"group", groupId} or {type:"event", eventId}.' }),
      prefilledVariables: t.arg({ type: 'JSON' }),
      isOnlyRegistering: t.arg.boolean(),
      isStreamEnabled: t.arg.boolean(),
      textBubbleContentFormat: t.arg({ type: TextBubbleContentFormat }),
    },
    resolve: async (_root, args, ctx) => {
      // Anonymous unless valid credentials authenticated the request (whatever headers or body type it came with).
      if (!ctx.viewer) await ctx.request.spendAnonymousPreview?.();
      const membership = await membershipOfBot(ctx, args.botId);
      return startPreviewChat(ctx.chat, {
        ...args,
        memberWorkspaceId: membership?.workspaceId ?? null,
        memberRole: membership?.role ?? null,
      });
    },
  }),
  executeWebhook: t.field({
    type: MessagePayload,
    description:
      "Posts a payload to a conversation waiting on a wait-for-webhook block: the visitor's next turn goes on with it (any member of the bot's workspace).",
    args: {
      botId: t.arg.id({ required: true }),
      blockId: t.arg.string({ required: true }),
      resultId: t.arg.string({ required: true }),
      payload: t.arg({
        type: 'JSON',
        required: true,
        description: 'What the outside system sends; the block maps `data.*` from it.',
      }),
    },
    authScopes: (_root, args) => ({ bot: { id: String(args.botId), roles: ANY_ROLE } }),
    resolve: (_root, args, ctx) =>
      executeWebhook(ctx.chat, {
        botId: String(args.botId),
        blockId: args.blockId,
        resultId: args.resultId,
        payload: args.payload,
      }),
  }),
}));

const StreamedText = builder.objectRef<{ text: string }>('StreamedText').implement({
  description: 'A part of an AI answer, in the order the provider generated it.',
  fields: (t) => ({ text: t.exposeString('text') }),
});

builder.subscriptionFields((t) => ({
  streamMessage: t.field({
    type: StreamedText,
    description:
      'Streams the AI answer a session waits on (after a `stream` or `streamOpenAiChatCompletion` client action). The client then sends the full text with continueChat.',
    args: {
      sessionId: t.arg.string({ required: true }),
      messages: t.arg({
        type: 'JSON',
        description: 'Legacy OpenAI clients: the messages of their streamOpenAiChatCompletion action.',
      }),
    },
    subscribe: (_root, args, ctx) => openMessageStream(ctx.chat, args, ctx.request),
    resolve: (part: StreamedPart) => {
      if ('failure' in part) throw new AppError('INTERNAL_SERVER_ERROR', part.failure);
      return part;
    },
  }),
}));
