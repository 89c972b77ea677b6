import { z } from 'zod';
import { recordStreamOutcome, streamRequest } from '../../engine/chat';
import { parseSessionState } from '../../engine/session-state';
import { AiProviderError } from '../../integrations/ai/call';
import { AppError, badRequest, notFound } from '../../errors';
import { parseInput } from '../validation';
import { resolveAiCall } from './ai-calls';
import { credentialsWithheld } from './preview-credentials';
import { BotLibrary } from './bot-loader';
import { engineEnv } from './engine-env';
import { turnEnv } from './turn';
import { assertOriginAllowed, type RequestOrigin } from './origin-policy';
import type { ChatDeps } from './deps';
import { releaseSession, sessionState } from './records';
import { withClaimedSession } from './sessions';

// The stream endpoint (docs/engine-behaviour.md#streaming): a session paused on an AI block's
// `stream` action asks for the completion as it is generated; the client
// shows it in place of the next bubble and sends the full text back through
// continueChat. Nothing is written here: the text reaches the session with
// that reply. The session is not claimed (the reference does not lock it).

const messagesSchema = z
  .array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }))
  .optional()
  .nullable();

export interface StreamMessageInput {
  sessionId: string;
  /** Legacy OpenAI clients send back the messages of their `streamOpenAiChatCompletion` action. */
  messages?: unknown;
}

/** A part of the completion, or why it stopped early (the provider failed mid-stream). */
export type StreamedPart = { text: string } | { failure: string };

/** Opens the stream: every refusal happens here, before the first text part. */
export async function openMessageStream(
  deps: ChatDeps,
  input: StreamMessageInput,
  origin: RequestOrigin,
): Promise<AsyncGenerator<StreamedPart>> {
  const messages = parseInput(messagesSchema, input.messages, ['messages']) ?? undefined;
  const session = await sessionState(deps.db, input.sessionId);
  if (!session) throw notFound('Could not find session');
  const state = parseSessionState(session.state);
  assertOriginAllowed(state.allowedOrigins, origin);
  const library = await new BotLibrary().load(
    deps.store,
    state.queue.map((entry) => entry.bot),
  );
  const env = turnEnv(deps, state);
  const request = await streamRequest(state, env, library.resolve, messages);
  if ('status' in request) throw request.status === 404 ? notFound(request.message) : badRequest(request.message);
  const call = await resolveAiCall(
    deps.db,
    deps.secrets,
    { workspaceId: state.workspaceId, withheld: credentialsWithheld(state) },
    request,
  );
  if (!call) throw notFound('Could not find credentials');
  if ('refused' in call) throw badRequest(call.refused);
  const overBound = await env.outbound.take();
  if (overBound) throw badRequest(overBound);
  const parts = deps.ai.stream(call);
  let first: IteratorResult<{ text?: string; responseId?: string }>;
  try {
    first = await parts.next();
  } catch (error) {
    if (error instanceof AiProviderError) throw new AppError('INTERNAL_SERVER_ERROR', error.message);
    throw error;
  }
  return (async function* texts(): AsyncGenerator<StreamedPart> {
    let responseId: string | undefined;
    try {
      if (first.done) return;
      responseId = first.value.responseId;
      if (first.value.text) yield { text: first.value.text };
      for await (const part of parts) {
        if (part.text) yield { text: part.text };
        responseId = part.responseId ?? responseId;
      }
      if (responseId) await storeStreamOutcome(deps, input.sessionId, { responseId });
    } catch (error) {
      yield { failure: error instanceof Error ? error.message : String(error) };
    } finally {
      await parts.return(undefined);
    }
  })();
}

/** A finished stream's response id goes into the session (it still waits on the block), under the session's claim. */
async function storeStreamOutcome(deps: ChatDeps, sessionId: string, outcome: { responseId?: string }): Promise<void> {
  await withClaimedSession(deps.store, sessionId, deps.claim, async (session) => {
    const state = parseSessionState(session.state);
    const library = await new BotLibrary().load(
      deps.store,
      state.queue.map((entry) => entry.bot),
    );
    const changed = recordStreamOutcome(state, engineEnv(deps.code, deps.limits), library.resolve, outcome);
    await releaseSession(deps.db, session, changed ? state : undefined);
  });
}
