import type { BlockContext } from '../handler';
import type { GroupDefinition } from '../../definition/schema';
import type { RuntimeBot } from '../../definition/runtime-bot';
import { singleVariableName, valueToText } from '../../variables/templating';

/**
 * A group option is a group id, or a single {{Variable}} whose value is a
 * group's title (Jump, Link to bot).
 */
export function resolveGroup(option: unknown, bot: RuntimeBot, ctx: BlockContext): GroupDefinition | undefined {
  if (typeof option !== 'string' || option === '') return undefined;
  const name = singleVariableName(option);
  if (name === undefined) return bot.groups.find((group) => group.id === option);
  const title = valueToText(ctx.variables.byName(name)?.value);
  return bot.groups.find((group) => group.title === title);
}
