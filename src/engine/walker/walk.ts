import type { BlockHandler, Outcome } from '../blocks/handler';
import { handlerFor } from '../blocks/registry';
import type { BlockDefinition } from '../definition/schema';
import type { EffectResult } from '../effects';
import type { TurnStatus } from '../turn-result';
import { createBlockContext } from './context';
import { navigate, type Position } from './navigate';
import { botOf, type Run } from './run';

// The walker (docs/engine-behaviour.md#the-walk): runs blocks from a starting point until an input,
// a block waiting for the client, an effect, or the end of the flow.

export type WalkStart = { edgeId: string | undefined; offDefault?: boolean } | { position: Position };

function contextAt(run: Run, position: Position) {
  const bot = botOf(run);
  const group = bot.groups.find((candidate) => candidate.id === position.groupId)!;
  return createBlockContext({
    env: run.env,
    state: run.state,
    bot,
    group,
    blockIndex: position.blockIndex,
    textFormat: run.textFormat,
    turn: run.turn,
  });
}

function blockAt(run: Run, position: Position): BlockDefinition | undefined {
  return botOf(run).groups.find((group) => group.id === position.groupId)?.blocks[position.blockIndex];
}

/** True when the turn may not run another block; logs why. */
function overBudget(run: Run): boolean {
  const { maxBlocksPerTurn, turnBudgetMs } = run.env.limits;
  let reason: string | undefined;
  if (run.turn.blocksExecuted >= maxBlocksPerTurn)
    reason = `more than ${maxBlocksPerTurn} blocks in one turn (a loop without input?)`;
  else if (run.env.elapsedMs() > turnBudgetMs) reason = `the turn took longer than ${turnBudgetMs / 1000} s`;
  if (!reason) return false;
  const log = { status: 'error' as const, description: `Flow stopped: ${reason}` };
  run.turn.output.logs.push(log);
  run.turn.persistence.logs.push({ ...log, resultId: run.state.queue[0]!.resultId });
  return true;
}

type Step = { status: TurnStatus } | { position: Position } | { edgeId: string | undefined; offDefault: boolean };

function afterOutcome(run: Run, outcome: Outcome, block: BlockDefinition, position: Position): Step {
  switch (outcome.kind) {
    case 'next':
      return { position: { ...position, blockIndex: position.blockIndex + 1 } };
    case 'goto':
      return { edgeId: outcome.edgeId, offDefault: outcome.edgeId !== block.outgoingEdgeId };
    case 'end':
      return { edgeId: undefined, offDefault: false };
    case 'await-reply':
      run.state.currentBlockId = block.id;
      return { status: 'awaiting-reply' };
    case 'effect':
      run.state.pending = {
        effect: outcome.effect,
        cursor: {
          groupId: position.groupId,
          blockIndex: position.blockIndex,
          lastBubbleBlockId: run.turn.lastBubbleBlockId,
        },
        output: run.turn.output,
        persistence: run.turn.persistence,
        blocksExecuted: run.turn.blocksExecuted,
      };
      return { status: 'effect' };
  }
}

async function runBlock(run: Run, handler: BlockHandler, block: BlockDefinition, position: Position): Promise<Step> {
  const ctx = contextAt(run, position);
  if (handler.category === 'bubble') {
    const message = await handler.toMessage(block, ctx);
    if (message) ctx.message(message);
    if (message && handler.waitsForReply?.(block)) {
      run.state.currentBlockId = block.id;
      return { status: 'awaiting-reply' };
    }
    return { position: { ...position, blockIndex: position.blockIndex + 1 } };
  }
  if (handler.category === 'input') {
    run.turn.output.input = await handler.display(block, ctx);
    run.state.currentBlockId = block.id;
    return { status: 'awaiting-input' };
  }
  return afterOutcome(run, await handler.execute(block, ctx), block, position);
}

/** Whether a dead end may still lead somewhere: queued resume edges, or a parent bot to return to. */
function canContinue(run: Run): boolean {
  const lastMessage = run.turn.output.messages[run.turn.output.messages.length - 1];
  // Reference rule: an embed as last message means the client is busy with it; do not auto-resume parents.
  const lastHandler = lastMessage ? handlerFor(lastMessage.type) : undefined;
  if (lastHandler?.category === 'bubble' && lastHandler.keepsClientBusy) return false;
  return run.state.queue[0]!.queuedEdgeIds.length > 0 || run.state.queue.length > 1;
}

async function loop(run: Run, first: Step): Promise<TurnStatus> {
  run.turn.output.walked = true;
  let step = first;
  for (;;) {
    if ('status' in step) return step.status;
    if ('edgeId' in step) {
      if (step.edgeId === undefined && !canContinue(run)) return 'ended';
      const position = navigate(run, step.edgeId, step.offDefault);
      if (!position) return 'ended';
      step = { position };
      continue;
    }
    const { position } = step;
    const block = blockAt(run, position);
    if (!block) {
      const group = botOf(run).groups.find((candidate) => candidate.id === position.groupId);
      const last = group?.blocks[group.blocks.length - 1];
      step = { edgeId: last?.outgoingEdgeId ?? undefined, offDefault: false };
      continue;
    }
    if (overBudget(run)) return 'ended';
    run.turn.blocksExecuted += 1;
    const handler = handlerFor(block.type);
    if (run.turn.skipNextBubble) {
      run.turn.skipNextBubble = false;
      if (handler?.category === 'bubble') {
        step = { position: { ...position, blockIndex: position.blockIndex + 1 } };
        continue;
      }
    }
    step = handler
      ? await runBlock(run, handler, block, position)
      : { position: { ...position, blockIndex: position.blockIndex + 1 } };
  }
}

export function walk(run: Run, start: WalkStart): Promise<TurnStatus> {
  run.state.currentBlockId = undefined;
  return loop(
    run,
    'position' in start
      ? { position: start.position }
      : { edgeId: start.edgeId, offDefault: start.offDefault ?? false },
  );
}

/** Goes on from a block that finished (after its dedicated reply, or an event entry point). */
export function walkOn(run: Run, outcome: Outcome, block: BlockDefinition, position: Position): Promise<TurnStatus> {
  run.state.currentBlockId = undefined;
  return loop(run, afterOutcome(run, outcome, block, position));
}

/** Finishes a turn that stopped for an effect, with the effect's result. */
export async function resumeAfterEffect(run: Run, result: EffectResult): Promise<TurnStatus> {
  const pending = run.state.pending!;
  run.state.pending = undefined;
  run.turn.output = pending.output;
  run.turn.persistence = pending.persistence;
  run.turn.blocksExecuted = pending.blocksExecuted;
  run.turn.lastBubbleBlockId = pending.cursor.lastBubbleBlockId;
  const position = { groupId: pending.cursor.groupId, blockIndex: pending.cursor.blockIndex };
  const block = blockAt(run, position)!;
  const handler = handlerFor(block.type);
  if (!handler || handler.category === 'bubble' || handler.category === 'input' || !handler.onEffect) {
    throw new Error(`block ${block.id} (${block.type}) cannot take an effect result`);
  }
  return loop(
    run,
    afterOutcome(run, await handler.onEffect(block, result, contextAt(run, position), pending.effect), block, position),
  );
}

/** Where a block is in the running bot. */
export function locateBlock(run: Run, blockId: string): { block: BlockDefinition; position: Position } | undefined {
  for (const group of botOf(run).groups) {
    const blockIndex = group.blocks.findIndex((block) => block.id === blockId);
    if (blockIndex >= 0) return { block: group.blocks[blockIndex]!, position: { groupId: group.id, blockIndex } };
  }
  return undefined;
}
