import { jsonOrText } from '../../../json';
import { NO_OPTIONS, opt, optionsSchema } from '../../options';
import type { BubbleHandler } from '../../handler';
import { lacksUrl } from '../media-url';
import definition from './definition';

/**
 * A `height` written as "number or single {{var}}": after substitution a
 * numeric text becomes a number (leading number of the text, as parseFloat
 * reads it). Undefined when there is no usable number.
 */
export function numericHeight(height: unknown): number | undefined {
  if (typeof height === 'number') return Number.isFinite(height) ? height : undefined;
  if (typeof height !== 'string') return undefined;
  const value = Number.parseFloat(height);
  return Number.isFinite(value) ? value : undefined;
}

interface WaitForEvent {
  isEnabled?: boolean;
  name?: string;
  saveDataInVariableId?: string;
}

function waitForEventOf(content: Record<string, unknown> | null | undefined): WaitForEvent | undefined {
  const wait = content?.waitForEvent;
  return typeof wait === 'object' && wait !== null ? (wait as WaitForEvent) : undefined;
}

/**
 * An embedded page. With `waitForEvent` enabled the walk stops on it until the
 * client sends the event's payload as a text reply, stored (JSON-parsed when it
 * is JSON) into `waitForEvent.saveDataInVariableId`.
 */
export const embedBubble: BubbleHandler<typeof definition.type> = {
  category: 'bubble',
  type: definition.type,
  lacks: lacksUrl,
  newBlock: { content: {} },
  options: NO_OPTIONS,
  content: optionsSchema({
    url: opt.url({ title: 'Page address' }),
    height: opt.numberOrStringWithin({ minimum: 0 }, { title: 'Height' }),
    waitForEvent: opt.object(
      {
        isEnabled: opt.boolean({ title: 'Wait for an event' }),
        name: opt.string({ title: 'Event name' }),
        saveDataInVariableId: opt.variable('Save the data in'),
      },
      { title: 'Wait for event' },
    ),
  }),
  keepsClientBusy: true,
  async toMessage(block, ctx) {
    if (!block.content) return null;
    const content = (await ctx.deep(block.content)) as Record<string, unknown>;
    if ('height' in content) {
      const height = numericHeight(content.height);
      if (height === undefined) delete content.height;
      else content.height = height;
    }
    return { id: block.id, type: block.type, content };
  },
  waitsForReply(block) {
    return waitForEventOf(block.content)?.isEnabled === true;
  },
  onReply(block, reply, ctx) {
    const variableId = waitForEventOf(block.content)?.saveDataInVariableId;
    if (!variableId || reply?.type !== 'text') return;
    ctx.variables.set(variableId, jsonOrText(reply.text));
  },
};

export default embedBubble;
