import type { VisitedEdgeRow } from '../chat-store/types';

// Results written in bulk, through the database driver rather than Prisma:
// an import's million results with their answers went through Prisma's query
// compiler at ~450 results a second (its per-row work was 9 tenths of the
// CPU); a prepared statement (SQLite) or one `unnest` insert per table
// (PostgreSQL) does the same rows many times faster. Each batch is one
// transaction: a stop leaves whole results.

/** The same row as a chat turn writes. */
export type { VisitedEdgeRow };

export interface ResultRow {
  id: string;
  botId: string;
  createdAt: Date;
  updatedAt: Date;
  variables: unknown;
  isCompleted: boolean;
  hasStarted: boolean;
  isArchived: boolean;
}

export interface AnswerRow {
  resultId: string;
  createdAt: Date;
  blockId: string;
  groupId: string | null;
  variableId: string | null;
  content: string;
  attachedFileUrls: string[] | null;
}

export interface LogRow {
  id: string;
  resultId: string;
  createdAt: Date;
  status: string;
  description: string;
  details: string | null;
  context: string | null;
}

export interface VariableHistoryRow {
  resultId: string;
  index: number;
  variableId: string;
  blockId: string;
  blockIndex: number;
  value: unknown;
}

export interface ResultRowsBatch {
  /** Results here already, deleted with their rows first: written again whole. */
  replace: string[];
  results: ResultRow[];
  /** In the order they were given (their ids follow it). */
  answers: AnswerRow[];
  logs: LogRow[];
  edges: VisitedEdgeRow[];
  history: VariableHistoryRow[];
}

export interface BulkResultWriter {
  write(batch: ResultRowsBatch): Promise<void>;
  /**
   * Brings the planner's statistics up to date once rows were written (and
   * every so often while they are): PostgreSQL's autovacuum may not analyse
   * tables loaded this fast for a long while, and meanwhile plans the
   * per-batch lookups of a second run as scans of millions of answers
   * (0.5 s a batch instead of milliseconds).
   */
  analyze(): Promise<void>;
  close(): Promise<void>;
}
