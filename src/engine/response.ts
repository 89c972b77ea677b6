import { computeProgress } from './progress';
import { renderDynamicTheme } from './theme';
import type { ChatLog, ChatMessage, ClientSideAction, InputObject } from './wire';
import type { RuntimeBot } from './definition/runtime-bot';
import type { SessionState } from './session';
import type { TurnResult } from './turn-result';

/** The parts of a chat response the engine decides (the service adds ids and the bot object). */
export interface ResponseParts {
  messages: ChatMessage[];
  input?: InputObject;
  clientSideActions?: ClientSideAction[];
  logs?: ChatLog[];
  lastMessageNewFormat?: string;
  dynamicTheme?: { hostAvatarUrl?: string; guestAvatarUrl?: string; backgroundUrl?: string };
  progress?: number;
  /** The session waits for a person (docs/handoff.md): Parley's clients open the session's event stream. */
  handoff?: { status: 'waiting' | 'active' };
}

/**
 * What the reference keeps from visitors (filterPotentiallySensitiveLogs): these four descriptions, compared as
 * text, whatever block wrote them; every other log is shown (docs/engine-behaviour.md#logs-shown-to-visitors).
 */
const POTENTIALLY_SENSITIVE = new Set([
  'Webhook successfuly executed.',
  'Webhook returned an error.',
  'Email successfully sent',
  'Email not sent',
]);

/** The logs a response shows (all are kept in the result): the potentially sensitive ones only on a preview's continue. */
function shownLogs(logs: ChatLog[], isStart: boolean, isPreview: boolean): ChatLog[] {
  const showsSensitive = isPreview && !isStart;
  return logs.filter(
    (log) => log.visibility !== 'result' && (showsSensitive || !POTENTIALLY_SENSITIVE.has(log.description)),
  );
}

function progressOf(
  state: SessionState,
  turn: TurnResult,
  bots: RuntimeBot[],
  linkedBot: (botId: string) => RuntimeBot | undefined,
): number | undefined {
  if (!state.progress) return undefined;
  const paused = turn.output.clientSideActions.some((action) => action.expectsDedicatedReply);
  if (turn.status === 'ended' || (!turn.output.input && !paused)) return 100;
  if (!turn.output.input || !state.currentBlockId) return undefined;
  return computeProgress({
    bots,
    queuedEdgeIds: state.queue.map((entry) => entry.queuedEdgeIds),
    virtualEdges: state.queue.map((entry) => entry.virtualEdges),
    currentBlockId: state.currentBlockId,
    totalAnswers: state.progress.totalAnswers,
    linkedBot,
  });
}

/**
 * Shapes a turn for the wire. A start omits empty action and log lists; a
 * continue that walked carries them even empty; a retry carries only the
 * messages and the input again (and the lists, after a reply event's sub-flow).
 */
export function responseParts(
  turn: TurnResult,
  options: { isStart: boolean; bots: RuntimeBot[]; linkedBot: (botId: string) => RuntimeBot | undefined },
): ResponseParts {
  const { state, output } = turn;
  const dynamicTheme = state.dynamicTheme
    ? renderDynamicTheme(state.dynamicTheme, state.queue[0]!.variables)
    : undefined;
  const progress = progressOf(state, turn, options.bots, options.linkedBot);
  const logs = shownLogs(output.logs, options.isStart, state.isPreview);
  if (output.isRetry) {
    return {
      messages: output.messages,
      input: output.input,
      ...(output.retryAfterReplyEvent ? { clientSideActions: output.clientSideActions, logs } : {}),
      ...(dynamicTheme ? { dynamicTheme } : {}),
      ...(progress !== undefined ? { progress } : {}),
    };
  }
  const parts: ResponseParts = { messages: output.messages };
  if (output.input) parts.input = output.input;
  if (options.isStart) {
    if (output.clientSideActions.length) parts.clientSideActions = output.clientSideActions;
    if (logs.length) parts.logs = logs;
  } else {
    if (output.walked) {
      parts.clientSideActions = output.clientSideActions;
      parts.logs = logs;
    } else if (logs.length) {
      parts.logs = logs;
    }
    if (output.lastMessageNewFormat !== undefined) parts.lastMessageNewFormat = output.lastMessageNewFormat;
  }
  if (dynamicTheme) parts.dynamicTheme = dynamicTheme;
  if (progress !== undefined) parts.progress = progress;
  if (output.handoff) parts.handoff = { status: 'waiting' };
  return parts;
}
