import { inputHandlerFor } from './answers';
import { handlerFor } from './blocks/registry';
import { EngineRequestError } from './errors';
import { runCommand } from './events';
import { processReply } from './reply';
import { previewStartPropsLog, startPropsAction, startPropsOf } from './start-props';
import { dynamicThemeTemplates } from './theme';
import { needsTranscript } from './transcript';
import { SESSION_STATE_FORMAT } from './session-state';
import { emptyTranscript } from './transcript-lines';
import type { AiChatRequest, AiMessage } from './contracts';
import type { Answer, BotRef, PreviewCredentials, RuntimeVariable, SessionState } from './session';
import type { ChatLog, HandoffRequest, ReplyMessage, TextFormat } from './wire';
import type { EffectResult } from './effects';
import type { EngineEnv } from './env';
import type { RuntimeBot } from './definition/runtime-bot';
import type { TurnResult, TurnStatus } from './turn-result';
import { serializeValue } from './variables/values';
import { createBlockContext } from './walker/context';
import { botOf, type BotResolver, type Run } from './walker/run';
import { newTurn } from './walker/turn';
import { locateBlock, resumeAfterEffect, walk, walkOn } from './walker/walk';
import { addVirtualEdge } from './walker/virtual-edges';

// The engine's entry points: start a chat, continue it with a reply, resume a
// turn after an effect. Pure: (state, message, env) in, (state, output,
// persistence) out.

export type StartFrom = { type: 'group'; groupId: string } | { type: 'event'; eventId: string };

export interface StartInput {
  bot: RuntimeBot;
  botRef: BotRef;
  workspaceId: string;
  isPreview: boolean;
  /** Previews: whether their AI blocks may use the workspace's stored keys (SessionState). */
  previewCredentials?: PreviewCredentials;
  /** Live chats: the result this conversation writes to (new, or remembered). */
  resultId?: string;
  /** A remembered result: its stored variables (by name) and answers. */
  restored?: {
    variables: { name: string; value: unknown }[];
    answers: Answer[];
    visitedEdgeCount?: number;
    setVariableHistoryIndex?: number;
  };
  prefilledVariables?: Record<string, unknown>;
  message?: ReplyMessage;
  startFrom?: StartFrom;
  isOnlyRegistering?: boolean;
  isStreamEnabled?: boolean;
  /** The messaging channel that runs the session (SessionState.channel). */
  channel?: string;
  textFormat: TextFormat;
}

function initialVariables(bot: RuntimeBot, input: StartInput): RuntimeVariable[] {
  const variables = bot.variables.map((variable) => ({ ...variable }));
  for (const variable of variables) {
    const stored = input.restored?.variables.find((candidate) => candidate.name === variable.name);
    if ((variable.value === undefined || variable.value === null) && stored)
      variable.value = serializeValue(stored.value);
  }
  for (const [name, value] of Object.entries(input.prefilledVariables ?? {})) {
    const variable = variables.find((candidate) => candidate.name === name);
    if (variable) variable.value = serializeValue(value);
  }
  return variables;
}

function progressBarEnabled(bot: RuntimeBot): boolean {
  const general = bot.theme.general as { progressBar?: { isEnabled?: boolean } } | undefined;
  return general?.progressBar?.isEnabled === true;
}

/** settings.security.allowedOrigins: the origins a live chat of this bot accepts (none: any). */
export function allowedOriginsOf(bot: RuntimeBot): string[] | undefined {
  const security = bot.settings.security as { allowedOrigins?: unknown } | undefined;
  return Array.isArray(security?.allowedOrigins)
    ? security.allowedOrigins.filter((origin): origin is string => typeof origin === 'string')
    : undefined;
}

