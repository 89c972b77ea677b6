import { opt, optionsSchema, readOptions } from '../../options';
import type { LogicHandler } from '../../handler';
import definition from './definition';

const options = optionsSchema({ aPercent: opt.number({ title: 'Percent of visitors on path A' }) });

/** Sends aPercent % of visitors down path A, the others down B. */
export const abTestBlock: LogicHandler<typeof definition.type> = {
  category: 'logic',
  type: definition.type,
  newBlock: { options: { aPercent: 50 }, items: [{ path: 'a' }, { path: 'b' }] },
  options,
  execute(block, ctx) {
    const [a, b] = block.items ?? [];
    const aPercent = readOptions(options, block).aPercent ?? 50;
    if (ctx.env.random() * 100 < aPercent && a?.outgoingEdgeId) return { kind: 'goto', edgeId: a.outgoingEdgeId };
    if (b?.outgoingEdgeId) return { kind: 'goto', edgeId: b.outgoingEdgeId };
    return { kind: 'next' };
  },
};

export default abTestBlock;
