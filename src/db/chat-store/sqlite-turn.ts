import { bit, json, sqliteDate } from './sqlite-rows';
import type { Statements } from './sqlite-statements';
import type { TurnWrite, WrittenResult } from './types';

// A turn's commit as statements: its results, answers, logs and session rows.

/** The claimed session was changed or deleted since its claim: the turn's writes roll back. */
export class ClaimLost extends Error {}

export function writeTurn(statements: Statements, write: TurnWrite, now: Date): WrittenResult[] {
  const at = sqliteDate(now);
  const written: WrittenResult[] = [];
  for (const result of write.newResults) {
    statements.insertResult.run(
      result.id,
      at,
      at,
      json(result.variables),
      bit(result.hasStarted),
      bit(result.isCompleted),
      result.lastChatSessionId,
      result.botId,
    );
    written.push({ id: result.id, botId: result.botId, isCompleted: result.isCompleted, updatedAt: now });
  }
  for (const answer of write.answers) {
    statements.insertAnswer.run(
      at,
      answer.blockId,
      answer.groupId,
      answer.variableId,
      answer.content,
      answer.attachedFileUrls ? json(answer.attachedFileUrls) : null,
      answer.resultId,
    );
  }
  for (const rejected of write.rejectedAnswers)
    statements.insertRejectedAnswer.run(at, rejected.blockId, rejected.content, rejected.resultId);
  for (const edge of write.visitedEdges) statements.insertEdge.run(edge.index, edge.edgeId, edge.resultId);
  for (const row of write.history) {
    statements.insertHistory.run(
      row.index,
      row.variableId,
      row.blockId,
      row.blockIndex,
      row.value === null || row.value === undefined ? null : json(row.value),
      row.resultId,
    );
  }
  for (const log of write.logs)
    statements.insertLog.run(
      log.id,
      at,
      log.status,
      log.description,
      log.details,
      log.context,
      log.resultId,
      log.sessionId,
    );
  for (const change of write.resultChanges) {
    const variables = change.variables === undefined ? null : json(change.variables);
    const row = statements.updateResult.get(
      bit(change.hasStarted),
      bit(change.isCompleted),
      variables,
      change.lastChatSessionId ?? null,
      at,
      change.id,
    ) as { id: string; botId: string; isCompleted: number } | undefined;
    if (row) written.push({ id: row.id, botId: row.botId, isCompleted: row.isCompleted === 1, updatedAt: now });
  }
  const session = write.session;
  if (session.kind === 'create') {
    const expiresAt = session.expiresAt && sqliteDate(session.expiresAt);
    statements.insertSession.run(
      session.id,
      at,
      at,
      session.state,
      bit(session.isPreview),
      expiresAt,
      session.botId,
      session.resultId,
    );
  } else if (session.kind === 'update') {
    const expiresAt = session.expiresAt && sqliteDate(session.expiresAt);
    if (
      statements.updateSession.run(session.state, expiresAt, session.resultId, at, session.id, session.version)
        .changes === 0
    )
      throw new ClaimLost();
  } else if (session.kind === 'delete') {
    if (statements.deleteSession.run(session.id, session.version).changes === 0) throw new ClaimLost();
    statements.deleteTranscript.run(session.id);
  }
  if (session.kind === 'create' || session.kind === 'update') {
    for (const row of session.transcript) statements.insertTranscriptLine.run(session.id, row.index, row.line);
  }
  if (write.receipt) statements.insertReceipt.run(write.receipt.key, write.receipt.response, at);
  return written;
}
