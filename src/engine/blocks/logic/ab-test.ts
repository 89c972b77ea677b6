import type { LogicHandler } from '../handler';

/** Sends aPercent % of visitors down path A, the others down B. */
export const abTestBlock: LogicHandler<'AB test'> = {
  category: 'logic',
  type: 'AB test',
  execute(block, ctx) {
    const [a, b] = block.items ?? [];
    const aPercent = typeof block.options?.aPercent === 'number' ? block.options.aPercent : 50;
    if (ctx.env.random() * 100 < aPercent && a?.outgoingEdgeId) return { kind: 'goto', edgeId: a.outgoingEdgeId };
    if (b?.outgoingEdgeId) return { kind: 'goto', edgeId: b.outgoingEdgeId };
    return { kind: 'next' };
  },
};
