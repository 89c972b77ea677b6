import { INPUT_BASE_OPTIONS } from './blocks/inputs/shared';
import { readOptions } from './blocks/options';
import { inputHandlerFor, saveAnswer, saveRejectedAnswer } from './answers';
import { findEvent, runInvalidReplyEvent, runReplyEvent } from './events';
import type { BlockDefinition } from './definition/schema';
import type { ChatMessage, ReplyMessage } from './wire';
import type { TurnStatus } from './turn-result';
import { createBlockContext } from './walker/context';
import type { Position } from './walker/navigate';
import { botOf, type Run } from './walker/run';
import { walk } from './walker/walk';

const DEFAULT_INVALID_MESSAGE = 'Invalid message. Please, try again.';

function retryMessage(run: Run, block: BlockDefinition, text: string): ChatMessage {
  const content =
    run.textFormat === 'markdown'
      ? { type: 'markdown', markdown: text }
      : { type: 'richText', richText: [{ type: 'p', children: [{ text }] }] };
  return { id: block.id, type: 'text', content };
}

/**
 * The retry text: the block's own retryMessageContent, else its type's
 * built-in text (email, payment), else the bot's invalidMessage or the default.
 */
async function retryText(
  run: Run,
  block: BlockDefinition,
  builtIn: string | undefined,
  text: (template: string) => Promise<string>,
): Promise<string> {
  const own = readOptions(INPUT_BASE_OPTIONS, block).retryMessageContent;
  if (own) return text(own);
  if (builtIn) return builtIn;
  const general = botOf(run).settings.general as { systemMessages?: { invalidMessage?: string } } | undefined;
  const custom = general?.systemMessages?.invalidMessage;
  return custom ? text(custom) : DEFAULT_INVALID_MESSAGE;
}

/**
 * Handles a reply to the input the session waits on (docs/engine-behaviour.md#answering-an-input):
 * reply/invalid-reply events, validation, retry, saving, then the walk on.
 */
export async function processReply(
  run: Run,
  block: BlockDefinition,
  position: Position,
  reply: ReplyMessage | undefined,
  allowReplyEvent: boolean,
): Promise<TurnStatus> {
  const handler = inputHandlerFor(block)!;
  const bot = botOf(run);
  const group = bot.groups.find((candidate) => candidate.id === position.groupId)!;
  const ctx = createBlockContext({
    env: run.env,
    state: run.state,
    bot,
    group,
    blockIndex: position.blockIndex,
    textFormat: run.textFormat,
    turn: run.turn,
  });
  const parsed = await handler.parse(block, reply, ctx);
  if (parsed.status === 'ok')
    for (const variable of parsed.variables ?? []) ctx.variables.set(variable.id, variable.value);

  if (reply && reply.type !== 'command') {
    const invalidEvent = parsed.status === 'fail' ? findEvent(run, 'invalidReply') : undefined;
    const replyEvent =
      allowReplyEvent && !invalidEvent ? findEvent(run, 'reply', (event) => Boolean(event.outgoingEdgeId)) : undefined;
    if (replyEvent) return runReplyEvent(run, replyEvent, block.id, reply, handler.replyEventType, group.title);
    if (invalidEvent) {
      saveRejectedAnswer(run, block, reply);
      return runInvalidReplyEvent(run, invalidEvent, block.id, reply, handler.replyEventType, group.title);
    }
  }

  if (parsed.status === 'fail') {
    saveRejectedAnswer(run, block, reply);
    run.turn.output.isRetry = true;
    run.turn.output.messages.push(
      retryMessage(run, block, await retryText(run, block, handler.defaultRetryMessage, ctx.text)),
    );
    run.turn.output.input = await handler.display(block, ctx);
    run.state.currentBlockId = block.id;
    return 'awaiting-input';
  }

  if (parsed.status === 'ok') {
    saveAnswer(run, group, block, parsed.content, reply);
    if (reply?.type === 'text' && parsed.content !== reply.text) run.turn.output.lastMessageNewFormat = parsed.content;
  }

  const nextEdge = parsed.status === 'ok' && parsed.edgeId ? parsed.edgeId : (block.outgoingEdgeId ?? undefined);
  const entry = run.state.queue[0]!;
  const isLastOfGroup = position.blockIndex >= group.blocks.length - 1;
  if (!nextEdge && isLastOfGroup && entry.queuedEdgeIds.length === 0 && run.state.queue.length === 1) {
    run.state.currentBlockId = undefined;
    return 'ended';
  }
  if (nextEdge) return walk(run, { edgeId: nextEdge, offDefault: nextEdge !== block.outgoingEdgeId });
  return walk(run, { position: { groupId: group.id, blockIndex: position.blockIndex + 1 } });
}
