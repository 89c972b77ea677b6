import { parseSessionState } from '../../engine/session-state';
import { z } from 'zod';
import { badRequest } from '../../errors';
import { parseInput } from '../validation';
import { assertClientLogsRoom } from './bounds';
import { logDetails } from './commit';
import type { ChatDeps } from './deps';
import { assertOriginAllowed, type RequestOrigin } from './origin-policy';
import { countSessionLogs, saveLogs, sessionState } from './records';

/** A log a chat client reports (the schema's ClientLogInput). */
export interface ClientLog {
  status?: string | null;
  description: string;
  details?: unknown;
  context?: string | null;
}

// GraphQL cannot declare an input field optional but never null: an explicit
// null is refused here (400 naming the field), as the API always did.
const notNull = z.object({ status: z.string().optional(), context: z.string().optional() });

/** Keeps what a live chat's client reports (failed embeds, scripts) with its result, within the session's bound. */
export async function saveClientLogs(
  deps: ChatDeps,
  input: { sessionId: string; clientLogs: readonly ClientLog[] },
  origin: RequestOrigin,
): Promise<{ message: string }> {
  const logs = input.clientLogs;
  parseInput(z.array(notNull), logs, ['clientLogs']);
  const session = await sessionState(deps.db, input.sessionId);
  if (!session) throw badRequest('Session not found');
  const state = parseSessionState(session.state);
  assertOriginAllowed(state.allowedOrigins, origin);
  const resultId = state.queue[0]?.resultId;
  if (state.isPreview || !resultId) throw badRequest('Result not found');
  assertClientLogsRoom(deps.bounds, logs.length > 0 ? await countSessionLogs(deps.db, session.id) : 0, logs.length);
  await saveLogs(
    deps.db,
    logs.map((log) => ({
      resultId,
      sessionId: session.id,
      status: log.status ?? 'error',
      description: log.description,
      details: logDetails(log.details),
      context: log.context ?? null,
    })),
  );
  return { message: 'Logs successfully saved.' };
}
