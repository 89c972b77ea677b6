import { z } from 'zod';
import type { SessionState, TranscriptTurn } from './session';

// The session state as stored between turns (a JSON column), parsed at the
// boundary: a row written by another Parley version, or damaged by hand, is
// refused with a clear error instead of misleading the engine. `formatVersion`
// says which shape a row has; a new shape gets a new version and a migration here.
//
// Format 2: the transcript is a TranscriptRecord (its earlier lines stored as
// rows apart). Format 1 held the whole transcript in the state: read as lines
// not yet written out, so the next commit writes them as rows.

export const SESSION_STATE_FORMAT = 2 as const;
const READABLE_FORMATS = [1, SESSION_STATE_FORMAT] as const;

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

const transcriptRecord = z.union([
  z.object({
    stored: z.number().int().nonnegative(),
    storedBytes: z.number().int().nonnegative(),
    recent: z.array(transcriptTurn),
  }),
  // Format 1: every line in the state.
  z.array(transcriptTurn).transform((recent) => ({ stored: 0, storedBytes: 0, recent })),
]);

const sessionStateSchema = z.object({
  formatVersion: z
    .union([z.literal(1), z.literal(SESSION_STATE_FORMAT)])
    .transform((): typeof SESSION_STATE_FORMAT => SESSION_STATE_FORMAT),
  workspaceId: z.string(),
  isPreview: z.boolean(),
  previewCredentials: z.enum(['allowed', 'request-definition', 'guest']).optional(),
  queue: z.array(queueEntry).min(1),
  currentBlockId: z.string().optional(),
  returnMark: z
    .object({
      status: z.enum(['pending', 'called']),
      blockId: z.string(),
      autoResumeMessage: replyMessageSchema.optional(),
    })
    .optional(),
  dynamicTheme: z
    .object({
      hostAvatarUrl: z.string().optional(),
      guestAvatarUrl: z.string().optional(),
      backgroundUrl: z.string().optional(),
    })
    .optional(),
  isStreamEnabled: z.boolean(),
  channel: z.string().optional(),
  progress: z.object({ totalAnswers: z.number() }).optional(),
  allowedOrigins: z.array(z.string()).optional(),
  visitedEdgeCount: z.number().int(),
  setVariableHistoryIndex: z.number().int().optional(),
  isRegisteredOnly: z.boolean().optional(),
  transcript: transcriptRecord.optional(),
  webhookReply: z.object({ blockId: z.string(), payload: z.unknown() }).optional(),
  handedBack: z.object({ conversationId: z.string() }).optional(),
}) satisfies z.ZodType<SessionState, unknown>;

export class UnreadableSessionState extends Error {}

/** A stored state as the engine's SessionState; throws UnreadableSessionState when it is not one. */
export function parseSessionState(raw: unknown): SessionState {
  const parsed = sessionStateSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const format =
    typeof raw === 'object' && raw !== null ? (raw as { formatVersion?: unknown }).formatVersion : undefined;
  if (!(READABLE_FORMATS as readonly unknown[]).includes(format))
    throw new UnreadableSessionState(
      `unknown session state format ${JSON.stringify(format)} (expected ${READABLE_FORMATS.join(' or ')})`,
    );
  throw new UnreadableSessionState(`invalid session state at ${firstIssue(parsed.error)}`);
}

/** "path: message" of a parse error's first issue. */
function firstIssue(error: z.ZodError): string {
  const first = error.issues[0];
  return `${first?.path.join('.') || '(root)'}: ${first?.message ?? 'unknown problem'}`;
}

const transcriptLines = z.array(transcriptTurn);

/** Transcript lines as the store kept them (one JSON row each), checked like the state they came out of. */
export function parseTranscriptLines(raw: unknown[]): TranscriptTurn[] {
  const parsed = transcriptLines.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new UnreadableSessionState(`invalid transcript line at ${firstIssue(parsed.error)}`);
}
