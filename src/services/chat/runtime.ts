import { isAnonymousPreview } from '../../engine/blocks/integrations/anonymous-preview';
import { z } from 'zod';
import type { SignInSettings } from '../sign-in/settings';
import type {
  ChatStore,
  Db,
  ResultChange,
  SessionWrite,
  TranscriptLineRow,
  TurnWrite,
  WrittenResult,
} from '../../db/client';
import {
  allowedOriginsOf,
  continueChat as engineContinue,
  resumeTurn,
  startChat as engineStart,
  type StartFrom,
  type StartInput,
} from '../../engine/chat';
import { parseDefinition } from '../../engine/definition/parse';
import { toRuntimeBot } from '../../engine/definition/runtime';
import { EngineRequestError } from '../../engine/errors';
import { responseParts, type ResponseParts } from '../../engine/response';
import { parseSessionState, parseTranscriptLines, replyMessageSchema } from '../../engine/session-state';
import { substituteSettings, substituteTheme } from '../../engine/theme';
import type { BotRef, RuntimeVariable, SessionState, TranscriptTurn } from '../../engine/session';
import type { CodeRunner } from '../../engine/contracts';
import type { ReplyMessage, TextFormat } from '../../engine/wire';
import type { RuntimeBot } from '../../engine/definition/runtime-bot';
import type { TurnResult } from '../../engine/turn-result';
import type { AiClient } from '../../integrations/ai/client';
import { storedResultVariables } from '../results';
import type { UploadDeps } from '../uploads';
import { assertOriginAllowed, type RequestOrigin } from './origin-policy';

export type { RequestOrigin };
import type { ChatQuota } from '../quota';
import {
  assertAnonymousPreviewSize,
  assertAnswerSize,
  assertClientLogsRoom,
  assertSessionSize,
  assertVariablesSize,
  DEFAULT_SESSION_BOUNDS,
  type SessionBounds,
} from './bounds';
import { recordChatTurn, type TurnKind } from '../../observability/metrics';
import { draftDefinition } from '../bots';
import { AppError, badRequest, invalidInput } from '../../errors';
import type { SecretBox } from '../credentials/secret-box';
import { parseInput } from '../validation';
import { BotLibrary, loadLinkedBots, loadSnapshot } from './bot-loader';
import { DEFAULT_EFFECT_TIMEOUTS, performEffect, type EffectPerformers, type EffectTimeouts } from './effects';
import { engineEnv, newId, type TurnEnv, type TurnLimits } from './engine-env';
import { DEFAULT_CLAIM, withClaimedSession, type ClaimOptions } from './sessions';
import type { LiveResults } from '../live/live-results';
import { resultEvents, type TurnResultChanges } from './result-events';

// The chat runtime: loads the bot and the session, runs the engine, performs
// its effects, and commits everything a turn wrote in one transaction.

export interface ChatDeps {
  db: Db;
  /** The hot path's prepared statements: claims and turn commits. */
  store: ChatStore;
  code: CodeRunner;
  /** Where anonymous previews' code runs: a lane apart, so it never holds up published bots' code (the sandbox pool's `untrusted`). */
  untrustedCode?: CodeRunner;
  limits: TurnLimits;
  sessionTtlMs: number;
  claim?: ClaimOptions;
  /** Encrypts and decrypts stored credentials (GraphQL writes them, the runtime reads them). */
  secrets: SecretBox;
  /** Who performs each effect kind (the integrations). */
  effects: EffectPerformers;
  /** Streams AI completions to clients (the stream endpoint); the effects complete them whole. */
  ai: AiClient;
  effectTimeouts?: EffectTimeouts;
  /** Where committed turns announce the results they changed (live results subscriptions). */
  live: LiveResults;
  /** What one session may make Parley store (answers, client logs, variables, its state). */
  bounds?: SessionBounds;
  /** The workspaces' chats quota, checked when a live chat starts. */
  quota: ChatQuota;
  /** File uploads of file inputs (storage, limits, the key sealing upload URLs). */
  uploads: UploadDeps;
  /** How often an open live results stream re-checks that its caller may still read the bot (ms). */
  liveRecheckMs: number;
  /** Console sign-in (sessions, e-mailed links); defaults when absent. */
  signIn?: SignInSettings;
}

