import { EngineRequestError } from './errors';
import type { EventDefinition } from './definition/schema';
import type { ReplyMessage } from './wire';
import type { TurnStatus } from './turn-result';
import { blockVariables } from './variables/history';
import { botOf, type Run } from './walker/run';
import { findEdge } from './walker/navigate';
import { addVirtualEdge } from './walker/virtual-edges';
import { walk } from './walker/walk';

// Events other than start (docs/engine-behaviour.md#events-and-the-return-mark): commands, replies and invalid
// replies enter a sub-flow through the event's edge; a Return block in it comes
// back to the remembered block.

export function findEvent(
  run: Run,
  type: EventDefinition['type'],
  match?: (event: EventDefinition) => boolean,
): EventDefinition | undefined {
  return botOf(run).events.find((event) => event.type === type && (!match || match(event)));
}

function enter(run: Run, event: EventDefinition, what: string): Promise<TurnStatus> {
  const edge = event.outgoingEdgeId ? findEdge(run, run.state.queue[0]!, event.outgoingEdgeId) : undefined;
  if (!edge) throw new EngineRequestError(`${what} event doesn't have a connected edge`);
  if (!botOf(run).groups.some((group) => group.id === edge.to.groupId))
    throw new EngineRequestError(`${what} event doesn't have a connected group`);
  return walk(run, { edgeId: edge.id, offDefault: true });
}

/** A `{type: "command"}` message: runs the matching command event's flow. */
export function runCommand(run: Run, command: string): Promise<TurnStatus> {
  const event = findEvent(run, 'command', (candidate) => candidate.options?.command === command);
  if (!event) throw new EngineRequestError('Command event not found');
  const entry = run.state.queue[0]!;
  const current = run.state.currentBlockId;
  if (current) {
    if (event.options?.resumeAfter === true) {
      const group = botOf(run).groups.find((candidate) => candidate.blocks.some((block) => block.id === current));
      if (group) {
        entry.queuedEdgeIds.unshift(addVirtualEdge(entry, { groupId: group.id, blockId: current }));
      }
    } else {
      run.state.returnMark = { status: 'pending', blockId: current };
    }
  }
  return enter(run, event, 'Command');
}

/** Variables a reply or invalid-reply event fills in. */
function setEventVariables(
  run: Run,
  event: EventDefinition,
  reply: ReplyMessage | undefined,
  inputType: string,
  groupTitle: string,
): void {
  // The reference files these under a virtual block named after the event.
  const variables = blockVariables(run.state, run.turn.persistence, run.env, `virtual-${event.id}-block`);
  const options = event.options ?? {};
  const content = reply?.type === 'text' ? reply.text : reply?.type === 'audio' ? reply.url : undefined;
  variables.set(options.contentVariableId as string | undefined, content);
  variables.set(options.inputTypeVariableId as string | undefined, inputType);
  variables.set(options.inputNameVariableId as string | undefined, groupTitle);
}

export function runReplyEvent(
  run: Run,
  event: EventDefinition,
  inputId: string,
  reply: ReplyMessage,
  inputType: string,
  groupTitle: string,
): Promise<TurnStatus> {
  setEventVariables(run, event, reply, inputType, groupTitle);
  run.state.returnMark = { status: 'pending', blockId: inputId, autoResumeMessage: reply };
  return enter(run, event, 'Reply');
}

export function runInvalidReplyEvent(
  run: Run,
  event: EventDefinition,
  inputId: string,
  reply: ReplyMessage | undefined,
  inputType: string,
  groupTitle: string,
): Promise<TurnStatus> {
  setEventVariables(run, event, reply, inputType, groupTitle);
  run.state.returnMark = { status: 'pending', blockId: inputId };
  return enter(run, event, 'Invalid reply');
}
