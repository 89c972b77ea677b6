import type { LogicHandler } from '../handler';

const KEPT_SCHEMES = /^(http|mailto:|tel:|sms:|\{\{)/;

/** Asks the client to open a URL (https:// added to bare hosts); the flow goes on. */
export const redirectBlock: LogicHandler<'Redirect'> = {
  category: 'logic',
  type: 'Redirect',
  async execute(block, ctx) {
    const raw = block.options?.url;
    if (typeof raw !== 'string' || raw === '') return { kind: 'next' };
    // The reference sanitizes the substituted url: a {{Host}} holding a bare host gets https:// too.
    const substituted = await ctx.text(raw);
    const url = KEPT_SCHEMES.test(substituted) ? substituted : `https://${substituted}`;
    const isNewTab = block.options?.isNewTab;
    ctx.action({ type: 'redirect', redirect: { url, ...(typeof isNewTab === 'boolean' ? { isNewTab } : {}) } });
    return { kind: 'next' };
  },
};
