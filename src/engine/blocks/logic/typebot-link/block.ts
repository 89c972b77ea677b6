import { opt, optionsSchema, readOptions } from '../../options';
import { isV6 } from '../../../definition/versions';
import type { BlockDefinition } from '../../../definition/schema';
import type { BotRef, QueueEntry, RuntimeVariable } from '../../../session';
import type { RuntimeBot } from '../../../definition/runtime-bot';
import { addVirtualEdge } from '../../../walker/virtual-edges';
import type { BlockContext, LogicHandler, Outcome } from '../../handler';
import { resolveGroup } from '../group-target';
import definition from './definition';

// Link to bot ("Typebot link", docs/engine-behaviour.md#linking-to-another-bot): runs another bot (or a group of
// this one) on top of the queue, then comes back.

const options = optionsSchema({
  typebotId: opt.bot({ title: 'Bot' }),
  // None: where the bot starts.
  groupId: opt.group({ title: 'Group', keywords: { 'x-parley-bot-field': 'typebotId' } }),
  mergeResults: opt.boolean({ title: 'Merge answers' }),
});

/** The child's variables, prefilled by name from the first bot of the queue declaring the same name. */
function inheritedVariables(child: RuntimeBot, queue: QueueEntry[]): RuntimeVariable[] {
  return child.variables.map((variable) => {
    for (const entry of queue) {
      const source = entry.variables.find((candidate) => candidate.name === variable.name);
      if (source) return { ...variable, value: source.value };
    }
    return { ...variable };
  });
}

function startGroupId(bot: RuntimeBot): string | undefined {
  const edgeId = bot.events[0]?.outgoingEdgeId;
  return bot.edges.find((edge) => edge.id === edgeId)?.to.groupId;
}

function link(
  block: BlockDefinition,
  ctx: BlockContext,
  child: RuntimeBot,
  childRef: BotRef,
  sameBot: boolean,
): Outcome {
  // Resolve the target before touching the queue (the reference pushes the child first, then fails).
  const { groupId: groupOption, mergeResults } = readOptions(options, block);
  const target = groupOption
    ? resolveGroup(groupOption, child, ctx)
    : child.groups.find((group) => group.id === startGroupId(child));
  if (!target) {
    ctx.log({
      status: 'error',
      description: 'Failed to link typebot',
      details: `Group with ID "${String(groupOption ?? '')}" not found`,
    });
    return { kind: 'next' };
  }
  const parent = ctx.entry;
  const following = ctx.group.blocks[ctx.blockIndex + 1];
  const resumeEdge =
    block.outgoingEdgeId ?? (following ? ctx.virtualEdge({ groupId: ctx.group.id, blockId: following.id }) : undefined);
  // The merge default follows the version of the bot holding the link block (the reference reads queue[0] before the push).
  const merge = sameBot || (isV6(ctx.bot.version) ? mergeResults === true : mergeResults !== false);
  let resultId: string | undefined;
  if (!ctx.state.isPreview) {
    resultId = merge ? parent.resultId : ctx.env.newId();
    if (!merge && resultId) ctx.persistence.newResults.push({ resultId, botId: child.id });
  }
  const entry: QueueEntry = {
    bot: childRef,
    variables: inheritedVariables(child, ctx.state.queue),
    virtualEdges: [],
    resultId,
    answers: merge ? [...parent.answers] : [],
    queuedEdgeIds: resumeEdge ? [resumeEdge] : [],
    isMergingWithParent: merge,
  };
  const edgeId = addVirtualEdge(entry, { groupId: target.id });
  ctx.state.queue.unshift(entry);
  // A linked bot asking for the transcript gets the conversation from here on.
  ctx.linkedBotStarted(child);
  return { kind: 'goto', edgeId };
}

export const typebotLinkBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  options,
  linkTarget(block) {
    const { typebotId: botId, groupId } = readOptions(options, block);
    if (!botId) return undefined;
    return { botId, ...(groupId ? { groupId } : {}) };
  },
  execute(block, ctx) {
    const botId = readOptions(options, block).typebotId;
    if (!botId) {
      ctx.log({ status: 'error', description: 'Failed to link typebot', details: 'Typebot ID is not specified' });
      return { kind: 'next' };
    }
    if (botId === 'current' || botId === ctx.bot.id) return link(block, ctx, ctx.bot, ctx.entry.bot, true);
    return { kind: 'effect', effect: { type: 'loadBot', botId } };
  },
  onEffect(block, result, ctx) {
    if (result.type === 'failed') {
      ctx.log({ status: 'error', description: 'Failed to link typebot', details: result.message });
      return { kind: 'next' };
    }
    if (result.type !== 'loadBot' || !result.bot || !result.ref) {
      ctx.log({
        status: 'error',
        description: 'Failed to link typebot',
        details: `Typebot with ID ${String(readOptions(options, block).typebotId)} not found`,
      });
      return { kind: 'next' };
    }
    return link(block, ctx, result.bot, result.ref, false);
  },
};

export default typebotLinkBlock;
