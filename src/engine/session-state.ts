import { z } from 'zod';
import type { SessionState } from './types';

// The session state as stored between turns (a JSON column), parsed at the
// boundary: a row written by another Parley version, or damaged by hand, is
// refused with a clear error instead of misleading the engine. `formatVersion`
// says which shape a row has; a new shape gets a new version and a migration here.

export const SESSION_STATE_FORMAT = 1;

const variableValue = z.union([z.string(), z.array(z.string().nullable()), z.null()]);

const runtimeVariable = z.object({
  id: z.string(),
  name: z.string(),
  value: variableValue.optional(),
  isSessionVariable: z.boolean().optional(),
});

const botRef = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('snapshot'), botId: z.string(), revision: z.number().int() }),
  z.object({ kind: z.literal('inline'), botId: z.string(), definition: z.unknown() }),
]);

/** What a visitor sends (a bare string on the wire is a text message, read by the service). */
export const replyMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('text'),
    text: z.string(),
    attachedFileUrls: z.array(z.string()).optional(),
    metadata: z.object({ replyId: z.string().optional() }).optional(),
  }),
  z.object({ type: z.literal('audio'), url: z.string() }),
  z.object({ type: z.literal('command'), command: z.string() }),
]);

/** Runtime edges (jump, return, links, command resumes): from no block, to a group or one of its blocks. */
const virtualEdge = z.object({
  id: z.string(),
  from: z.object({ blockId: z.string() }),
  to: z.object({ groupId: z.string(), blockId: z.string().nullish() }),
});

const queueEntry = z.object({
  bot: botRef,
  variables: z.array(runtimeVariable),
  virtualEdges: z.array(virtualEdge),
  resultId: z.string().optional(),
  answers: z.array(z.object({ key: z.string(), value: z.string() })),
  queuedEdgeIds: z.array(z.string()),
  isMergingWithParent: z.boolean(),
});

const transcriptTurn = z.object({
  role: z.enum(['bot', 'user']),
  type: z.enum(['text', 'image', 'video', 'audio']),
  text: z.string().optional(),
  image: z.string().optional(),
  video: z.string().optional(),
  audio: z.string().optional(),
});

const sessionStateSchema = z.object({
  formatVersion: z.literal(SESSION_STATE_FORMAT),
  workspaceId: z.string(),
  isPreview: z.boolean(),
  queue: z.array(queueEntry).min(1),
  currentBlockId: z.string().optional(),
  returnMark: z.object({ status: z.enum(['pending', 'called']), blockId: z.string(), autoResumeMessage: replyMessageSchema.optional() }).optional(),
  dynamicTheme: z.object({ hostAvatarUrl: z.string().optional(), guestAvatarUrl: z.string().optional(), backgroundUrl: z.string().optional() }).optional(),
  isStreamEnabled: z.boolean(),
  progress: z.object({ totalAnswers: z.number() }).optional(),
  allowedOrigins: z.array(z.string()).optional(),
  visitedEdgeCount: z.number().int(),
  setVariableHistoryIndex: z.number().int().optional(),
  isRegisteredOnly: z.boolean().optional(),
  transcript: z.array(transcriptTurn).optional(),
  webhookReply: z.object({ blockId: z.string(), payload: z.unknown() }).optional(),
}) satisfies z.ZodType<SessionState, unknown>;

export class UnreadableSessionState extends Error {}

/** A stored state as the engine's SessionState; throws UnreadableSessionState when it is not one. */
export function parseSessionState(raw: unknown): SessionState {
  const parsed = sessionStateSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const format = typeof raw === 'object' && raw !== null ? (raw as { formatVersion?: unknown }).formatVersion : undefined;
  if (format !== SESSION_STATE_FORMAT)
    throw new UnreadableSessionState(`unknown session state format ${JSON.stringify(format)} (expected ${SESSION_STATE_FORMAT})`);
  const first = parsed.error.issues[0];
  throw new UnreadableSessionState(`invalid session state at ${first?.path.join('.') || '(root)'}: ${first?.message ?? 'unknown problem'}`);
}
