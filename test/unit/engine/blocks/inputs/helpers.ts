// Small builders shared by the input block tests.
import type { Condition } from '../../../../../src/engine/conditions/evaluate';
import type { BlockContext } from '../../../../../src/engine/blocks/handler';
import type { BlockDefinition } from '../../../../../src/engine/definition/schema';
import type { ReplyMessage } from '../../../../../src/engine/wire';
import type { RuntimeVariable } from '../../../../../src/engine/session';
import { testContext, type TestContextInput } from '../../../../helpers/engine';

export function inputBlock(fields: Record<string, unknown> & { type: string }): BlockDefinition {
  return { id: 'b1', ...fields } as BlockDefinition;
}

export function textReply(text: string, replyId?: string): ReplyMessage {
  return replyId ? { type: 'text', text, metadata: { replyId } } : { type: 'text', text };
}

export const audioReply = (url: string): ReplyMessage => ({ type: 'audio', url });

export function variable(id: string, name: string, value?: RuntimeVariable['value']): RuntimeVariable {
  return value === undefined ? { id, name } : { id, name, value };
}

export function contextWith(
  variables: RuntimeVariable[] = [],
  input: Omit<TestContextInput, 'variables'> = {},
): BlockContext {
  return testContext({ ...input, variables }).ctx;
}

/**
 * A real context in which `condition("show")` holds and any other value does
 * not (variable v1 is "show"); records the conditions the block evaluated.
 */
export function contextWithConditions(variables: RuntimeVariable[] = []): { ctx: BlockContext; seen: Condition[] } {
  const seen: Condition[] = [];
  const base = contextWith([{ id: 'v1', name: 'Shown', value: 'show' }, ...variables]);
  const ctx: BlockContext = {
    ...base,
    evaluateCondition: async (condition) => {
      if (condition) seen.push(condition);
      return await base.evaluateCondition(condition);
    },
  };
  return { ctx, seen };
}

export function condition(value: string, logicalOperator?: string): { isEnabled: boolean; condition: Condition } {
  return {
    isEnabled: true,
    condition: {
      ...(logicalOperator ? { logicalOperator } : {}),
      comparisons: [{ id: 'c1', variableId: 'v1', comparisonOperator: 'Equal to', value }],
    },
  };
}
