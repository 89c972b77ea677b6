import { z } from 'zod';
import type { ResponseParts } from '../../engine/response';
import type { ChatDeps } from './deps';
import type { StartResponse } from './response';

// Turn receipts. A caller that may ask for the same turn twice names it with a
// key: the turn's answer is committed with the turn under that key, and asked
// again, the chat answers from the receipt instead of running the turn a
// second time. Messaging channels need it: an event taken up again after its
// process died between the chat's commit and the channel's own must send what
// the turn said, not answer the message again against a conversation that has
// moved on (the next question would take it as its reply).

export interface TurnOptions {
  /** Unique per turn the caller may repeat (a channel event and the turn's index within it). */
  receiptKey?: string;
}

export function receiptOf(options: TurnOptions, response: unknown): { key: string; response: string } | undefined {
  return options.receiptKey === undefined ? undefined : { key: options.receiptKey, response: JSON.stringify(response) };
}

const record = z.record(z.string(), z.unknown());

// The receipt is this code's own JSON, written moments before: the parse checks
// its outline (a receipt from another version, a hand edit) and the shapes
// inside are the engine's wire types it was serialised from.
const partsSchema = z.looseObject({
  messages: z.array(record),
  input: record.optional(),
  clientSideActions: z.array(record).optional(),
  logs: z.array(record).optional(),
  lastMessageNewFormat: z.string().optional(),
  dynamicTheme: record.optional(),
  progress: z.number().optional(),
});

const startSchema = partsSchema.extend({
  sessionId: z.string(),
  resultId: z.string().optional(),
  bot: z.looseObject({
    id: z.string(),
    version: z.string(),
    theme: z.unknown(),
    settings: z.unknown(),
    publishedAt: z.iso.datetime().optional(),
  }),
});

async function stored<T>(deps: ChatDeps, options: TurnOptions, schema: z.ZodType<T>): Promise<T | undefined> {
  if (options.receiptKey === undefined) return undefined;
  const receipt = await deps.store.findReceipt(options.receiptKey);
  if (receipt === undefined) return undefined;
  const parsed = schema.safeParse(receipt);
  if (!parsed.success) throw new Error(`Turn receipt ${options.receiptKey} is not a chat answer`);
  return parsed.data;
}

/** The answer a continue committed under the options' receipt key, if it did. */
export async function storedParts(deps: ChatDeps, options: TurnOptions): Promise<ResponseParts | undefined> {
  return (await stored(deps, options, partsSchema)) as ResponseParts | undefined;
}

/** The answer a start committed under the options' receipt key, if it did. */
export async function storedStart(deps: ChatDeps, options: TurnOptions): Promise<StartResponse | undefined> {
  const start = await stored(deps, options, startSchema);
  if (!start) return undefined;
  const { publishedAt, ...bot } = start.bot;
  return {
    ...(start as unknown as StartResponse),
    bot: { ...bot, ...(publishedAt ? { publishedAt: new Date(publishedAt) } : {}) },
  };
}