export interface ChatBotObject {
  id: string;
  version: string;
  theme: unknown;
  settings: unknown;
  publishedAt?: Date;
}

// The wire shapes of a turn, for the API layers that expose them.
export type { ResponseParts };
export type { ChatLog, ChatMessage } from '../../engine/wire';

export interface StartResponse extends ResponseParts {
  sessionId: string;
  resultId?: string;
  bot: ChatBotObject;
}

const messageSchema = z.union([z.string(), replyMessageSchema]).nullish();

export function parseMessage(raw: unknown): ReplyMessage | undefined {
  const message = parseInput(messageSchema, raw, ['message']);
  if (message === null || message === undefined) return undefined;
  return typeof message === 'string' ? { type: 'text', text: message } : message;
}

const textFormatSchema = z.enum(['richText', 'markdown']).nullish();
const startFromSchema = z
  .union([
    z.object({ type: z.literal('group'), groupId: z.string() }),
    z.object({ type: z.literal('event'), eventId: z.string() }),
  ])
  .nullish();
const prefilledSchema = z.record(z.string(), z.unknown()).nullish();

function textFormat(raw: unknown): TextFormat {
  return parseInput(textFormatSchema, raw, ['textBubbleContentFormat']) ?? 'richText';
}

function settingsGeneral(bot: RuntimeBot): Record<string, unknown> {
  return (bot.settings.general as Record<string, unknown> | undefined) ?? {};
}

/** remember-user: explicit flag, else the inverse of the legacy isNewResultOnRefreshEnabled. */
function remembersUser(bot: RuntimeBot): boolean {
  const general = settingsGeneral(bot);
  const remember = general.rememberUser as { isEnabled?: boolean } | undefined;
  if (typeof remember?.isEnabled === 'boolean') return remember.isEnabled;
  return typeof general.isNewResultOnRefreshEnabled === 'boolean' ? !general.isNewResultOnRefreshEnabled : false;
}

/** Anonymous previews' code runs in the sandbox's untrusted lane. */
function codeRunnerFor(deps: ChatDeps, session: { isPreview: boolean; workspaceId: string }): CodeRunner {
  return isAnonymousPreview(session) ? (deps.untrustedCode ?? deps.code) : deps.code;
}

/** Counts a chat turn and its duration in the metrics, whatever it answers. */
async function measured<T>(kind: TurnKind, run: () => Promise<T>): Promise<T> {
  const began = performance.now();
  try {
    const answer = await run();
    recordChatTurn(kind, 'ok', (performance.now() - began) / 1000);
    return answer;
  } catch (error) {
    recordChatTurn(kind, 'error', (performance.now() - began) / 1000);
    throw error;
  }
}

/** Engine refusals are 400s with the engine's message; other errors stay internal. */
async function guarded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof EngineRequestError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * Performs the engine's effects until the turn is done, each off the turn's
 * budget clock (the session claim is renewed meanwhile, see sessions.ts).
 */
async function settle(
  deps: ChatDeps,
  library: BotLibrary,
  turn: TurnResult,
  format: TextFormat,
  env: TurnEnv,
  /** The stored session the turn continues (none on a start). */
  storedSessionId?: string,
): Promise<TurnResult> {
  const transcript = async (lines: number): Promise<TranscriptTurn[]> =>
    storedSessionId === undefined || lines === 0
      ? []
      : parseTranscriptLines(await deps.store.transcriptLines(storedSessionId, lines));
  let current = turn;
  while (current.status === 'effect' && current.effect) {
    const { effect, state } = current;
    const outcome = await env.offTheClock(() =>
      performEffect(
        effect,
        deps.effects,
        { db: deps.db, workspaceId: state.workspaceId, isPreview: state.isPreview, library, transcript },
        deps.effectTimeouts ?? DEFAULT_EFFECT_TIMEOUTS,
      ),
    );
    current = await resumeTurn(state, outcome, format, env, library.resolve);
  }
  return current;
}

function hasDedicatedReply(turn: TurnResult): boolean {
  return turn.output.clientSideActions.some((action) => action.expectsDedicatedReply);
}

function resultVariables(state: SessionState): unknown[] {
  return state.queue[0]!.variables.filter(
    (variable) => !variable.isSessionVariable && variable.value !== undefined && variable.value !== null,
  ).map((variable) => ({ id: variable.id, name: variable.name, value: variable.value }));
}

