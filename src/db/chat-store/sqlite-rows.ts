import type { PublicBotRow, SessionRow } from './types';

// How this connection reads and writes SQLite's values: dates as Prisma's
// adapter stores them, booleans as 0 and 1, JSON as text.

/** The text Prisma's SQLite adapter stores for a DateTime (ISO with an explicit UTC offset), so both read and order alike. */
export function sqliteDate(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

export const json = (value: unknown): string => JSON.stringify(value);
export const bit = (value: boolean | undefined): number | null => (value === undefined ? null : value ? 1 : 0);

export interface SessionRecord {
  id: string;
  version: number;
  state: string;
  expiresAt: string | null;
  botId: string | null;
  resultId: string | null;
  isPreview: number;
}

export function sessionRow(record: SessionRecord): SessionRow {
  return {
    id: record.id,
    version: record.version,
    state: JSON.parse(record.state) as unknown,
    expiresAt: record.expiresAt === null ? null : new Date(record.expiresAt),
    botId: record.botId,
    resultId: record.resultId,
    isPreview: record.isPreview === 1,
  };
}

export const SESSION_COLUMNS = '"id", "version", "state", "expiresAt", "botId", "resultId", "isPreview"';

export interface PublicBotRecord {
  id: string;
  workspaceId: string;
  isArchived: number;
  isClosed: number;
  publishedRevision: number | null;
  publishedAt: string | null;
  isSuspended: number;
  isQuarantined: number;
  plan: PublicBotRow['workspace']['plan'];
  customChatsLimit: number | null;
}

export function publicBotRow(record: PublicBotRecord): PublicBotRow {
  return {
    id: record.id,
    workspaceId: record.workspaceId,
    isArchived: record.isArchived === 1,
    isClosed: record.isClosed === 1,
    publishedRevision: record.publishedRevision,
    publishedAt: record.publishedAt === null ? null : new Date(record.publishedAt),
    workspace: {
      isSuspended: record.isSuspended === 1,
      isQuarantined: record.isQuarantined === 1,
      plan: record.plan,
      customChatsLimit: record.customChatsLimit,
    },
  };
}
