import {
  awaitsPerson,
  continueChat as engineContinue,
  releaseHandoff,
  resumeTurn,
  startChat as engineStart,
} from '../../engine/chat';
import { handoffParts } from './transcript-handoffs';
import { transcriptTurnOf } from '../../engine/transcript';
import type { BotRef, SessionState } from '../../engine/session';
import type { ChatMessage } from '../../engine/wire';
import type { EffectResult } from '../../engine/effects';
import type { TurnResult } from '../../engine/turn-result';
import { notFound } from '../../errors';
import { BotLibrary, loadSnapshot, prismaSnapshots } from './bot-loader';
import { performEffect } from './effects';
import { engineEnv, type TurnEnv } from './engine-env';
import type { ChatDeps } from './deps';

// A result's conversation as the visitor saw it, rebuilt by replaying the
// bot through the engine itself: the stored replies (accepted answers and the
// ones an input refused) are fed back in the order they were given, and every
// value a block gave a variable is taken from the stored set-variable history
// instead of being computed again (code, random ids, dates, answers of outside
// systems), so bubbles show what they showed then, retry messages included.
// Nothing reaches the outside during a replay: HTTP requests, e-mails and AI
// calls fail quietly (their values come from the history); linked bots load.

/** A bot message as the chat API sends it (rich text), for clients that render it as the chat page does. */
export interface TranscriptMessage {
  type: string;
  content: unknown;
}

/** One line of a transcript, in conversation order. */
export interface TranscriptLine {
  /** agent: a person of the workspace while the conversation was handed to them (docs/handoff.md). */
  role: 'bot' | 'user' | 'agent';
  /** An agent line's author, by name as it was then. */
  author?: string;
  /** text, image, video, audio (bot media by URL), embed. */
  type: string;
  /** The bubble's text as markdown, or the visitor's answer. */
  text?: string;
  /** A media bubble's or an embed's URL. */
  url?: string;
  /** The block the line comes from: the bubble, or the input answered. */
  blockId: string;
  /** A visitor's reply the input refused (the retry the bot answered follows it). */
  rejected: boolean;
  /** A bot line's message as the chat sent it. */
  message?: TranscriptMessage;
}

interface StoredReply {
  blockId: string;
  content: string;
  createdAt: Date;
  rejected: boolean;
}

interface HistoryItem {
  blockId: string;
  variableId: string;
  value: unknown;
}

// Replayed as the chat page asks for it: each line's message renders as it did
// there, and the text bubbles' markdown is derived from the same rich text.
const REPLAY_FORMAT = 'richText';

/** Bubbles of a turn as transcript lines (the engine's own transcript forms; embeds by URL). */
function botLines(messages: readonly ChatMessage[]): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const chatMessage of messages) {
    const message: TranscriptMessage = { type: chatMessage.type, content: chatMessage.content };
    const line = { role: 'bot', rejected: false, blockId: chatMessage.id, message } as const;
    const turn = transcriptTurnOf(chatMessage);
    if (turn) {
      const url = turn.type === 'text' ? undefined : turn[turn.type];
      lines.push({ ...line, type: turn.type, ...(turn.type === 'text' ? { text: turn.text ?? '' } : { url }) });
      continue;
    }
    const url = (chatMessage.content as { url?: unknown } | null)?.url;
    if (typeof url === 'string' && url) lines.push({ ...line, type: chatMessage.type, url });
  }
  return lines;
}

function userLine(reply: StoredReply): TranscriptLine {
  return { role: 'user', type: 'text', text: reply.content, blockId: reply.blockId, rejected: reply.rejected };
}

/**
 * Which list holds the next reply given: the earlier head by time. Two turns
 * committed within the same millisecond tie: the reply to the input the flow
 * waits on goes first, and between two such, the refusal (an input is refused
 * before it accepts, never after: acceptance moves the flow on).
 */
function nextReplies(
  accepted: StoredReply[],
  rejected: StoredReply[],
  awaitedBlockId: string | undefined,
): StoredReply[] | undefined {
  const [answer, refusal] = [accepted[0], rejected[0]];
  if (!answer || !refusal) return answer ? accepted : refusal ? rejected : undefined;
  const order = answer.createdAt.getTime() - refusal.createdAt.getTime();
  if (order !== 0) return order < 0 ? accepted : rejected;
  return answer.blockId === awaitedBlockId && refusal.blockId !== awaitedBlockId ? accepted : rejected;
}

/** The replies not replayed, in the order given. */
function remainingReplies(accepted: StoredReply[], rejected: StoredReply[]): StoredReply[] {
  const rest: StoredReply[] = [];
  for (let list = nextReplies(accepted, rejected, undefined); list; list = nextReplies(accepted, rejected, undefined))
    rest.push(list.shift()!);
  return rest;
}

/** Hands out the recorded values of each block in the order they were stored (and tells whether one is left). */
function recordedValues(history: readonly HistoryItem[]): Required<Pick<TurnEnv, 'recordedValue' | 'hasRecorded'>> {
  const byBlock = new Map<string, HistoryItem[]>();
  for (const item of history) {
    const queue = byBlock.get(item.blockId) ?? [];
    queue.push(item);
    byBlock.set(item.blockId, queue);
  }
  const indexOf = (blockId: string, variableId: string) =>
    byBlock.get(blockId)?.findIndex((item) => item.variableId === variableId) ?? -1;
  return {
    recordedValue: (blockId, variableId) => {
      const index = indexOf(blockId, variableId);
      if (index < 0) return undefined;
      const [item] = byBlock.get(blockId)!.splice(index, 1);
      return { value: item!.value };
    },
    hasRecorded: (blockId, variableId) => indexOf(blockId, variableId) >= 0,
  };
}