function logDetails(details: unknown): string | null {
  if (details === undefined || details === null) return null;
  const text = typeof details === 'string' ? details : JSON.stringify(details);
  return text.length > 1000 ? `${text.slice(0, 1000)}...` : text;
}

interface CommitPlan {
  sessionId: string;
  /** create: a new session; update: the claimed one (by version); none: an ended start, nothing to keep. */
  session: { mode: 'create' | 'none' } | { mode: 'update'; version: number };
  botId: string;
  /** The result row to create first (live start, or the first turn of a registered session). */
  createResult?: { id: string; botId: string };
  expiresAt: Date | null;
  /** The input a continue answered: where a session without a result waits again once its flow ended. */
  answeredBlockId?: string;
}

/** What a turn changes on a result row (plain values: valid for create and update alike). */
type ResultChanges = Omit<ResultChange, 'id'>;

/** One update per touched result (usually one): started once answered; the running bot's also its variables. */
function resultUpdates(turn: TurnResult, plan: CommitPlan): Map<string, ResultChanges> {
  const { state, persistence } = turn;
  const updates = new Map<string, ResultChanges>();
  for (const answer of persistence.answers) updates.set(answer.resultId, { hasStarted: true });
  // A linked child's own result is complete when its flow returned to the parent after an answer.
  for (const completed of persistence.completedResults) {
    if (completed.hasStarted)
      updates.set(completed.resultId, { ...updates.get(completed.resultId), hasStarted: true, isCompleted: true });
  }
  const entry = state.queue[0]!;
  if (entry.resultId && !state.isRegisteredOnly) {
    const completes = turn.status === 'ended' && !hasDedicatedReply(turn) && entry.answers.length > 0;
    updates.set(entry.resultId, {
      ...updates.get(entry.resultId),
      variables: resultVariables(state),
      lastChatSessionId: plan.sessionId,
      ...(completes ? { isCompleted: true, hasStarted: true } : {}),
    });
  }
  return updates;
}

/**
 * The state as stored: the transcript lines this turn recorded leave it, to
 * be appended as rows after the stored ones (the turn never rewrites earlier
 * lines). The size bound counts the stored lines, as when they were in the state.
 */
function storedForm(state: SessionState, bounds: SessionBounds): { state: string; transcript: TranscriptLineRow[] } {
  const record = state.transcript;
  const transcript = (record?.recent ?? []).map((turn, offset) => ({
    index: record!.stored + offset,
    line: JSON.stringify(turn),
  }));
  let storedBytes = record?.storedBytes ?? 0;
  for (const row of transcript) storedBytes += Buffer.byteLength(row.line, 'utf8');
  const stored = record
    ? { ...state, transcript: { stored: record.stored + transcript.length, storedBytes, recent: [] } }
    : state;
  const json = JSON.stringify(stored);
  assertSessionSize(bounds, json, storedBytes);
  return { state: json, transcript };
}

/**
 * The session row's fate: created, kept (claim released) or deleted when the
 * flow ended. As the reference (`saveStateToDatabase`: only completed
 * sessions with a result are deleted), a continued session without a result
 * (a preview) is kept when its flow ends, waiting again on the input it
 * answered: another message re-answers it and runs the flow on from there.
 */
function sessionWrite(turn: TurnResult, plan: CommitPlan, bounds: SessionBounds): SessionWrite {
  let { state } = turn;
  const ended = turn.status === 'ended';
  const hasResult = Boolean(state.queue[0]?.resultId);
  if (ended && (hasResult || plan.session.mode !== 'update' || !plan.answeredBlockId)) {
    return plan.session.mode === 'update'
      ? { kind: 'delete', id: plan.sessionId, version: plan.session.version }
      : { kind: 'none' };
  }
  if (ended) state = { ...state, currentBlockId: plan.answeredBlockId };
  const kept = {
    ...storedForm(state, bounds),
    expiresAt: plan.expiresAt,
    resultId: state.queue[state.queue.length - 1]!.resultId ?? null,
  };
  if (plan.session.mode === 'create')
    return { kind: 'create', id: plan.sessionId, botId: plan.botId, isPreview: state.isPreview, ...kept };
  if (plan.session.mode === 'update')
    return { kind: 'update', id: plan.sessionId, version: plan.session.version, ...kept };
  return { kind: 'none' };
}

