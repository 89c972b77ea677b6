import { releaseHandoff, awaitsPerson } from '../../engine/chat';
import type { ResponseParts } from '../../engine/response';
import { parseSessionState } from '../../engine/session-state';
import { BotLibrary } from '../chat/bot-loader';
import type { ChatDeps } from '../chat/deps';
import { settle } from '../chat/effect-loop';
import { partsOf } from '../chat/response';
import { withClaimedSession } from '../chat/sessions';
import { guarded, turnEnv } from '../chat/turn';
import { writeTurn } from '../chat/write-turn';
import { deliverToChannel } from '../channels/handoff-delivery';
import { claimEnding, conversationEnded, dropEnding } from './ending';
import { appendLines } from './lines';
import { chatMessageText } from './message-text';
import { publishConversation, type ConversationIds } from './publish';

// Handed back by a person, or nobody took it in time: the bot goes on from
// the Handoff block (its outgoing edge, or the group the person picked), in a
// turn run like any other (the session's claim, effects, one commit); what the
// bot says is kept on the conversation's last line for the visitor.

/** Chat answers of a hand-back are rich text: the format the web clients and the Typebot embed ask for by default. */
const HAND_BACK_FORMAT = 'richText';

interface Ending {
  conversation: ConversationIds & { resultId: string | null };
  outcome: 'released' | 'timedOut';
  groupId?: string;
}

/** Runs the bot on from the block; undefined when the session no longer waits there (ended, expired, or already moved on). */
async function runOn(deps: ChatDeps, { conversation, groupId }: Ending): Promise<ResponseParts | undefined> {
  try {
    return await withClaimedSession(deps.store, conversation.sessionId, deps.claim, async (session) => {
      const state = parseSessionState(session.state);
      const library = await new BotLibrary().load(
        deps.store,
        state.queue.map((entry) => entry.bot),
      );
      if (!awaitsPerson(state, library.resolve)) {
        await deps.store.releaseClaim(session.id, session.version);
        return undefined;
      }
      const env = turnEnv(deps, state);
      const turn = await settle(
        deps,
        library,
        await releaseHandoff(state, groupId ? { groupId } : {}, HAND_BACK_FORMAT, env, library.resolve),
        HAND_BACK_FORMAT,
        env,
        session.id,
      );
      turn.state.handedBack = { conversationId: conversation.id };
      const parts = await partsOf(deps, turn, library, false);
      await writeTurn(deps, turn, {
        sessionId: session.id,
        session: { mode: 'update', version: session.version },
        botId: session.botId ?? conversation.botId,
        expiresAt: new Date(Date.now() + deps.sessionTtlMs),
      });
      return parts;
    });
  } catch (error) {
    // The session is gone (expired and swept): the conversation still ends.
    if (error instanceof Error && error.message === 'Session not found') return undefined;
    throw error;
  }
}

function botText(parts: ResponseParts | undefined): string {
  return (parts?.messages ?? []).map(chatMessageText).filter(Boolean).join('\n');
}

/**
 * Ends an open conversation by running the bot on. CONFLICT when it has ended
 * or someone else is ending it; a failure of the turn leaves it open.
 */
export async function handBack(deps: ChatDeps, ending: Ending): Promise<void> {
  const { conversation, outcome } = ending;
  if (!(await claimEnding(deps.db, conversation.id))) throw conversationEnded();
  let parts: ResponseParts | undefined;
  try {
    // A group the bot does not have is the caller's mistake (400), and the conversation stays open.
    parts = await guarded(() => runOn(deps, ending));
  } catch (error) {
    await dropEnding(deps.db, conversation.id);
    throw error;
  }
  const now = new Date();
  const [line] = await deps.db.$transaction(async (tx) => {
    const lines = await appendLines(
      tx,
      conversation.id,
      [
        {
          authorKind: 'bot',
          text: botText(parts),
          event: outcome,
          ...(parts ? { response: JSON.stringify(parts) } : {}),
        },
      ],
      now,
    );
    await tx.conversation.update({
      where: { id: conversation.id },
      data: {
        status: 'closed',
        outcome,
        endedAt: now,
        openSessionId: null,
        endingUntil: null,
        releaseGroupId: ending.groupId ?? null,
      },
    });
    return lines;
  });
  publishConversation(deps.live, conversation, 'released', { seq: line!.seq });
  await deliverToChannel(deps, conversation);
}
