import { opt, optionsSchema, readOptions } from '../../options';
import type { LogicHandler } from '../../handler';
import definition from './definition';

const options = optionsSchema({
  secondsToWaitFor: opt.numberOrString({ title: 'Seconds to wait for' }),
  shouldPause: opt.boolean({ title: 'Pause the flow', description: 'The bot waits for the client to come back' }),
});

/**
 * A client-side delay. The server does not wait: only `shouldPause` makes the
 * walk stop until the client comes back (with no message) after waiting.
 */
export const waitBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  options,
  async execute(block, ctx) {
    const { secondsToWaitFor: raw, shouldPause: pauseOption } = readOptions(options, block);
    if (raw === undefined || raw === '') return { kind: 'next' };
    const seconds = parseFloat((await ctx.text(String(raw))).replace(',', '.'));
    if (Number.isNaN(seconds)) return { kind: 'next' };
    const shouldPause = pauseOption === true;
    if (seconds === 0 && !shouldPause) return { kind: 'next' };
    // Like the reference, the flag is sent only when the block sets it.
    const pauseFlag = pauseOption !== undefined ? { expectsDedicatedReply: shouldPause } : {};
    ctx.action({ type: 'wait', wait: { secondsToWaitFor: seconds }, ...pauseFlag });
    return shouldPause ? { kind: 'await-reply' } : { kind: 'next' };
  },
  onReply: () => ({ kind: 'next' }),
};

export default waitBlock;