export function initialState(input: StartInput): SessionState {
  const { bot } = input;
  const allowedOrigins = allowedOriginsOf(bot);
  return {
    formatVersion: SESSION_STATE_FORMAT,
    workspaceId: input.workspaceId,
    isPreview: input.isPreview,
    ...(input.isPreview && input.previewCredentials ? { previewCredentials: input.previewCredentials } : {}),
    queue: [
      {
        bot: input.botRef,
        variables: initialVariables(bot, input),
        virtualEdges: [],
        resultId: input.isPreview ? undefined : input.resultId,
        answers: [...(input.restored?.answers ?? [])],
        queuedEdgeIds: [],
        isMergingWithParent: false,
      },
    ],
    dynamicTheme: dynamicThemeTemplates(bot.theme),
    isStreamEnabled: input.isStreamEnabled ?? false,
    ...(input.channel ? { channel: input.channel } : {}),
    ...(progressBarEnabled(bot) ? { progress: { totalAnswers: 0 } } : {}),
    ...(!input.isPreview && allowedOrigins?.length ? { allowedOrigins } : {}),
    visitedEdgeCount: input.restored?.visitedEdgeCount ?? 0,
    ...(input.restored?.setVariableHistoryIndex
      ? { setVariableHistoryIndex: input.restored.setVariableHistoryIndex }
      : {}),
    ...(input.isOnlyRegistering ? { isRegisteredOnly: true } : {}),
    ...(needsTranscript(bot) ? { transcript: emptyTranscript() } : {}),
  };
}

function createRun(state: SessionState, env: EngineEnv, bots: BotResolver, textFormat: TextFormat): Run {
  return { state, env, bots, textFormat, turn: newTurn() };
}

function result(run: Run, status: TurnStatus): TurnResult {
  return {
    state: run.state,
    output: run.turn.output,
    persistence: run.turn.persistence,
    status,
    ...(status === 'effect' ? { effect: run.state.pending!.effect } : {}),
  };
}

/** Walks from the start (event, or a previewed group/event) and lets a first message answer the first input. */
async function runFromStart(
  run: Run,
  message: ReplyMessage | undefined,
  startFrom: StartFrom | undefined,
): Promise<TurnStatus> {
  const bot = botOf(run);
  let status: TurnStatus;
  if (startFrom?.type === 'group') {
    if (!bot.groups.some((group) => group.id === startFrom.groupId))
      throw new EngineRequestError("Start group doesn't exist");
    status = await walk(run, { position: { groupId: startFrom.groupId, blockIndex: 0 } });
  } else if (startFrom?.type === 'event') {
    const event = bot.events.find((candidate) => candidate.id === startFrom.eventId);
    if (!event) throw new EngineRequestError("Start event doesn't exist");
    status = await walk(run, { edgeId: event.outgoingEdgeId ?? undefined });
  } else {
    status = await walk(run, { edgeId: bot.events[0]?.outgoingEdgeId ?? undefined });
  }
  const output = run.turn.output;
  const awaited = status === 'awaiting-input' && output.input ? inputHandlerFor(output.input) : undefined;
  const awaitsAnswerable = awaited !== undefined && awaited.answersFirstMessage !== false;
  const pausedOnAction = output.clientSideActions.some((action) => action.expectsDedicatedReply);
  if (!message || output.messages.length > 0 || pausedOnAction || !awaitsAnswerable) return status;
  // Start-with-message: the message answers the first input. Processed once, here:
  // the reference's restart loop (docs/engine-behaviour.md#starting-with-a-message) cannot happen.
  const located = locateBlock(run, run.state.currentBlockId!)!;
  output.input = undefined;
  const answered = await processReply(run, located.block, located.position, message, true);
  output.lastMessageNewFormat = undefined;
  return answered;
}

/** Logs that must close the turn's output: now when the turn is done, else kept with the pending turn. */
function addTrailingLogs(run: Run, status: TurnStatus, logs: ChatLog[] | undefined): void {
  if (!logs?.length) return;
  if (status === 'effect') run.state.pending!.trailingLogs = [...(run.state.pending!.trailingLogs ?? []), ...logs];
  else run.turn.output.logs.push(...logs);
}

/**
 * Start props (docs/engine-behaviour.md#start-props): live, the startPropsToInject action
 * goes first, before any action of the walk; a preview gets an info log after
 * the walk's logs instead.
 */
function addStartProps(run: Run, bot: RuntimeBot, status: TurnStatus): void {
  const props = startPropsOf(bot);
  if (!props) return;
  if (run.state.isPreview) addTrailingLogs(run, status, [previewStartPropsLog(props)]);
  else run.turn.output.clientSideActions.unshift(startPropsAction(props));
}

/** A start's turn, with the variables as they were before anything ran (prefilled and restored values only). */
export interface StartResult extends TurnResult {
  initialVariables: RuntimeVariable[];
}