function notReplayed(effect: NonNullable<TurnResult['effect']>): EffectResult {
  return { type: 'failed', effect: effect.type, reason: 'error', message: 'not performed in a transcript replay' };
}

/** The transcript of a result of `botId` (archived results have none: NOT_FOUND). */
export async function resultTranscript(deps: ChatDeps, botId: string, resultId: string): Promise<TranscriptLine[]> {
  const { db } = deps;
  const replyFields = { blockId: true, content: true, createdAt: true } as const;
  const inOrder = [{ createdAt: 'asc' as const }, { id: 'asc' as const }];
  const result = await db.result.findFirst({
    where: { id: resultId, botId, isArchived: false },
    select: {
      answers: { select: replyFields, orderBy: inOrder },
      rejectedAnswers: { select: replyFields, orderBy: inOrder },
      setVariableHistory: { select: { blockId: true, variableId: true, value: true }, orderBy: { index: 'asc' } },
      bot: { select: { workspaceId: true, publishedRevision: true, lastRevision: true } },
    },
  });
  if (!result) throw notFound();
  const accepted: StoredReply[] = result.answers.map((answer) => ({ ...answer, rejected: false }));
  const rejected: StoredReply[] = result.rejectedAnswers.map((answer) => ({ ...answer, rejected: true }));
  // Results have no revision of their own: the published one (else the last one published) is replayed.
  const revision = result.bot.publishedRevision ?? result.bot.lastRevision;
  const bot = revision > 0 ? await loadSnapshot(prismaSnapshots(db), botId, revision) : null;
  if (!bot) return remainingReplies(accepted, rejected).map(userLine);

  const env: TurnEnv = {
    ...engineEnv(deps.code, deps.limits),
    ...recordedValues(result.setVariableHistory),
  };
  const library = new BotLibrary();
  const ref: BotRef = { kind: 'snapshot', botId, revision };
  library.add(ref, bot);
  const settle = async (turn: TurnResult): Promise<TurnResult> => {
    let current = turn;
    while (current.status === 'effect' && current.effect) {
      const { effect, state } = current;
      const outcome =
        effect.type === 'loadBot'
          ? await performEffect(
              effect,
              deps.effects,
              // A replay commits nothing, so its transcript is all in memory: no lines to read.
              {
                db,
                workspaceId: state.workspaceId,
                isPreview: false,
                credentialsWithheld: null,
                library,
                transcript: async () => [],
              },
              deps.effectTimeouts,
            )
          : notReplayed(effect);
      current = await resumeTurn(state, outcome, REPLAY_FORMAT, env, library.resolve);
    }
    return current;
  };
  const replay = async (state: SessionState, reply: StoredReply) =>
    settle(await engineContinue(state, { type: 'text', text: reply.content }, REPLAY_FORMAT, env, library.resolve));

  const lines: TranscriptLine[] = [];
  let turn = await settle(
    await engineStart(
      { bot, botRef: ref, workspaceId: result.bot.workspaceId, isPreview: false, resultId, textFormat: REPLAY_FORMAT },
      env,
      library.resolve,
    ),
  );
  lines.push(...botLines(turn.output.messages));
  const handoffs = await handoffParts(db, resultId);
  for (;;) {
    // Handed to a person: what was written then, and where the bot went on (or the end: closed, still open).
    if (turn.status === 'awaiting-reply' && awaitsPerson(turn.state, library.resolve)) {
      const handoff = handoffs.shift();
      if (!handoff) break;
      lines.push(...handoff.lines.map((line) => ({ ...line, type: 'text', rejected: false })));
      if (!handoff.wentOn) break;
      const release = handoff.groupId ? { groupId: handoff.groupId } : {};
      turn = await settle(await releaseHandoff(turn.state, release, REPLAY_FORMAT, env, library.resolve));
      lines.push(...botLines(turn.output.messages));
      continue;
    }
    const awaited = turn.status === 'awaiting-input' ? turn.state.currentBlockId : undefined;
    const replies = nextReplies(accepted, rejected, awaited);
    const reply = replies?.[0];
    // The flow no longer asks what was answered (the bot changed since): the rest is listed as answered.
    if (!reply || (reply.blockId !== awaited && !reply.rejected)) break;
    replies.shift();
    lines.push(userLine(reply));
    // A refusal at an input the flow does not wait on here changed nothing then either: listed in place.
    if (reply.blockId !== awaited) continue;
    if (!reply.rejected) {
      turn = await replay(turn.state, reply);
      lines.push(...botLines(turn.output.messages));
      continue;
    }
    // Replayed on a copy: should the input accept it now (its validation changed since), the
    // conversation did not go that way, so the flow stays where it waited.
    const retried = await replay(structuredClone(turn.state), reply);
    if (retried.persistence.answers.length > 0) continue;
    turn = retried;
    lines.push(...botLines(turn.output.messages));
  }
  lines.push(...remainingReplies(accepted, rejected).map(userLine));
  return lines;
}
