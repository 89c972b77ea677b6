import { handlerFor } from './blocks/registry';
import type { RuntimeBot } from './definition/runtime-bot';
import type { SessionState } from './session';

/**
 * Records what an outside system posted for the wait-for-webhook block the
 * session waits on; the session's next turn takes it as the block's reply.
 * False when the session does not wait on such a block with that id.
 */
export function recordWebhookPayload(state: SessionState, bot: RuntimeBot, blockId: string, payload: unknown): boolean {
  if (state.currentBlockId !== blockId) return false;
  const block = bot.groups.flatMap((group) => group.blocks).find((candidate) => candidate.id === blockId);
  if (!block || !handlerFor(block.type)?.acceptsWebhookPayload) return false;
  state.webhookReply = { blockId, payload };
  return true;
}