export async function startChat(input: StartInput, env: EngineEnv, bots: BotResolver): Promise<StartResult> {
  const state = initialState(input);
  // The start response's theme shows avatars with these values; what the turn sets goes in dynamicTheme.
  const initialVariables = structuredClone(state.queue[0]!.variables);
  const run = createRun(state, env, bots, input.textFormat);
  if (input.isOnlyRegistering) return { ...result(run, 'awaiting-input'), initialVariables };
  const status = await runFromStart(run, input.message, input.startFrom);
  addStartProps(run, input.bot, status);
  return { ...result(run, status), initialVariables };
}

/** After a reply event's sub-flow returned to its input: the stored reply is processed now. */
async function autoResume(run: Run, status: TurnStatus): Promise<TurnStatus> {
  const mark = run.state.returnMark;
  if (status !== 'awaiting-input' || !mark || mark.status !== 'called' || !mark.autoResumeMessage) return status;
  if (run.state.currentBlockId !== mark.blockId) return status;
  run.state.returnMark = undefined;
  const located = locateBlock(run, mark.blockId);
  if (!located) return status;
  run.turn.output.input = undefined;
  const resumed = await processReply(run, located.block, located.position, mark.autoResumeMessage, false);
  if (run.turn.output.isRetry) run.turn.output.retryAfterReplyEvent = true;
  return resumed;
}

export async function continueChat(
  state: SessionState,
  message: ReplyMessage | undefined,
  textFormat: TextFormat,
  env: EngineEnv,
  bots: BotResolver,
): Promise<TurnResult> {
  const run = createRun(state, env, bots, textFormat);
  if (state.isRegisteredOnly) {
    state.isRegisteredOnly = undefined;
    // The reference resets the state before this first walk, progress metadata included.
    state.progress = undefined;
    return result(run, await runFromStart(run, message, undefined));
  }
  if (message?.type === 'command') return result(run, await autoResume(run, await runCommand(run, message.command)));
  const currentBlockId = state.currentBlockId;
  // A payload posted to the wait-for-webhook block this session waits on is the reply, whatever the visitor sent.
  const webhookReply = state.webhookReply?.blockId === currentBlockId ? state.webhookReply : undefined;
  state.webhookReply = undefined;
  if (webhookReply) message = { type: 'text', text: JSON.stringify({ statusCode: 200, data: webhookReply.payload }) };
  const located = currentBlockId ? locateBlock(run, currentBlockId) : undefined;
  if (!located) throw new Error(`session ${currentBlockId ? `block ${currentBlockId} not found` : 'awaits nothing'}`);
  const { block, position } = located;
  if (inputHandlerFor(block))
    return result(run, await autoResume(run, await processReply(run, block, position, message, true)));
  const bot = botOf(run);
  const group = bot.groups.find((candidate) => candidate.id === position.groupId)!;
  const ctx = createBlockContext({
    env,
    state,
    bot,
    group,
    blockIndex: position.blockIndex,
    textFormat,
    turn: run.turn,
  });
  const handler = handlerFor(block.type);
  if (handler?.category === 'bubble') {
    await handler.onReply?.(block, message, ctx);
    return result(run, await autoResume(run, await walkOn(run, { kind: 'next' }, block, position)));
  }
  const outcome =
    handler && handler.category !== 'input' && handler.onReply
      ? await handler.onReply(block, message, ctx)
      : { kind: 'next' as const };
  return result(run, await autoResume(run, await walkOn(run, outcome, block, position)));
}

function addVirtualEdgeTo(run: Run, to: { groupId: string }): string {
  return addVirtualEdge(run.state.queue[0]!, to);
}

/** Where a handed-off conversation goes on: the block's outgoing edge, or a group the person picked. */
export interface HandoffRelease {
  groupId?: string;
}

/**
 * A person handed the conversation back (or nobody took it in time): the flow
 * goes on from the Handoff block the session waits on. The visitor's words never
 * reach here: only the service's release does.
 */
