import { INPUT_BASE_OPTIONS } from './blocks/inputs/shared';
import { readOptions } from './blocks/options';
import type { InputHandler } from './blocks/handler';
import { handlerFor } from './blocks/registry';
import { recordUserAnswer } from './transcript-lines';
import type { BlockDefinition, GroupDefinition } from './definition/schema';
import type { QueueEntry, SessionState } from './session';
import type { ReplyMessage } from './wire';
import { blockVariables } from './variables/history';
import { VariableStore } from './variables/store';
import type { Run } from './walker/run';

function isInput(block: BlockDefinition): boolean {
  return handlerFor(block.type)?.category === 'input';
}

/**
 * The key of an answer (default HTTP bodies, link merges): the input's
 * variable name, else its group title (" (n)" for the n-th input of the group,
 * 0-based), else the block id.
 */
export function answerKey(entry: QueueEntry, group: GroupDefinition, block: BlockDefinition): string {
  const variable = new VariableStore(entry.variables).byId(readOptions(INPUT_BASE_OPTIONS, block).variableId);
  if (variable) return variable.name;
  if (group.title) {
    const index = group.blocks.filter(isInput).findIndex((candidate) => candidate.id === block.id);
    return index > 0 ? `${group.title} (${index})` : group.title;
  }
  return block.id;
}

/** Saves an accepted reply: variables, the keyed answer of the session, the Answer row (live). */
export function saveAnswer(
  run: Run,
  group: GroupDefinition,
  block: BlockDefinition,
  content: string,
  reply: ReplyMessage | undefined,
): void {
  const state: SessionState = run.state;
  const entry = state.queue[0]!;
  const variables = blockVariables(state, run.turn.persistence, run.env, block.id);
  const options = readOptions(INPUT_BASE_OPTIONS, block);
  const attachedFileUrls =
    reply?.type === 'text' && reply.attachedFileUrls?.length ? reply.attachedFileUrls : undefined;
  const attachments = options.attachments;
  if (attachedFileUrls && attachments?.isEnabled && attachments.saveVariableId) {
    const current = variables.value(attachments.saveVariableId);
    const urls = Array.isArray(current)
      ? [...current, ...attachedFileUrls]
      : attachedFileUrls.length === 1
        ? attachedFileUrls[0]
        : attachedFileUrls;
    variables.set(attachments.saveVariableId, urls);
  }
  const audioClip = options.audioClip;
  if (reply?.type === 'audio' && audioClip?.isEnabled && audioClip.saveVariableId)
    variables.set(audioClip.saveVariableId, reply.url);
  const variableId = options.variableId;
  if (reply?.type !== 'audio' && variableId) {
    const current = variables.value(variableId);
    // Reference quirk kept (observable): a variable holding a list gets the answer appended.
    variables.set(variableId, Array.isArray(current) ? [...current, content] : content);
  }
  const key = answerKey(entry, group, block);
  const value = attachedFileUrls ? `${attachedFileUrls.join(', ')}\n\n${content}` : content;
  entry.answers = [...entry.answers.filter((answer) => answer.key !== key), { key, value }];
  recordUserAnswer(state, value);
  if (state.progress) state.progress.totalAnswers += 1;
  if (entry.resultId && !state.isPreview) {
    run.turn.persistence.answers.push({
      resultId: entry.resultId,
      blockId: block.id,
      groupId: group.id,
      variableId,
      content,
      ...(attachedFileUrls ? { attachedFileUrls } : {}),
    });
  }
}

/**
 * Keeps a reply the input refused (live results only), so the result's
 * transcript can show it and the retry that followed. Only text replies: the
 * transcript replays answers as text.
 */
export function saveRejectedAnswer(run: Run, block: BlockDefinition, reply: ReplyMessage | undefined): void {
  const entry = run.state.queue[0]!;
  if (reply?.type !== 'text' || !entry.resultId || run.state.isPreview) return;
  run.turn.persistence.rejectedAnswers.push({ resultId: entry.resultId, blockId: block.id, content: reply.text });
}

export function inputHandlerFor(block: { type: string }): InputHandler | undefined {
  const handler = handlerFor(block.type);
  return handler?.category === 'input' ? handler : undefined;
}
