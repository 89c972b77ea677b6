// The conversation processor: takes the inbox's events one after another
// (one at a time per conversation, in arrival order, the connections in
// turn: the inbox's claim sees to it), runs each through the chat use cases, and commits in one transaction
// what the turn sends (acknowledgements first, then the turn's requests), the
// conversation's new state and the event's completion. Failures are recorded
// on the event; an event whose claims keep running out (its process died on
// it) is given up after MAX_EVENT_ATTEMPTS.
import { AppError } from '../../errors';
import type { InboundMessage, SentChoices } from './channel';
import type { BoundChannel, ChannelLoader } from './channel-credentials';
import { conversationFor, saveConversation } from './conversations';
import { conversationTurn, EventTurns, type ConversationTurnDeps, type TurnOutcome } from './conversation-turn';
import { claimNextEvent, completeEvent, eventReceiptPrefix, renewEventClaim, type ClaimedEvent } from './inbox';
import { enqueueTimedDeliveries } from './outbox';
import { oneAtATime } from './one-at-a-time';
import { workLoop, type WorkLoop } from './work-loop';
import { recordChannelEvents } from '../../observability/channel-metrics';

export type ProcessorDeps = ConversationTurnDeps & { channels: ChannelLoader };

export interface ProcessorOptions {
  /** How often the inbox is looked at without a wake-up (events of other processes, or left by a dead one). */
  pollMs?: number;
  /** Whether the inbox has work, asked cheaply before each poll claims (see work-loop.ts). */
  pending?: () => Promise<boolean>;
  /** Events processed at once (of different conversations). */
  concurrency?: number;
  /** How long a claim holds an event before another process may take it; renewed while its turn runs. */
  leaseMs?: number;
  /** Called after each event whose turn stored deliveries (the sender's wake-up). */
  onDeliveries?: () => void;
}

/** Claims of one event after which it is given up (each one that ran out was a process dying on it, or a hang). */
export const MAX_EVENT_ATTEMPTS = 5;

const DEFAULTS = { pollMs: 1000, concurrency: 8, leaseMs: 60_000 };

function errorText(error: unknown): string {
  if (error instanceof AppError) return error.message;
  return `Internal error: ${error instanceof Error ? error.message : String(error)}`;
}

async function commitAnswer(
  deps: ProcessorDeps,
  channel: BoundChannel,
  event: ClaimedEvent,
  message: InboundMessage,
  outcome: Extract<TurnOutcome, { kind: 'answered' }>,
): Promise<void> {
  // The turn's waits count from now, when its first requests become due.
  const now = new Date();
  const { conversationKey } = event;
  const acknowledgements = channel.acknowledge(message);
  let choices: SentChoices = {};
  const timed = outcome.pieces.map((piece) => {
    const rendered = channel.render(piece.turn, conversationKey);
    choices = { ...choices, ...rendered.choices };
    return { requests: rendered.requests, at: new Date(now.getTime() + piece.delayMs) };
  });
  const resultId = outcome.resultId;
  await deps.chat.db.$transaction(async (tx) => {
    await enqueueTimedDeliveries(
      tx,
      channel.credentialsId,
      conversationKey,
      [{ requests: acknowledgements, at: now }, ...timed],
      resultId,
    );
    await saveConversation(tx, {
      credentialsId: channel.credentialsId,
      conversationKey,
      botId: outcome.botId,
      // An ended flow leaves no session to continue: the next message starts a new one (as the reference).
      sessionId: outcome.ended ? null : outcome.sessionId,
      lastActivityAt: now,
      choices,
    });
    await completeEvent(tx, event.id, { status: 'done' }, now);
  });
}

/** Handles one claimed event to its completion; true when it stored deliveries. */
export async function processEvent(deps: ProcessorDeps, event: ClaimedEvent, now = new Date()): Promise<boolean> {
  const db = deps.chat.db;
  const log = deps.logger.child({ channelEventId: event.id, channel: event.channel });
  const fail = async (error: string) => {
    log.warn({ error }, 'channel message not answered');
    recordChannelEvents(event.channel, 'failed');
    await completeEvent(db, event.id, { status: 'failed', error }, now);
    return false;
  };
  if (event.attempts > MAX_EVENT_ATTEMPTS)
    return fail(`Given up: ${event.attempts - 1} earlier attempts never completed`);
  const message = event.message;
  if (!message) return fail('The stored message cannot be read');
  const channel = await deps.channels(event.credentialsId);
  if (!channel || channel.kind !== event.channel)
    return fail('The channel credentials are missing or can no longer be decrypted');
  let outcome: TurnOutcome;
  try {
    const conversation = await conversationFor(db, event.credentialsId, event.conversationKey);
    const turns = new EventTurns(eventReceiptPrefix(event.id));
    outcome = await conversationTurn(deps, channel, message, conversation, now, turns);
  } catch (error) {
    if (!(error instanceof AppError)) log.error({ err: error }, 'channel message failed');
    return fail(errorText(error));
  }
  if (outcome.kind === 'failed') return fail(outcome.error);
  if (outcome.kind === 'ignored') {
    log.info({ reason: outcome.reason }, 'channel message not answered');
    await completeEvent(db, event.id, { status: 'done' }, now);
    recordChannelEvents(event.channel, 'ignored');
    return false;
  }
  await commitAnswer(deps, channel, event, message, outcome);
  recordChannelEvents(event.channel, 'answered');
  return true;
}

/** Keeps the claim alive while the event's turn runs (a turn may outlast one lease: slow HTTP blocks, AI). */
function renewing(deps: ProcessorDeps, event: ClaimedEvent, leaseMs: number): () => void {
  const timer = setInterval(
    () => {
      renewEventClaim(deps.chat.db, event.id, new Date(Date.now() + leaseMs)).catch((error: unknown) =>
        deps.logger.warn({ err: error, channelEventId: event.id }, 'channel event claim not renewed'),
      );
    },
    Math.max(leaseMs / 3, 100),
  );
  timer.unref();
  return () => clearInterval(timer);
}

export function createProcessor(deps: ProcessorDeps, options: ProcessorOptions = {}): WorkLoop {
  const { pollMs, concurrency, leaseMs } = { ...DEFAULTS, ...options };
  // The connection served last: the next claim serves the one after it (round-robin, see claimNextEvent).
  let lastServed: string | undefined;
  const claim = oneAtATime(async () => {
    const event = await claimNextEvent(deps.chat.db, { leaseMs, after: lastServed });
    if (event) lastServed = event.credentialsId;
    return event;
  });
  return workLoop({
    pollMs,
    pending: options.pending,
    concurrency,
    onError: (error) => deps.logger.error({ err: error }, 'channel processor failed'),
    async step() {
      const event = await claim();
      if (!event) return false;
      const stopRenewing = renewing(deps, event, leaseMs);
      try {
        if (await processEvent(deps, event)) options.onDeliveries?.();
      } catch (error) {
        // The completion did not commit: the event is taken up again once its lease runs out.
        deps.logger.error({ err: error, channelEventId: event.id }, 'channel event not completed');
      } finally {
        stopRenewing();
      }
      return true;
    },
  });
}
