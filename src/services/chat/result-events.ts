import type { WrittenResult } from '../../db/client';
import type { ResultEvent } from '../live/events';

/** What one turn did to the results it touched. */
export interface TurnResultChanges {
  /** Result ids whose rows the turn created. */
  created: ReadonlySet<string>;
  /** Result ids the turn marked completed. */
  completed: ReadonlySet<string>;
  /** Answers the turn added, by result id. */
  answers: ReadonlyMap<string, number>;
}

/**
 * One event per result the turn changed, from the rows its transaction
 * returned (the last write of a row wins). A row merely re-saved (variables,
 * a reply refused by validation) is no event.
 */
export type { WrittenResult };

export function resultEvents(written: readonly WrittenResult[], changes: TurnResultChanges): ResultEvent[] {
  const rows = new Map<string, WrittenResult>();
  for (const row of written) rows.set(row.id, row);
  const events: ResultEvent[] = [];
  for (const row of rows.values()) {
    const answersCount = changes.answers.get(row.id) ?? 0;
    const event = changes.completed.has(row.id)
      ? 'completed'
      : answersCount > 0
        ? 'answered'
        : changes.created.has(row.id)
          ? 'created'
          : undefined;
    if (!event) continue;
    events.push({
      botId: row.botId,
      resultId: row.id,
      event,
      ...(answersCount > 0 ? { answersCount } : {}),
      isCompleted: row.isCompleted,
      updatedAt: row.updatedAt,
    });
  }
  return events;
}