/** Everything the turn produced, as rows: results, answers, visited edges, history, logs, the session. */
function turnWrite(turn: TurnResult, plan: CommitPlan, bounds: SessionBounds): TurnWrite {
  const { state, persistence } = turn;
  const write: TurnWrite = {
    newResults: [],
    answers: [],
    rejectedAnswers: [],
    visitedEdges: [],
    history: [],
    logs: [],
    resultChanges: [],
    session: sessionWrite(turn, plan, bounds),
  };
  if (state.isPreview) return write;
  const updates = resultUpdates(turn, plan);
  // A result created by this turn gets its final values at once rather than an insert then an update
  // (the stores may write a turn as one statement, where an update does not see a row inserted beside it).
  const created = [
    ...(plan.createResult ? [plan.createResult] : []),
    ...persistence.newResults.map((row) => ({ id: row.resultId, botId: row.botId })),
  ];
  for (const { id, botId } of created) {
    const changes = updates.get(id);
    write.newResults.push({
      id,
      botId,
      variables: changes?.variables ?? [],
      hasStarted: changes?.hasStarted ?? false,
      isCompleted: changes?.isCompleted ?? false,
      lastChatSessionId: changes?.lastChatSessionId ?? null,
    });
    updates.delete(id);
  }
  write.answers = persistence.answers.map((answer) => ({
    ...answer,
    groupId: answer.groupId ?? null,
    variableId: answer.variableId ?? null,
    attachedFileUrls: answer.attachedFileUrls ?? null,
  }));
  write.rejectedAnswers = persistence.rejectedAnswers;
  write.visitedEdges = persistence.visitedEdges;
  write.history = persistence.setVariableHistory;
  write.logs = persistence.logs
    .filter((log) => log.resultId)
    .map((log) => ({
      id: newId(),
      resultId: log.resultId!,
      sessionId: plan.sessionId,
      status: log.status ?? 'error',
      description: log.description,
      details: logDetails(log.details),
      context: log.context ?? null,
    }));
  write.resultChanges = [...updates].map(([id, changes]) => ({ id, ...changes }));
  return write;
}

/** What the turn did to its results, for the live events published once it committed. */
function resultChanges(write: TurnWrite): TurnResultChanges {
  const answers = new Map<string, number>();
  for (const answer of write.answers) answers.set(answer.resultId, (answers.get(answer.resultId) ?? 0) + 1);
  return {
    created: new Set(write.newResults.map((row) => row.id)),
    completed: new Set(
      [...write.newResults, ...write.resultChanges].filter((row) => row.isCompleted).map((row) => row.id),
    ),
    answers,
  };
}

/**
 * Writes everything the turn produced in one transaction (the chat store's
 * prepared statements). Once it committed, the results it changed are
 * announced to live subscribers.
 */
async function commit(deps: ChatDeps, turn: TurnResult, plan: CommitPlan): Promise<void> {
  const write = turnWrite(turn, plan, deps.bounds ?? DEFAULT_SESSION_BOUNDS);
  const empty =
    write.session.kind === 'none' &&
    !write.newResults.length &&
    !write.answers.length &&
    !write.rejectedAnswers.length &&
    !write.visitedEdges.length &&
    !write.history.length &&
    !write.logs.length &&
    !write.resultChanges.length;
  if (empty) return;
  const committed = await deps.store.commitTurn(write, new Date());
  if (committed === 'claim-lost') throw new AppError('INTERNAL_SERVER_ERROR', 'Session claim lost');
  if (committed.results.length) announce(deps.live, committed.results, resultChanges(write));
}

/** The turn has committed: whatever happens to its announcement, it must not fail the answer. */
function announce(live: LiveResults, rows: WrittenResult[], changes: TurnResultChanges): void {
  try {
    live.publish(resultEvents(rows, changes));
  } catch (error) {
    console.error('[parley] live results: publishing a turn failed:', error);
  }
}

function botObject(
  bot: RuntimeBot,
  themeVariables: SessionState['queue'][number]['variables'],
  state: SessionState,
  publishedAt?: Date,
): ChatBotObject {
  return {
    id: bot.id,
    version: bot.version,
    theme: substituteTheme(bot.theme, themeVariables),
    settings: substituteSettings(bot.settings, state.queue[0]!.variables),
    ...(publishedAt ? { publishedAt } : {}),
  };
}

