// One inbound message run through the chat use cases, as the reference's
// resumeWhatsAppFlow does: the conversation's session continued with it, or a
// new session started with it (none yet, the last one ended or expired, or
// the person asked to restart). A bot's paused Wait is resumed at once (the
// reference continues with no message), its continuation sent after the wait.
import type { ResponseParts } from '../../engine/response';
import type { ReplyMessage } from '../../engine/wire';
import { AppError } from '../../errors';
import type { Logger } from '../../observability/logger';
import type { ProviderClient } from '../../integrations/messaging/provider-client';
import { continueChat } from '../chat/continue';
import type { ChatDeps } from '../chat/deps';
import { startChat } from '../chat/start';
import type { TurnOptions } from '../chat/turn-receipts';
import type { UploadDeps } from '../uploads';
import { chooseStartBot, connectedBots, sessionExpiryMs } from './bot-selection';
import type { InboundMessage, TurnToSend } from './channel';
import type { BoundChannel, ProviderApiUrls } from './channel-credentials';
import type { ChannelConversationState } from './conversations';
import { mediaReply } from './reply';
import { storeReceivedMedia } from './received-media';
import { splitAtWaits, turnDurationMs, type TimedTurn } from './turn-segments';

export interface ConversationTurnDeps {
  chat: ChatDeps;
  uploads: UploadDeps;
  provider: ProviderClient;
  apiUrls: ProviderApiUrls;
  /** PARLEY_CHANNEL_WAIT_CAP_MS */
  waitCapMs: number;
  /** The chat origin: received files are linked on it. */
  fileBaseUrl(): string;
  logger: Logger;
}

/** What became of a message: a turn to send, nothing to answer, or a failure recorded on its event. */
export type TurnOutcome =
  | { kind: 'answered'; pieces: TimedTurn[]; sessionId: string; botId: string; ended: boolean; resultId?: string }
  | { kind: 'ignored'; reason: string }
  | { kind: 'failed'; error: string };

/** Paused waits resumed in one event at most (a loop of Wait blocks is not followed forever). */
const MAX_RESUMES = 10;

/** Errors of continueChat that mean the session is over: a new one starts instead. */
const GONE = ['Session not found', 'Session expired'];

function isGoneSession(error: unknown): boolean {
  return error instanceof AppError && GONE.some((prefix) => error.message.startsWith(prefix));
}

async function isExpired(db: ChatDeps['db'], conversation: ChannelConversationState, now: Date): Promise<boolean> {
  if (!conversation.botId) return true;
  if (conversation.lastActivityAt.getTime() + (await sessionExpiryMs(db, conversation.botId)) >= now.getTime())
    return false;
  // A person has it (or it waits for one): however long the silence, the person's words still go to them.
  const handedOff = conversation.sessionId
    ? await db.conversation.findUnique({ where: { openSessionId: conversation.sessionId }, select: { id: true } })
    : null;
  return handedOff === null;
}

async function resultIdOf(db: ChatDeps['db'], sessionId: string): Promise<string | undefined> {
  const row = await db.chatSession.findUnique({ where: { id: sessionId }, select: { resultId: true } });
  return row?.resultId ?? undefined;
}

/** Where a received file is kept: with the session's result, else the session, else the connection. */
async function mediaOwner(deps: ConversationTurnDeps, channel: BoundChannel, sessionId: string | undefined) {
  if (!sessionId) return `channels/${channel.credentialsId}`;
  const resultId = await resultIdOf(deps.chat.db, sessionId);
  return resultId ? `results/${resultId}` : `sessions/${sessionId}`;
}

async function replyTo(
  deps: ConversationTurnDeps,
  channel: BoundChannel,
  message: InboundMessage,
  current: ChannelConversationState | undefined,
): Promise<{ reply: ReplyMessage | undefined } | { error: string }> {
  const content = message.content;
  if (content.type !== 'media') return { reply: channel.toReply(message, current?.choices ?? {}) };
  const owner = await mediaOwner(deps, channel, current?.sessionId ?? undefined);
  const stored = await storeReceivedMedia(deps, channel.account(deps.apiUrls), content, owner);
  return stored.ok ? { reply: mediaReply(stored.url) } : { error: stored.error };
}

