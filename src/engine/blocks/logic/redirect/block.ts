import { opt, optionsSchema, readOptions } from '../../options';
import type { LogicHandler } from '../../handler';
import definition from './definition';

const options = optionsSchema({
  url: opt.string({ title: 'URL' }),
  isNewTab: opt.boolean({ title: 'Open in a new tab' }),
});

const KEPT_SCHEMES = /^(http|mailto:|tel:|sms:|\{\{)/;

/** Asks the client to open a URL (https:// added to bare hosts); the flow goes on. */
export const redirectBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  newBlock: { options: { isNewTab: false } },
  options,
  async execute(block, ctx) {
    const { url: raw, isNewTab } = readOptions(options, block);
    if (!raw) return { kind: 'next' };
    // The reference sanitizes the substituted url: a {{Host}} holding a bare host gets https:// too.
    const substituted = await ctx.text(raw);
    const url = KEPT_SCHEMES.test(substituted) ? substituted : `https://${substituted}`;
    ctx.action({ type: 'redirect', redirect: { url, ...(typeof isNewTab === 'boolean' ? { isNewTab } : {}) } });
    return { kind: 'next' };
  },
};

export default redirectBlock;