async function partsOf(
  deps: ChatDeps,
  turn: TurnResult,
  library: BotLibrary,
  isStart: boolean,
): Promise<ResponseParts> {
  const { state, output } = turn;
  const bots = state.queue.map((entry) => library.resolve(entry.bot));
  // Progress counts the flows of linked bots: they are loaded only when a progress value is computed (an input awaits).
  const measuresProgress = Boolean(state.progress && output.input && state.currentBlockId);
  const linked = measuresProgress ? await loadLinkedBots(deps.db, bots, state.workspaceId, state.isPreview) : undefined;
  return responseParts(turn, { isStart, bots, linkedBot: (botId) => linked?.get(botId) });
}

/**
 * Runs a start (live or preview) and commits it as a new session. The theme is
 * rendered with the variables before the walk, the settings after it (as the
 * reference does).
 */
async function runStart(
  deps: ChatDeps,
  input: StartInput,
  plan: Omit<CommitPlan, 'session' | 'expiresAt'>,
): Promise<{ turn: TurnResult; themeVariables: RuntimeVariable[]; library: BotLibrary }> {
  const library = new BotLibrary();
  library.add(input.botRef, input.bot);
  const env = engineEnv(codeRunnerFor(deps, input), deps.limits);
  const started = await engineStart(input, env, library.resolve);
  const themeVariables = started.initialVariables;
  const turn = await settle(deps, library, started, input.textFormat, env);
  await commit(deps, turn, {
    ...plan,
    session: { mode: 'create' },
    expiresAt: new Date(Date.now() + deps.sessionTtlMs),
  });
  return { turn, themeVariables, library };
}

export interface StartChatInput {
  publicId: string;
  message?: unknown;
  isStreamEnabled?: boolean | null;
  isOnlyRegistering?: boolean | null;
  prefilledVariables?: unknown;
  resultId?: string | null;
  textBubbleContentFormat?: unknown;
}

export function startChat(deps: ChatDeps, input: StartChatInput, origin: RequestOrigin): Promise<StartResponse> {
  return measured('start', () => startTurn(deps, input, origin));
}

