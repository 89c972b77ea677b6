import type { ResultChange, SessionWrite, TranscriptLineRow, TurnWrite } from '../../db/client';
import type { WebSurface } from '../handoff/types';
import type { SessionState } from '../../engine/session';
import type { TurnResult } from '../../engine/turn-result';
import { assertSessionSize, type SessionBounds } from './bounds';
import { newId } from './engine-env';
import type { TurnResultChanges } from './result-events';

// A turn as rows: what the engine's turn produced (its state, its persistence)
// becomes the one write the chat store commits. Pure but for the log rows' ids.

export interface CommitPlan {
  sessionId: string;
  /** create: a new session; update: the claimed one (by version); none: an ended start, nothing to keep. */
  session: { mode: 'create' | 'none' } | { mode: 'update'; version: number };
  botId: string;
  /** The result row to create first (live start, or the first turn of a registered session). */
  createResult?: { id: string; botId: string };
  expiresAt: Date | null;
  /** The input a continue answered: where a session without a result waits again once its flow ended. */
  answeredBlockId?: string;
  /** The turn's answer, kept under its caller's key (turn-receipts.ts). */
  receipt?: { key: string; response: string };
  /** The web chat's page, should the turn hand the conversation to a person (the inbox shows it); read only then. */
  surface?: () => WebSurface;
}

/** Whether the turn ends on a client action the client replies to apart (the flow is not over for the visitor). */
export function hasDedicatedReply(turn: TurnResult): boolean {
  return turn.output.clientSideActions.some((action) => action.expectsDedicatedReply);
}

function resultVariables(state: SessionState): unknown[] {
  return state.queue[0]!.variables.filter(
    (variable) => !variable.isSessionVariable && variable.value !== undefined && variable.value !== null,
  ).map((variable) => ({ id: variable.id, name: variable.name, value: variable.value }));
}

/** A log's details as stored: text, cut at 1000 characters. */
export function logDetails(details: unknown): string | null {
  if (details === undefined || details === null) return null;
  const text = typeof details === 'string' ? details : JSON.stringify(details);
  return text.length > 1000 ? `${text.slice(0, 1000)}...` : text;
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
export function turnWrite(turn: TurnResult, plan: CommitPlan, bounds: SessionBounds): TurnWrite {
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
    ...(plan.receipt ? { receipt: plan.receipt } : {}),
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

/** Whether the write has nothing to commit (an ended preview start). */
export function isEmptyWrite(write: TurnWrite): boolean {
  return (
    write.session.kind === 'none' &&
    !write.newResults.length &&
    !write.answers.length &&
    !write.rejectedAnswers.length &&
    !write.visitedEdges.length &&
    !write.history.length &&
    !write.logs.length &&
    !write.resultChanges.length &&
    !write.receipt
  );
}

/** What the turn did to its results, for the live events published once it committed. */
export function turnResultChanges(write: TurnWrite): TurnResultChanges {
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
