import type { BlockContext } from '../blocks/handler';
import { evaluateCondition } from '../conditions/evaluate';
import { recordBotMessage, startTranscriptIfNeeded } from '../transcript';
import type { EngineEnv } from '../env';
import type { GroupDefinition } from '../definition/schema';
import type { RuntimeBot } from '../definition/runtime-bot';
import type { SessionState } from '../session';
import type { TextFormat } from '../wire';
import { blockVariables } from '../variables/history';
import { VariableStore } from '../variables/store';
import { renderDeep, renderText } from '../variables/templating';
import type { Turn } from './turn';
import { addVirtualEdge } from './virtual-edges';

export interface ContextInput {
  env: EngineEnv;
  state: SessionState;
  bot: RuntimeBot;
  group: GroupDefinition;
  blockIndex: number;
  textFormat: TextFormat;
  turn: Turn;
}

/** Builds what a block sees while it runs, over queue[0] of the state. */
export function createBlockContext(input: ContextInput): BlockContext {
  const { env, state, bot, turn } = input;
  const entry = state.queue[0]!;
  const block = input.group.blocks[input.blockIndex];
  const variables = block ? blockVariables(state, turn.persistence, env, block.id) : new VariableStore(entry.variables);
  return {
    env,
    state,
    entry,
    bot,
    group: input.group,
    blockIndex: input.blockIndex,
    textFormat: input.textFormat,
    variables,
    text: (template) => renderText(template, entry.variables, { code: env.code }),
    deep: (value) => renderDeep(value, entry.variables, { code: env.code }),
    evaluateCondition: async (condition) =>
      condition ? evaluateCondition(condition, { variables: entry.variables, code: env.code }) : false,
    persistence: turn.persistence,
    log: (log) => {
      turn.output.logs.push(log);
      turn.persistence.logs.push({ ...log, resultId: entry.resultId });
    },
    message: (message) => {
      turn.output.messages.push(message);
      turn.lastBubbleBlockId = message.id;
      recordBotMessage(state, message);
    },
    action: (action) => {
      turn.output.clientSideActions.push(
        turn.lastBubbleBlockId ? { ...action, lastBubbleBlockId: turn.lastBubbleBlockId } : action,
      );
    },
    handOff: (request, visitorInput) => {
      turn.output.handoff = request;
      turn.output.input = visitorInput;
    },
    virtualEdge: (to) => addVirtualEdge(entry, to),
    skipNextBubble: () => {
      turn.skipNextBubble = true;
    },
    linkedBotStarted: (child) => startTranscriptIfNeeded(state, child),
  };
}
