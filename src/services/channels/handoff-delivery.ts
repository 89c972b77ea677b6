// A conversation handed to a person (docs/handoff.md) whose visitor writes on
// WhatsApp or Telegram. The visitor's own messages already reach the person
// through the processor (continueChat routes them); this module carries the
// other way: what the visitor is owed of the conversation's lines (agents'
// messages, the bot's answer when it is handed back or times out) becomes
// outbox rows of the channel conversation, behind the bot's, and the sender
// sends them like any turn's. The conversation's `visitorSeq` is the mark of
// what went: it moves in the transaction that stores the rows, so each line
// goes once; a line the mark has not passed (a crash before its rows were
// stored) is given with the answer to the visitor's next message, as for web
// clients that cannot stream.
import { AppError } from '../../errors';
import type { ResponseParts } from '../../engine/response';
import type { ChatDeps } from '../chat/deps';
import type { LineRow } from '../handoff/lines';
import { agentChatMessage, storedHandBack } from '../handoff/visitor-messages';
import type { OutboundRequest, SentChoices, TurnToSend } from './channel';
import { loadChannel, type BoundChannel } from './channel-credentials';
import { enqueueTimedDeliveries } from './outbox';
import { splitAtWaits, turnDurationMs } from './turn-segments';

/** WhatsApp takes free-form messages within 24 hours of the customer's last one (its customer service window). */
export const WHATSAPP_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The longest a Wait of a handed-back bot delays what follows: the default of
 * PARLEY_CHANNEL_WAIT_CAP_MS (the chat service, which runs the hand-back, does
 * not carry the channels' settings).
 */
const HAND_BACK_WAIT_CAP_MS = 10_000;

/** Attempts when other writers move the mark meanwhile (each attempt stores what the others left). */
const MAX_ATTEMPTS = 5;

/** The handed-off conversation as this module needs it. */
export interface HandoffOnChannel {
  id: string;
  sessionId: string;
  channel: string;
}

const isChannel = (channel: string): channel is 'whatsApp' | 'telegram' =>
  channel === 'whatsApp' || channel === 'telegram';

/** The channel conversation talking to the session: the connection and the person's key there. */
function addressOf(db: ChatDeps['db'], sessionId: string) {
  return db.channelConversation.findFirst({
    where: { sessionId },
    orderBy: { lastActivityAt: 'desc' },
    select: { credentialsId: true, conversationKey: true, lastActivityAt: true },
  });
}

/**
 * Refuses (CONFLICT, nothing stored) an agent's message the channel cannot
 * carry now: on WhatsApp after 24 hours since the customer last wrote
 * (`lastActivityAt`: when their last message was answered), and on either
 * channel once the person has started a new conversation there (the
 * handed-off one is no longer theirs to read).
 */
export async function assertChannelCarries(
  db: ChatDeps['db'],
  conversation: HandoffOnChannel,
  now = new Date(),
): Promise<void> {
  if (!isChannel(conversation.channel)) return;
  const address = await addressOf(db, conversation.sessionId);
  const name = conversation.channel === 'whatsApp' ? 'WhatsApp' : 'Telegram';
  if (!address)
    throw new AppError(
      'CONFLICT',
      `This customer has started a new conversation on ${name}: they cannot read this one`,
    );
  if (conversation.channel !== 'whatsApp') return;
  if (now.getTime() - address.lastActivityAt.getTime() > WHATSAPP_SERVICE_WINDOW_MS)
    throw new AppError(
      'CONFLICT',
      `WhatsApp allows replies within 24 hours of the customer's last message; this customer last wrote at ${address.lastActivityAt.toISOString()}`,
    );
}

/** A hand-back's answer that asks nothing: the flow ended there. */
function endsFlow(parts: ResponseParts): boolean {
  return parts.input === undefined && !(parts.clientSideActions ?? []).some((action) => action.expectsDedicatedReply);
}

interface Owed {
  batches: { requests: OutboundRequest[]; at: Date }[];
  /** The choices the last hand-back offered (they replace the conversation's), when one was rendered. */
  choices?: SentChoices;
  /** The session has nothing more to say: the person's next message starts the bot anew. */
  forgetSession: boolean;
}

/** The lines after the mark as provider requests: agents' texts, the bot's answer after a hand-back; the visitor's and the bot's other lines were seen already. */
function render(channel: BoundChannel, conversationKey: string, lines: readonly LineRow[], now: Date): Owed {
  const owed: Owed = { batches: [], forgetSession: false };
  let offset = 0;
  const add = (turn: TurnToSend, delayMs: number) => {
    const rendered = channel.render(turn, conversationKey);
    owed.batches.push({ requests: rendered.requests, at: new Date(now.getTime() + delayMs) });
    return rendered.choices;
  };
  for (const line of lines) {
    if (line.authorKind === 'agent') add({ messages: [agentChatMessage(line, null, 'richText')] }, offset);
    if (line.event === 'closed') owed.forgetSession = true;
    const parts = line.event ? storedHandBack(line) : undefined;
    if (!parts) continue;
    let choices: SentChoices = {};
    for (const piece of splitAtWaits(parts, HAND_BACK_WAIT_CAP_MS, offset))
      choices = { ...choices, ...add(piece.turn, piece.delayMs) };
    offset = turnDurationMs(parts, HAND_BACK_WAIT_CAP_MS, offset);
    owed.choices = choices;
    owed.forgetSession = endsFlow(parts);
  }
  return owed;
}

/**
 * Stores, as outbox rows of the visitor's channel conversation, what they are
 * owed of the handed-off conversation, and moves the mark past it. A no-op
 * for web conversations, when nothing is owed, or when no channel
 * conversation talks to the session any more. Closing sends nothing: the
 * person's next message starts the bot anew. Never fails the caller (the
 * lines are stored): what it could not store goes with the answer to the
 * visitor's next message.
 */
export async function deliverToChannel(deps: ChatDeps, conversation: { id: string; sessionId: string }): Promise<void> {
  try {
    await deliver(deps, conversation);
  } catch (error) {
    console.error('[parley] handoff: storing messages for the channel failed:', error);
  }
}

async function deliver(deps: ChatDeps, conversation: { id: string; sessionId: string }): Promise<void> {
  const stored = await deps.db.conversation.findUnique({ where: { id: conversation.id }, select: { channel: true } });
  if (!stored || !isChannel(stored.channel)) return;
  const address = await addressOf(deps.db, conversation.sessionId);
  if (!address) return;
  const channel = await loadChannel(deps.db, deps.secrets, address.credentialsId);
  if (!channel) return;
  const { credentialsId, conversationKey } = address;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const done = await deps.db.$transaction(async (tx) => {
      const row = await tx.conversation.findUnique({
        where: { id: conversation.id },
        select: { visitorSeq: true, resultId: true },
      });
      if (!row) return true;
      const lines = await tx.conversationMessage.findMany({
        where: { conversationId: conversation.id, seq: { gt: row.visitorSeq } },
        orderBy: { seq: 'asc' },
      });
      if (lines.length === 0) return true;
      // Moved first: a writer that moved it meanwhile makes this one start over (PostgreSQL waits for its commit).
      const { count } = await tx.conversation.updateMany({
        where: { id: conversation.id, visitorSeq: row.visitorSeq },
        data: { visitorSeq: lines.at(-1)!.seq },
      });
      if (count === 0) return false;
      const owed = render(channel, conversationKey, lines, new Date());
      await enqueueTimedDeliveries(tx, credentialsId, conversationKey, owed.batches, row.resultId ?? undefined);
      if (owed.choices || owed.forgetSession)
        await tx.channelConversation.updateMany({
          where: { credentialsId, conversationKey, sessionId: conversation.sessionId },
          data: {
            ...(owed.choices ? { choices: JSON.stringify(owed.choices) } : {}),
            ...(owed.forgetSession ? { sessionId: null } : {}),
          },
        });
      return true;
    });
    if (done) return;
  }
}
