import { startChat as engineStart, continueChat as engineContinue, resumeTurn } from '../../engine/chat';
import { transcriptTurnOf } from '../../engine/transcript';
import type { BotRef, ChatMessage, EffectResult, TurnResult } from '../../engine/types';
import { notFound } from '../../errors';
import { BotLibrary, loadSnapshot, prismaSnapshots } from './bot-loader';
import { DEFAULT_EFFECT_TIMEOUTS, performEffect } from './effects';
import { engineEnv, type TurnEnv } from './engine-env';
import type { ChatDeps } from './runtime';

// A result's conversation as the visitor saw it, rebuilt by replaying the
// bot through the engine itself: the stored answers are fed back in order as
// replies, and every value a block gave a variable is taken from the stored
// set-variable history instead of being computed again (code, random ids,
// dates, answers of outside systems), so bubbles show what they showed then.
// Nothing reaches the outside during a replay: HTTP requests, e-mails and AI
// calls fail quietly (their values come from the history); linked bots load.

/** One line of a transcript, in conversation order. */
export interface TranscriptLine {
  role: 'bot' | 'user';
  /** text, image, video, audio (bot media by URL), embed. */
  type: string;
  /** The bubble's text as markdown, or the visitor's answer. */
  text?: string;
  /** A media bubble's or an embed's URL. */
  url?: string;
  /** The block the line comes from: the bubble, or the input answered. */
  blockId: string;
}

interface StoredAnswer {
  blockId: string;
  content: string;
}

interface HistoryItem {
  blockId: string;
  variableId: string;
  value: unknown;
}

/** Bubbles of a turn as transcript lines (the engine's own transcript forms; embeds by URL). */
function botLines(messages: readonly ChatMessage[]): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const message of messages) {
    const turn = transcriptTurnOf(message);
    if (turn) {
      const url = turn.type === 'text' ? undefined : turn[turn.type];
      lines.push({ role: 'bot', type: turn.type, ...(turn.type === 'text' ? { text: turn.text ?? '' } : { url }), blockId: message.id });
      continue;
    }
    const url = (message.content as { url?: unknown } | null)?.url;
    if (typeof url === 'string' && url) lines.push({ role: 'bot', type: message.type, url, blockId: message.id });
  }
  return lines;
}

/** Hands out the recorded values of each block in the order they were stored. */
function recordedValues(history: readonly HistoryItem[]): TurnEnv['recordedValue'] {
  const byBlock = new Map<string, HistoryItem[]>();
  for (const item of history) {
    const queue = byBlock.get(item.blockId) ?? [];
    queue.push(item);
    byBlock.set(item.blockId, queue);
  }
  return (blockId, variableId) => {
    const queue = byBlock.get(blockId);
    const index = queue?.findIndex((item) => item.variableId === variableId) ?? -1;
    if (!queue || index < 0) return undefined;
    const [item] = queue.splice(index, 1);
    return { value: item!.value };
  };
}

function notReplayed(effect: NonNullable<TurnResult['effect']>): EffectResult {
  return { type: 'failed', effect: effect.type, reason: 'error', message: 'not performed in a transcript replay' };
}

/** The transcript of a result of `botId` (archived results have none: NOT_FOUND). */
export async function resultTranscript(deps: ChatDeps, botId: string, resultId: string): Promise<TranscriptLine[]> {
  const { db } = deps;
  const result = await db.result.findFirst({
    where: { id: resultId, botId, isArchived: false },
    select: {
      answers: { select: { blockId: true, content: true }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
      setVariableHistory: { select: { blockId: true, variableId: true, value: true }, orderBy: { index: 'asc' } },
      bot: { select: { workspaceId: true, publishedRevision: true, lastRevision: true } },
    },
  });
  if (!result) throw notFound();
  const answers: StoredAnswer[] = [...result.answers];
  // Results have no revision of their own: the published one (else the last one published) is replayed.
  const revision = result.bot.publishedRevision ?? result.bot.lastRevision;
  const bot = revision > 0 ? await loadSnapshot(prismaSnapshots(db), botId, revision) : null;
  if (!bot) return answers.map((answer) => ({ role: 'user', type: 'text', text: answer.content, blockId: answer.blockId }));

  const env: TurnEnv = { ...engineEnv(deps.code, deps.limits), recordedValue: recordedValues(result.setVariableHistory) };
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
              { db, workspaceId: state.workspaceId, isPreview: false, library, transcript: async () => [] },
              deps.effectTimeouts ?? DEFAULT_EFFECT_TIMEOUTS,
            )
          : notReplayed(effect);
      current = await resumeTurn(state, outcome, 'markdown', env, library.resolve);
    }
    return current;
  };

  const lines: TranscriptLine[] = [];
  let turn = await settle(
    await engineStart({ bot, botRef: ref, workspaceId: result.bot.workspaceId, isPreview: false, resultId, textFormat: 'markdown' }, env, library.resolve),
  );
  lines.push(...botLines(turn.output.messages));
  while (answers.length > 0) {
    const answer = answers[0]!;
    // The flow no longer asks what was answered (the bot changed since): the rest is listed as answered.
    if (turn.status !== 'awaiting-input' || turn.state.currentBlockId !== answer.blockId) break;
    answers.shift();
    lines.push({ role: 'user', type: 'text', text: answer.content, blockId: answer.blockId });
    turn = await settle(await engineContinue(turn.state, { type: 'text', text: answer.content }, 'markdown', env, library.resolve));
    lines.push(...botLines(turn.output.messages));
  }
  lines.push(...answers.map((answer): TranscriptLine => ({ role: 'user', type: 'text', text: answer.content, blockId: answer.blockId })));
  return lines;
}
