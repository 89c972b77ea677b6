import { z } from 'zod';
import type { StartFrom } from '../../engine/chat';
import { replyMessageSchema } from '../../engine/session-state';
import type { ReplyMessage } from '../../engine/wire';
import { parseInput } from '../validation';

// The chat arguments the API passes on as JSON, parsed here; the typed ones
// (the text format, the client logs) the schema has already checked.

const messageSchema = z.union([z.string(), replyMessageSchema]).nullish();
const startFromSchema = z
  .union([
    z.object({ type: z.literal('group'), groupId: z.string() }),
    z.object({ type: z.literal('event'), eventId: z.string() }),
  ])
  .nullish();
const prefilledSchema = z.record(z.string(), z.unknown()).nullish();

/** The visitor's reply: a string is a text reply. */
export function parseMessage(raw: unknown): ReplyMessage | undefined {
  const message = parseInput(messageSchema, raw, ['message']);
  if (message === null || message === undefined) return undefined;
  return typeof message === 'string' ? { type: 'text', text: message } : message;
}

/** Variable name → value, as a start brings them. */
export function parsePrefilledVariables(raw: unknown): Record<string, unknown> | undefined {
  return parseInput(prefilledSchema, raw, ['prefilledVariables']) ?? undefined;
}

/** Where a preview starts, when not at the start event. */
export function parseStartFrom(raw: unknown): StartFrom | undefined {
  return parseInput(startFromSchema, raw, ['startFrom']) ?? undefined;
}
