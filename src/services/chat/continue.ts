import { continueChat as engineContinue, pendingHandoff } from '../../engine/chat';
import { owedAfterHandBack, visitorWrites } from '../handoff/visitor';
import type { ResponseParts } from '../../engine/response';
import { parseSessionState } from '../../engine/session-state';
import type { TextFormat } from '../../engine/wire';
import { badRequest } from '../../errors';
import { BotLibrary } from './bot-loader';
import { assertAnswerSize } from './bounds';
import { parseMessage } from './chat-input';
import type { ChatDeps } from './deps';
import { settle } from './effect-loop';
import { assertOriginAllowed, surfaceOf, type RequestOrigin } from './origin-policy';
import { partsOf } from './response';
import { withClaimedSession } from './sessions';
import { guarded, measured, turnEnv } from './turn';
import { receiptOf, storedParts, type TurnOptions } from './turn-receipts';
import { writeTurn } from './write-turn';

export interface ContinueChatInput {
  sessionId: string;
  message?: unknown;
  textBubbleContentFormat?: TextFormat | null;
}

/** Answers the input a session waits on (or a client action) and runs the flow on, holding the session's claim. */
export async function continueChat(
  deps: ChatDeps,
  input: ContinueChatInput,
  origin: RequestOrigin,
  options: TurnOptions = {},
): Promise<ResponseParts> {
  // Before the claim: a turn that ended the flow deleted its session.
  const replayed = await storedParts(deps, options);
  if (replayed) return replayed;
  const message = parseMessage(input.message);
  const format = input.textBubbleContentFormat ?? 'richText';
  assertAnswerSize(deps.bounds, message);
  // Timed once the claim is held: waiting for it has a metric of its own.
  return withClaimedSession(deps.store, input.sessionId, deps.claim, (session) =>
    measured('continue', () =>
      guarded(async () => {
        if (session.expiresAt && session.expiresAt.getTime() < Date.now())
          throw badRequest('Session expired. You need to start a new session.');
        const state = parseSessionState(session.state);
        assertOriginAllowed(state.allowedOrigins, origin);
        const library = await new BotLibrary().load(
          deps.store,
          state.queue.map((entry) => entry.bot),
        );
        // Waiting for a person: the visitor's words are for them, never an answer to the bot.
        const handoff = pendingHandoff(state, library.resolve);
        const toPerson = handoff
          ? await visitorWrites(
              deps,
              { id: session.id, botId: session.botId ?? '', state, request: handoff },
              message,
              format,
            )
          : state.handedBack && (await owedAfterHandBack(deps, state.handedBack.conversationId, message, format));
        if (toPerson) {
          // Nothing of the session changed: its claim is given back without a commit.
          await deps.store.releaseClaim(session.id, session.version);
          return toPerson;
        }
        // What the hand-back said was given already (the client streams): the mark goes with this turn's state.
        state.handedBack = undefined;
        const env = turnEnv(deps, state);
        const wasRegisteredOnly = state.isRegisteredOnly === true;
        // Read before the engine runs: it works on this state.
        const answeredBlockId = state.currentBlockId;
        const rootResultId = state.queue[0]!.resultId;
        const turn = await settle(
          deps,
          library,
          await engineContinue(state, message, format, env, library.resolve),
          format,
          env,
          session.id,
        );
        // Built before the commit: a receipt commits it with the turn.
        const parts = await partsOf(deps, turn, library, false);
        await writeTurn(deps, turn, {
          sessionId: session.id,
          session: { mode: 'update', version: session.version },
          botId: session.botId ?? '',
          createResult:
            wasRegisteredOnly && !state.isPreview && rootResultId && session.botId
              ? { id: rootResultId, botId: session.botId }
              : undefined,
          expiresAt: new Date(Date.now() + deps.sessionTtlMs),
          answeredBlockId,
          receipt: receiptOf(options, parts),
          surface: () => surfaceOf(origin),
        });
        return parts;
      }),
    ),
  );
}