async function startTurn(deps: ChatDeps, input: StartChatInput, origin: RequestOrigin): Promise<StartResponse> {
  const message = parseMessage(input.message);
  const format = textFormat(input.textBubbleContentFormat);
  const prefilledVariables = parseInput(prefilledSchema, input.prefilledVariables, ['prefilledVariables']) ?? undefined;
  const bounds = deps.bounds ?? DEFAULT_SESSION_BOUNDS;
  assertAnswerSize(bounds, message);
  assertVariablesSize(bounds, prefilledVariables ?? undefined);
  const row = await deps.store.findBotByPublicId(input.publicId);
  if (!row || row.isArchived || row.publishedRevision === null) throw badRequest('Bot not found');
  if (row.workspace.isSuspended || row.workspace.isQuarantined) throw badRequest('This bot is now closed');
  // A workspace at its chats limit starts no new conversations; those under way go on to their end.
  if (!(await deps.quota.allowsNewChat(row.workspaceId, row.workspace))) throw badRequest('This bot is now closed');
  const bot = await loadSnapshot(deps.store, row.id, row.publishedRevision);
  if (!bot) throw badRequest('Bot not found');
  if (row.isClosed) {
    const custom = (settingsGeneral(bot).systemMessages as { botClosed?: string } | undefined)?.botClosed;
    throw badRequest(custom || 'This bot is now closed');
  }
  // Checked before anything runs (the reference checks after its first walk).
  assertOriginAllowed(allowedOriginsOf(bot), origin);

  let resultId = newId();
  let restored:
    | {
        variables: { name: string; value: unknown }[];
        answers: { key: string; value: string }[];
        visitedEdgeCount?: number;
        setVariableHistoryIndex?: number;
      }
    | undefined;
  let createResult = true;
  if (input.resultId && remembersUser(bot)) {
    const existing = await deps.db.result.findFirst({
      where: { id: input.resultId, botId: row.id, isArchived: false },
    });
    if (existing) {
      resultId = existing.id;
      createResult = false;
      // A remembered result's visited edges and history go on after their last rows (both are keyed resultId + index).
      const [lastEdge, lastSet] = await Promise.all([
        deps.db.visitedEdge.findFirst({ where: { resultId }, orderBy: { index: 'desc' }, select: { index: true } }),
        deps.db.setVariableHistoryItem.findFirst({
          where: { resultId },
          orderBy: { index: 'desc' },
          select: { index: true },
        }),
      ]);
      restored = {
        variables: storedResultVariables(existing.variables),
        answers: [],
        visitedEdgeCount: lastEdge ? lastEdge.index + 1 : 0,
        setVariableHistoryIndex: lastSet ? lastSet.index + 1 : 0,
      };
    }
  }
  const ref: BotRef = { kind: 'snapshot', botId: row.id, revision: row.publishedRevision };
  const sessionId = newId();
  const isOnlyRegistering = input.isOnlyRegistering === true;
  return guarded(async () => {
    const { turn, themeVariables, library } = await runStart(
      deps,
      {
        bot,
        botRef: ref,
        workspaceId: row.workspaceId,
        isPreview: false,
        resultId,
        restored,
        prefilledVariables: prefilledVariables as Record<string, unknown> | undefined,
        message,
        isOnlyRegistering,
        isStreamEnabled: input.isStreamEnabled === true,
        textFormat: format,
      },
      // A registered-only session creates its result on its first real turn.
      {
        sessionId,
        botId: row.id,
        createResult: createResult && !isOnlyRegistering ? { id: resultId, botId: row.id } : undefined,
      },
    );
    const showsResult = !isOnlyRegistering && (turn.output.input !== undefined || hasDedicatedReply(turn));
    return {
      sessionId,
      ...(showsResult ? { resultId } : {}),
      // A registering client learns publishedAt from its first real turn's start, not here (reference).
      bot: botObject(bot, themeVariables, turn.state, isOnlyRegistering ? undefined : (row.publishedAt ?? undefined)),
      ...(await partsOf(deps, turn, library, true)),
    };
  });
}

export interface ContinueChatInput {
  sessionId: string;
  message?: unknown;
  textBubbleContentFormat?: unknown;
}

export async function continueChat(
  deps: ChatDeps,
  input: ContinueChatInput,
  origin: RequestOrigin,
): Promise<ResponseParts> {
  const message = parseMessage(input.message);
  const format = textFormat(input.textBubbleContentFormat);
  assertAnswerSize(deps.bounds ?? DEFAULT_SESSION_BOUNDS, message);
  // Timed once the claim is held: waiting for it has a metric of its own.
  return withClaimedSession(deps.store, input.sessionId, deps.claim ?? DEFAULT_CLAIM, (session) =>
    measured('continue', () =>
      guarded(async () => {
        if (session.expiresAt && session.expiresAt.getTime() < Date.now())
          throw badRequest('Session expired. You need to start a new session.');
        const state = parseSessionState(session.state);
        assertOriginAllowed(state.allowedOrigins, origin);
        const library = await new BotLibrary().load(
          deps.store,
          state.queue.map((entry) => entry.bot),
        );
        const env = engineEnv(codeRunnerFor(deps, state), deps.limits);
        const wasRegisteredOnly = state.isRegisteredOnly === true;
        // Read before the engine runs: it works on this state.
        const answeredBlockId = state.currentBlockId;
        const rootResultId = state.queue[0]!.resultId;
        const turn = await settle(
          deps,
          library,
          await engineContinue(state, message, format, env, library.resolve),
          format,
          env,
          session.id,
        );
        await commit(deps, turn, {
          sessionId: session.id,
          session: { mode: 'update', version: session.version },
          botId: session.botId ?? '',
          createResult:
            wasRegisteredOnly && !state.isPreview && rootResultId && session.botId
              ? { id: rootResultId, botId: session.botId }
              : undefined,
          expiresAt: new Date(Date.now() + deps.sessionTtlMs),
          answeredBlockId,
        });
        return partsOf(deps, turn, library, false);
      }),
    ),
  );
}

const clientLogsSchema = z.array(
  z.object({
    status: z.string().optional(),
    description: z.string(),
    details: z.unknown().optional(),
    context: z.string().optional(),
  }),
);

