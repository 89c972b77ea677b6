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

/** An event as one JSON text (the PostgreSQL transport's NOTIFY payload). */
export function encodeEvent(event: ResultEvent): string {
  return JSON.stringify({ ...event, updatedAt: event.updatedAt.toISOString() });
}

/** The event a payload carries, or undefined when it is not one (another program on the channel, another version). */
export function decodeEvent(payload: string): ResultEvent | undefined {
  return jsonAs(payload, wireEvent);
}
