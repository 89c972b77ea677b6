import type { SessionState } from '../../engine/session';
import type { ChatMessage, HandoffRequest } from '../../engine/wire';
import type { TranscriptLine } from '../chat/transcript';
import { resultTranscript } from '../chat/transcript';
import type { ChatDeps } from '../chat/deps';
import { isUniqueViolation } from '../prisma-errors';
import { appendLines, type NewLine } from './lines';
import { chatMessageText } from './message-text';
import { publishConversation } from './publish';
import type { ConversationChannel, HandoffLimits, WebSurface } from './types';

export interface OpenPlan {
  sessionId: string;
  botId: string;
  /** The web chat's page (the messaging channels say theirs in the session state). */
  surface?: () => WebSurface;
}

/** A session stopped at a Handoff block: its state, what the block asks for, and what the bot just said. */
export interface HandedOff {
  state: SessionState;
  request: HandoffRequest;
  messages: readonly ChatMessage[];
}

function channelOf(state: SessionState, surface: (() => WebSurface) | undefined): ConversationChannel {
  if (state.isPreview) return 'preview';
  // The messaging channels name theirs in lower case ("whatsapp", as Set variable's "Environment name" gives it).
  if (state.channel === 'whatsapp' || state.channel === 'whatsApp') return 'whatsApp';
  if (state.channel === 'telegram') return 'telegram';
  return surface?.() ?? 'web';
}

function lineOf(line: TranscriptLine): NewLine {
  return {
    authorKind: line.role === 'bot' ? 'bot' : 'visitor',
    text: line.text ?? line.url ?? '',
  };
}

/** What the visitor saw before the handoff: the result's transcript (previews have none: the turn's own bubbles). */
async function transcriptBefore(deps: ChatDeps, turn: HandedOff, botId: string, limits: HandoffLimits) {
  const resultId = turn.state.queue[0]!.resultId;
  let lines: NewLine[] = [];
  if (resultId && !turn.state.isPreview) {
    try {
      lines = (await resultTranscript(deps, botId, resultId)).map(lineOf);
    } catch (error) {
      console.error('[parley] handoff: the transcript before the handoff could not be read:', error);
    }
  }
  if (lines.length === 0)
    lines = turn.messages.map((message) => ({ authorKind: 'bot' as const, text: chatMessageText(message) }));
  return lines.filter((line) => line.text !== '').slice(-limits.maxTranscriptLines);
}

/**
 * A committed turn stopped at a Handoff block: the conversation enters its
 * workspace's inbox as waiting, with what the visitor saw so far. The turn
 * already answered, so nothing here may fail it: a failure is logged, and the
 * timeout sweeper or the visitor's next message finds the session again.
 */
export async function openConversation(deps: ChatDeps, turn: HandedOff, plan: OpenPlan): Promise<void> {
  const { state, request } = turn;
  const now = new Date();
  const limits = deps.handoffLimits;
  try {
    const waiting = await deps.db.conversation.count({ where: { workspaceId: state.workspaceId, status: 'waiting' } });
    // Past the bound nobody will answer soon: the flow goes on at the sweeper's next round.
    const full = waiting >= limits.maxWaitingPerWorkspace;
    const timeoutAt = new Date(now.getTime() + (full ? 0 : request.timeoutSeconds * 1000));
    const lines = await transcriptBefore(deps, turn, plan.botId, limits);
    const conversation = await deps.db.$transaction(async (tx) => {
      const created = await tx.conversation.create({
        data: {
          workspaceId: state.workspaceId,
          botId: plan.botId,
          resultId: state.isPreview ? null : (state.queue[0]!.resultId ?? null),
          sessionId: plan.sessionId,
          openSessionId: plan.sessionId,
          blockId: request.blockId,
          team: request.team ?? null,
          status: 'waiting',
          channel: channelOf(state, plan.surface),
          waitingSince: now,
          timeoutAt,
          transcriptLines: lines.length,
        },
        select: { id: true, botId: true, workspaceId: true, sessionId: true },
      });
      await appendLines(tx, created.id, lines, now);
      return created;
    });
    publishConversation(deps.live, conversation, 'waiting');
  } catch (error) {
    // The same turn committed twice (a retried request): the conversation is open already.
    if (isUniqueViolation(error, 'openSessionId')) return;
    console.error('[parley] handoff: opening the conversation failed:', error);
  }
}
