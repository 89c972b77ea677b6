import type { Access } from '../access';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { conversationFor } from './access';
import { storedResultVariables } from '../results';
import type { LineRow } from './lines';
import {
  AUTHOR_KINDS,
  CONVERSATION_CHANNELS,
  CONVERSATION_OUTCOMES,
  CONVERSATION_STATUSES,
  type AuthorKind,
  type ConversationChannel,
  type ConversationOutcome,
  type ConversationStatus,
} from './types';

/** The most conversations one list answers (newest first). */
export const CONVERSATION_LIST_LIMIT = 200;

export interface PersonView {
  id: string;
  name: string | null;
  email: string;
  image: string | null;
}

export interface LineView {
  seq: number;
  authorKind: AuthorKind;
  author: PersonView | null;
  createdAt: Date;
  text: string;
}

export interface ConversationView {
  id: string;
  workspaceId: string;
  botId: string;
  botName: string;
  resultId: string | null;
  sessionId: string;
  status: ConversationStatus;
  outcome: ConversationOutcome | null;
  channel: ConversationChannel;
  team: string | null;
  assignee: PersonView | null;
  waitingSince: Date;
  timeoutAt: Date;
  takenAt: Date | null;
  endedAt: Date | null;
  lastSeq: number;
  /** Its last line with something to read (lists show it). */
  lastMessage: LineView | null;
}

const personSelect = { id: true, name: true, email: true, image: true } as const;

const viewSelect = {
  id: true,
  workspaceId: true,
  botId: true,
  bot: { select: { name: true } },
  resultId: true,
  sessionId: true,
  status: true,
  outcome: true,
  channel: true,
  team: true,
  assignee: { select: personSelect },
  waitingSince: true,
  timeoutAt: true,
  takenAt: true,
  endedAt: true,
  lastSeq: true,
} as const;

type ViewRow = {
  bot: { name: string };
  status: string;
  outcome: string | null;
  channel: string;
} & Omit<ConversationView, 'botName' | 'status' | 'outcome' | 'channel' | 'lastMessage'>;

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** The rows as the API shows them, with each one's last line (one query for all). */
async function viewsOf(db: Db, rows: ViewRow[]): Promise<ConversationView[]> {
  const last = await lastLines(db, rows);
  return rows.map(({ bot, ...row }) => ({
    ...row,
    botName: bot.name,
    status: oneOf(CONVERSATION_STATUSES, row.status, 'closed'),
    outcome: row.outcome === null ? null : oneOf(CONVERSATION_OUTCOMES, row.outcome, 'closed'),
    channel: oneOf(CONVERSATION_CHANNELS, row.channel, 'web'),
    lastMessage: last.get(row.id) ?? null,
  }));
}

/** The conversations of a workspace the caller belongs to (any role), newest first. */
export async function listConversations(
  db: Db,
  access: Access,
  input: { workspaceId: string; status?: ConversationStatus | null; mine?: boolean | null },
): Promise<ConversationView[]> {
  if (!(await access.roleIn(input.workspaceId))) throw notFound('Workspace not found');
  const rows = await db.conversation.findMany({
    where: {
      workspaceId: input.workspaceId,
      status: input.status ?? { in: ['waiting', 'active'] },
      ...(input.mine ? { assigneeId: access.userId } : {}),
    },
    orderBy: [{ waitingSince: 'desc' }, { id: 'desc' }],
    take: CONVERSATION_LIST_LIMIT,
    select: viewSelect,
  });
  return viewsOf(db, rows);
}

export async function waitingCount(db: Db, access: Access, workspaceId: string): Promise<number> {
  if (!(await access.roleIn(workspaceId))) throw notFound('Workspace not found');
  return db.conversation.count({ where: { workspaceId, status: 'waiting' } });
}

export async function getConversation(db: Db, access: Access, conversationId: string): Promise<ConversationView> {
  await conversationFor(db, access, conversationId);
  const row = await db.conversation.findUnique({ where: { id: conversationId }, select: viewSelect });
  if (!row) throw notFound('Conversation not found');
  return (await viewsOf(db, [row]))[0]!;
}

function lineView(row: LineRow, people: Map<string, PersonView>): LineView {
  return {
    seq: row.seq,
    authorKind: oneOf(AUTHOR_KINDS, row.authorKind, 'bot'),
    author: row.authorId ? (people.get(row.authorId) ?? null) : null,
    createdAt: row.createdAt,
    text: row.text,
  };
}

async function peopleOf(db: Db, rows: LineRow[]): Promise<Map<string, PersonView>> {
  const ids = [...new Set(rows.flatMap((row) => (row.authorId ? [row.authorId] : [])))];
  if (ids.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: personSelect });
  return new Map(users.map((user) => [user.id, user]));
}

/** A conversation's lines with something to read (the end markers of a close carry none). */
export async function conversationLines(db: Db, conversationId: string): Promise<LineView[]> {
  const rows = await db.conversationMessage.findMany({ where: { conversationId }, orderBy: { seq: 'asc' } });
  const shown = rows.filter((row) => row.text !== '');
  const people = await peopleOf(db, shown);
  return shown.map((row) => lineView(row, people));
}

/**
 * The last line with text of each conversation, one query for all: its last
 * line, else (a close's marker has none) the one before.
 */
export async function lastLines(db: Db, conversations: { id: string; lastSeq: number }[]) {
  const wanted = conversations.filter((conversation) => conversation.lastSeq > 0);
  if (wanted.length === 0) return new Map<string, LineView>();
  const candidates = await db.conversationMessage.findMany({
    where: {
      OR: wanted.map((conversation) => ({
        conversationId: conversation.id,
        seq: { in: [conversation.lastSeq, conversation.lastSeq - 1] },
      })),
      text: { not: '' },
    },
    orderBy: { seq: 'asc' },
  });
  // Ascending: the later of the two wins.
  const rows = [...new Map(candidates.map((row) => [row.conversationId, row])).values()];
  const people = await peopleOf(db, rows);
  return new Map(rows.map((row) => [row.conversationId, lineView(row, people)]));
}

/** The variables of the conversation's result (previews: none stored). */
export async function conversationVariables(
  db: Db,
  resultId: string | null,
): Promise<{ name: string; value: unknown }[]> {
  if (!resultId) return [];
  const result = await db.result.findUnique({ where: { id: resultId }, select: { variables: true } });
  return storedResultVariables(result?.variables).map(({ name, value }) => ({ name, value }));
}

// Stored definitions are parsed, not cast: only the groups' ids and titles are read.
const storedGroups = z.object({
  groups: z.array(z.object({ id: z.string(), title: z.string().optional().catch(undefined) })).catch([]),
});

/** The bot's groups (where a hand-back may send the flow): the published revision's, else the draft's. */
export async function botGroups(db: Db, botId: string): Promise<{ id: string; title: string }[]> {
  const bot = await db.bot.findUnique({ where: { id: botId }, select: { draft: true, publishedRevision: true } });
  if (!bot) return [];
  const snapshot =
    bot.publishedRevision !== null
      ? await db.botSnapshot.findUnique({
          where: { botId_revision: { botId, revision: bot.publishedRevision } },
          select: { definition: true },
        })
      : null;
  const parsed = storedGroups.safeParse(snapshot?.definition ?? bot.draft);
  return parsed.success ? parsed.data.groups.map((group) => ({ id: group.id, title: group.title || group.id })) : [];
}

/** A member as conversations show them (who views or types), or null when gone. */
export function personById(db: Db, userId: string): Promise<PersonView | null> {
  return db.user.findUnique({ where: { id: userId }, select: personSelect });
}
