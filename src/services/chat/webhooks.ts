import { parseSessionState } from '../../engine/session-state';
import { recordWebhookPayload } from '../../engine/webhook-reply';
import { badRequest, notFound } from '../../errors';
import { BotLibrary } from './bot-loader';
import type { ChatDeps } from './deps';
import { releaseSession, resultSession } from './records';
import { withClaimedSession } from './sessions';

export interface ExecuteWebhookInput {
  botId: string;
  blockId: string;
  resultId: string;
  payload: unknown;
}

/**
 * Wait-for-webhook: an outside system posts a payload for a result's
 * conversation; the conversation's session (which must wait on that block)
 * keeps it as the block's reply, and the visitor's next turn goes on from
 * there. Typebot relays the payload through the visitor's browser; Parley
 * keeps it in the session, so a visitor who was away still gets it.
 */
export async function executeWebhook(deps: ChatDeps, input: ExecuteWebhookInput): Promise<{ message: string }> {
  const result = await resultSession(deps.db, input.botId, input.resultId);
  if (!result) throw notFound('Result not found');
  if (!result.lastChatSessionId) throw notFound('No chat session found');
  return withClaimedSession(deps.store, result.lastChatSessionId, deps.claim, async (session) => {
    const state = parseSessionState(session.state);
    const library = await new BotLibrary().load(
      deps.store,
      state.queue.map((entry) => entry.bot),
    );
    const running = library.resolve(state.queue[0]!.bot);
    if (!running.groups.some((group) => group.blocks.some((block) => block.id === input.blockId)))
      throw notFound('Webhook block not found');
    if (!recordWebhookPayload(state, running, input.blockId, input.payload))
      throw badRequest('The conversation is not waiting for this webhook');
    await releaseSession(deps.db, session, state);
    return { message: 'OK' };
  });
}
