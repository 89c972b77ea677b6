import { z } from 'zod';
import { jsonAs } from '../../engine/json';

/**
 * What a live results subscriber learns of a chat turn: which result changed
 * and how, ids only. The dashboard reads the result itself by id; keeping the
 * event small keeps it well under PostgreSQL's NOTIFY payload limit (8000 bytes).
 */
export interface ResultEvent {
  botId: string;
  resultId: string;
  /** The furthest step the turn took the result to: completed, else answered, else created. */
  event: ResultEventKind;
  /** Answers the turn added to the result (absent when it added none). */
  answersCount?: number;
  isCompleted: boolean;
  /** The result row's updatedAt as the turn wrote it. */
  updatedAt: Date;
}

export const RESULT_EVENT_KINDS = ['created', 'answered', 'completed'] as const;
export type ResultEventKind = (typeof RESULT_EVENT_KINDS)[number];

const wireEvent = z.object({
  botId: z.string().min(1),
  resultId: z.string().min(1),
  event: z.enum(RESULT_EVENT_KINDS),
  answersCount: z.number().int().positive().optional(),
  isCompleted: z.boolean(),
  updatedAt: z.iso.datetime().transform((value) => new Date(value)),
});

/**
 * A save of a bot's draft, once committed: which version it made and who made
 * it. Editors that have the bot open read what it changed from the draft's
 * change log (services/bot-changes.ts): a patch may be larger than a NOTIFY.
 */
export interface DraftEvent {
  event: 'draft';
  botId: string;
  draftVersion: number;
  authorId: string | null;
  /**
   * The editor tab that saved (its presence key): it knows its own changes.
   * Subscribers other than `authorId` never see it (graphql/types/draft-changes.ts).
   */
  clientKey: string | null;
}

/**
 * One editor tab: its user and the key it chose. The key alone names no tab: a
 * key sent by another user is another tab of theirs (docs/co-editing.md).
 */
export interface EditorTab {
  userId: string;
  sessionKey: string;
}

/**
 * Someone's editor tab opened a bot, changed what it has selected, or left:
 * the other editors read the list again (services/editor-presence.ts). Ids
 * only, whatever the selection: the list is read, not carried.
 */
export interface EditorsEvent {
  event: 'editors';
  botId: string;
  userId: string;
  /** The tab that changed: it is not told of its own change. Never shown to subscribers. */
  sessionKey: string;
}

export const CONVERSATION_EVENT_KINDS = [
  'waiting',
  'taken',
  'message',
  'typing',
  'viewing',
  'released',
  'closed',
] as const;
export type ConversationEventKind = (typeof CONVERSATION_EVENT_KINDS)[number];

/**
 * Something happened to a conversation handed to a person (docs/handoff.md):
 * ids and the message's place only; subscribers read the rest from the
 * database, which holds every message (a reconnecting stream replays from it).
 */
export interface ConversationEvent {
  event: 'conversation';
  kind: ConversationEventKind;
  botId: string;
  workspaceId: string;
  conversationId: string;
  sessionId: string;
  /** The message (or the end) the event is about. */
  seq?: number;
  /** `message`: who wrote it (a visitor's stream is told of agents' messages only). */
  authorKind?: 'bot' | 'visitor' | 'agent';
  /** `viewing`, `typing`: the member who has the conversation open, or types in it. */
  userId?: string;
}

/** Whose conversation events a subscriber follows: a workspace's inbox, one conversation, or a visitor's session. */
export type ConversationTopic = { workspaceId: string } | { conversationId: string } | { sessionId: string };

/** What travels on the live channel: results a chat turn changed, drafts a save changed, editors' presence, handoffs. */
export type LiveEvent = ResultEvent | DraftEvent | EditorsEvent | ConversationEvent;

export const isDraftEvent = (event: LiveEvent): event is DraftEvent => event.event === 'draft';
export const isEditorsEvent = (event: LiveEvent): event is EditorsEvent => event.event === 'editors';
export const isConversationEvent = (event: LiveEvent): event is ConversationEvent => event.event === 'conversation';
export const isResultEvent = (event: LiveEvent): event is ResultEvent =>
  event.event !== 'draft' && event.event !== 'editors' && event.event !== 'conversation';

/** The keys a live event is delivered under: its bot, and for conversations also its workspace, itself and its session. */
export function topicKeysOf(event: LiveEvent): string[] {
  if (!isConversationEvent(event)) return [event.botId];
  return [
    topicKey({ workspaceId: event.workspaceId }),
    topicKey({ conversationId: event.conversationId }),
    topicKey({ sessionId: event.sessionId }),
  ];
}

export function topicKey(topic: ConversationTopic): string {
  if ('workspaceId' in topic) return `workspace:${topic.workspaceId}`;
  if ('conversationId' in topic) return `conversation:${topic.conversationId}`;
  return `session:${topic.sessionId}`;
}

const wireDraftEvent = z.object({
  event: z.literal('draft'),
  botId: z.string().min(1),
  draftVersion: z.number().int().nonnegative(),
  authorId: z.string().nullable(),
  clientKey: z.string().nullable(),
});

const wireEditorsEvent = z.object({
  event: z.literal('editors'),
  botId: z.string().min(1),
  userId: z.string().min(1),
  sessionKey: z.string().min(1),
});

const wireConversationEvent = z.object({
  event: z.literal('conversation'),
  kind: z.enum(CONVERSATION_EVENT_KINDS),
  botId: z.string().min(1),
  workspaceId: z.string().min(1),
  conversationId: z.string().min(1),
  sessionId: z.string().min(1),
  seq: z.number().int().nonnegative().optional(),
  authorKind: z.enum(['bot', 'visitor', 'agent']).optional(),
  userId: z.string().min(1).optional(),
});

/** An event as one JSON text (the PostgreSQL transport's NOTIFY payload). */
export function encodeEvent(event: LiveEvent): string {
  if (!isResultEvent(event)) return JSON.stringify(event);
  return JSON.stringify({ ...event, updatedAt: event.updatedAt.toISOString() });
}

/** The event a payload carries, or undefined when it is not one (another program on the channel, another version). */
export function decodeEvent(payload: string): LiveEvent | undefined {
  return jsonAs(payload, z.union([wireEvent, wireDraftEvent, wireEditorsEvent, wireConversationEvent]));
}