export async function saveClientLogs(
  deps: ChatDeps,
  input: { sessionId: string; clientLogs: unknown },
  origin: RequestOrigin,
): Promise<{ message: string }> {
  const logs = parseInput(clientLogsSchema, input.clientLogs, ['clientLogs']);
  const session = await deps.db.chatSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw badRequest('Session not found');
  const state = parseSessionState(session.state);
  assertOriginAllowed(state.allowedOrigins, origin);
  const resultId = state.queue[0]?.resultId;
  if (state.isPreview || !resultId) throw badRequest('Result not found');
  const bounds = deps.bounds ?? DEFAULT_SESSION_BOUNDS;
  assertClientLogsRoom(
    bounds,
    logs.length > 0 ? await deps.db.log.count({ where: { sessionId: session.id } }) : 0,
    logs.length,
  );
  await deps.db.log.createMany({
    data: logs.map((log) => ({
      resultId,
      sessionId: session.id,
      status: log.status ?? 'error',
      description: log.description,
      details: logDetails(log.details),
      context: log.context ?? null,
    })),
  });
  return { message: 'Logs successfully saved.' };
}

export interface PreviewInput {
  botId: string;
  /**
   * The workspace of the stored bot when the caller is one of its members
   * (decided by the schema), else null: only members read the stored draft
   * and reach the workspace's credentials.
   */
  memberWorkspaceId: string | null;
  bot?: unknown;
  message?: unknown;
  startFrom?: unknown;
  prefilledVariables?: unknown;
  isOnlyRegistering?: boolean | null;
  isStreamEnabled?: boolean | null;
  textBubbleContentFormat?: unknown;
}

/**
 * Preview: runs the body's definition, else the stored draft (members only).
 * Never creates results or usage; a body definition never reaches the
 * workspace's stored credentials.
 */
export function startPreviewChat(deps: ChatDeps, input: PreviewInput): Promise<StartResponse> {
  return measured('preview', () => previewTurn(deps, input));
}

async function previewTurn(deps: ChatDeps, input: PreviewInput): Promise<StartResponse> {
  const message = parseMessage(input.message);
  const format = textFormat(input.textBubbleContentFormat);
  const startFrom = parseInput(startFromSchema, input.startFrom, ['startFrom']) ?? undefined;
  const prefilledVariables = parseInput(prefilledSchema, input.prefilledVariables, ['prefilledVariables']) ?? undefined;
  assertAnswerSize(deps.bounds ?? DEFAULT_SESSION_BOUNDS, message);
  assertVariablesSize(deps.bounds ?? DEFAULT_SESSION_BOUNDS, prefilledVariables ?? undefined);
  const workspaceId = input.memberWorkspaceId;
  let definition;
  if (input.bot !== undefined && input.bot !== null) {
    if (!workspaceId) assertAnonymousPreviewSize(deps.bounds ?? DEFAULT_SESSION_BOUNDS, input.bot);
    const parsed = parseDefinition(input.bot);
    if (!parsed.ok) throw invalidInput(parsed.issues.map((issue) => ({ ...issue, path: ['bot', ...issue.path] })));
    definition = parsed.definition;
  } else {
    const stored = workspaceId
      ? await deps.db.bot.findFirst({ where: { id: input.botId, workspaceId, isArchived: false } })
      : null;
    if (!stored) throw badRequest('Bot not found');
    definition = draftDefinition(stored);
  }
  const botId = input.botId;
  const bot = toRuntimeBot(botId, definition);
  const ref: BotRef = { kind: 'inline', botId, definition };
  const sessionId = newId();
  return guarded(async () => {
    const { turn, themeVariables, library } = await runStart(
      deps,
      {
        bot,
        botRef: ref,
        workspaceId: workspaceId ?? '',
        isPreview: true,
        prefilledVariables: prefilledVariables as Record<string, unknown> | undefined,
        message,
        startFrom: startFrom as StartFrom | undefined,
        isOnlyRegistering: input.isOnlyRegistering === true,
        isStreamEnabled: input.isStreamEnabled === true,
        textFormat: format,
      },
      { sessionId, botId },
    );
    return {
      sessionId,
      bot: botObject(bot, themeVariables, turn.state),
      ...(await partsOf(deps, turn, library, true)),
    };
  });
}