export async function releaseHandoff(
  state: SessionState,
  release: HandoffRelease,
  textFormat: TextFormat,
  env: EngineEnv,
  bots: BotResolver,
): Promise<TurnResult> {
  const run = createRun(state, env, bots, textFormat);
  const located = state.currentBlockId ? locateBlock(run, state.currentBlockId) : undefined;
  if (!located || !handlerFor(located.block.type)?.handsOff)
    throw new EngineRequestError('The session does not wait for a person');
  const { block, position } = located;
  if (release.groupId && !botOf(run).groups.some((group) => group.id === release.groupId))
    throw new EngineRequestError(`Group ${release.groupId} not found in this bot`);
  const outcome = release.groupId
    ? { kind: 'goto' as const, edgeId: addVirtualEdgeTo(run, { groupId: release.groupId }) }
    : { kind: 'next' as const };
  return result(run, await walkOn(run, outcome, block, position));
}

/** What the Handoff block the session waits on asks for (its options as written), or undefined when it waits on none. */
export function pendingHandoff(state: SessionState, bots: BotResolver): HandoffRequest | undefined {
  const { currentBlockId } = state;
  if (!currentBlockId) return undefined;
  // Every turn asks: a plain scan, nothing allocated (as locateBlock finds the block it answers).
  for (const group of bots(state.queue[0]!.bot).groups)
    for (const block of group.blocks) if (block.id === currentBlockId) return handlerFor(block.type)?.handsOff?.(block);
  return undefined;
}

/** Whether the session waits on a Handoff block. */
export function awaitsPerson(state: SessionState, bots: BotResolver): boolean {
  return pendingHandoff(state, bots) !== undefined;
}

export async function resumeTurn(
  state: SessionState,
  effect: EffectResult,
  textFormat: TextFormat,
  env: EngineEnv,
  bots: BotResolver,
): Promise<TurnResult> {
  const run = createRun(state, env, bots, textFormat);
  const trailingLogs = state.pending?.trailingLogs;
  const status = await autoResume(run, await resumeAfterEffect(run, effect));
  addTrailingLogs(run, status, trailingLogs);
  return result(run, status);
}

/** The block a session waits on, with a context to run its hooks (stream endpoint). */
function waitingBlock(state: SessionState, env: EngineEnv, bots: BotResolver) {
  if (!state.currentBlockId) return undefined;
  const run = createRun(state, env, bots, 'richText');
  const located = locateBlock(run, state.currentBlockId);
  if (!located) return undefined;
  const { block, position } = located;
  const bot = botOf(run);
  const group = bot.groups.find((candidate) => candidate.id === position.groupId)!;
  const ctx = createBlockContext({
    env,
    state,
    bot,
    group,
    blockIndex: position.blockIndex,
    textFormat: 'richText',
    turn: run.turn,
  });
  return { block, ctx, handler: handlerFor(block.type) };
}

/**
 * The AI completion a session waiting on a `stream` action streams (the
 * stream endpoint): written by the block it waits on, or the reference's
 * refusal (404: nothing waits; 400: the block has nothing to stream).
 */
export async function streamRequest(
  state: SessionState,
  env: EngineEnv,
  bots: BotResolver,
  messages?: AiMessage[],
): Promise<AiChatRequest | { status: 400 | 404; message: string }> {
  if (!state.currentBlockId) return { status: 404, message: 'Could not find current block' };
  const waiting = waitingBlock(state, env, bots);
  if (!waiting) return { status: 404, message: 'Could not find block or group' };
  const { block, ctx, handler } = waiting;
  if (!handler || handler.category === 'bubble' || handler.category === 'input' || !handler.streamRequest) {
    return { status: 400, message: 'This block does not have a stream function' };
  }
  const request = await handler.streamRequest(block, ctx, messages);
  return 'status' in request ? { status: request.status === 404 ? 404 : 400, message: request.message } : request;
}

/** Stores what a finished stream leaves besides its text in the session's variables; false when the session waits on nothing that takes it. */
export function recordStreamOutcome(
  state: SessionState,
  env: EngineEnv,
  bots: BotResolver,
  outcome: { responseId?: string },
): boolean {
  const waiting = waitingBlock(state, env, bots);
  if (
    !waiting?.handler ||
    waiting.handler.category === 'bubble' ||
    waiting.handler.category === 'input' ||
    !waiting.handler.onStreamed
  )
    return false;
  waiting.handler.onStreamed(waiting.block, waiting.ctx, outcome);
  return true;
}