function pausedOnWait(parts: ResponseParts): boolean {
  return (parts.clientSideActions ?? []).some((action) => action.type === 'wait' && action.expectsDedicatedReply);
}

function awaitsReply(parts: ResponseParts): boolean {
  return parts.input !== undefined || (parts.clientSideActions ?? []).some((action) => action.expectsDedicatedReply);
}

/**
 * The chat turns of one event, each under a receipt key of its own: an event
 * taken up again (its process died before completing it) replays the turns
 * that committed instead of running them again.
 */
export class EventTurns {
  private count = 0;
  constructor(private readonly prefix: string) {}
  next(): TurnOptions {
    return { receiptKey: `${this.prefix}${this.count++}` };
  }
}

/** The turn's output, then what resuming its paused waits gives, each piece due after the waits before it. */
async function answered(
  deps: ConversationTurnDeps,
  first: ResponseParts,
  session: { sessionId: string; botId: string },
  knownResultId: string | undefined,
  turns: EventTurns,
): Promise<TurnOutcome> {
  const pieces: TimedTurn[] = [];
  let offset = 0;
  let last = first;
  const add = (parts: ResponseParts) => {
    const turn: TurnToSend = parts;
    pieces.push(...splitAtWaits(turn, deps.waitCapMs, offset));
    offset = turnDurationMs(turn, deps.waitCapMs, offset);
  };
  add(first);
  for (let resumed = 0; resumed < MAX_RESUMES && pausedOnWait(last); resumed++) {
    last = await continueChat(deps.chat, { sessionId: session.sessionId }, {}, turns.next());
    add(last);
  }
  // Read before the turn where possible: a session whose flow ended may be gone after it.
  const resultId = knownResultId ?? (await resultIdOf(deps.chat.db, session.sessionId));
  return { kind: 'answered', pieces, ...session, ended: !awaitsReply(last), ...(resultId ? { resultId } : {}) };
}

async function startConversation(
  deps: ConversationTurnDeps,
  channel: BoundChannel,
  reply: ReplyMessage | undefined,
  turns: EventTurns,
): Promise<TurnOutcome> {
  const bots = await connectedBots(deps.chat.db, channel.workspaceId, channel.credentialsId);
  const bot = await chooseStartBot(bots, reply);
  if (!bot)
    return {
      kind: 'ignored',
      reason:
        bots.length > 0
          ? 'The message met no start condition of the connected bots'
          : 'No published bot is connected to these channel credentials',
    };
  const started = await startChat(
    deps.chat,
    // "whatsapp" as the reference names its channel, "telegram".
    { publicId: bot.publicId, message: reply, channel: channel.kind.toLowerCase() },
    {},
    turns.next(),
  );
  return answered(deps, started, { sessionId: started.sessionId, botId: bot.botId }, started.resultId, turns);
}

/** Runs the message through its conversation's session (or a new one); chat errors are thrown (AppError: a 400). */
export async function conversationTurn(
  deps: ConversationTurnDeps,
  channel: BoundChannel,
  message: InboundMessage,
  conversation: ChannelConversationState | null,
  now: Date,
  turns: EventTurns,
): Promise<TurnOutcome> {
  const restart = message.content.type === 'restart';
  const current =
    conversation?.sessionId && !restart && !(await isExpired(deps.chat.db, conversation, now))
      ? conversation
      : undefined;
  const converted = await replyTo(deps, channel, message, current);
  if ('error' in converted) return { kind: 'failed', error: converted.error };
  const { reply } = converted;
  if (current?.sessionId) {
    if (!reply) return { kind: 'ignored', reason: `Nothing to answer in a ${message.content.type} message` };
    const resultId = await resultIdOf(deps.chat.db, current.sessionId);
    try {
      const parts = await continueChat(deps.chat, { sessionId: current.sessionId, message: reply }, {}, turns.next());
      return await answered(deps, parts, { sessionId: current.sessionId, botId: current.botId! }, resultId, turns);
    } catch (error) {
      if (!isGoneSession(error)) throw error;
    }
  }
  if (!reply && !restart)
    return { kind: 'ignored', reason: `A ${message.content.type} message starts no conversation` };
  return startConversation(deps, channel, reply, turns);
}
