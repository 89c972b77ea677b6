import { opt, optionsSchema, readOptions } from '../../options';
import type { LogicHandler } from '../../handler';
import { clientPayload } from '../client-payload';
import definition from './definition';

const options = optionsSchema({
  trackingId: opt.string({ title: 'Measurement ID' }),
  category: opt.string({ title: 'Event category' }),
  action: opt.string({ title: 'Event action' }),
  label: opt.string({ title: 'Event label' }),
  value: opt.numberOrString({ title: 'Event value' }),
});

/**
 * Google Analytics: an event the client sends (`googleAnalytics` action,
 * options with variables substituted). Its tracking id also goes into the
 * start props. Nothing is sent without a result (previews).
 */
export const googleAnalyticsBlock: LogicHandler<typeof definition.type> = {
  category: 'integration',
  type: definition.type,
  options,
  startProps(block) {
    const { trackingId } = readOptions(options, block);
    return trackingId ? { googleAnalyticsId: trackingId } : undefined;
  },
  async execute(block, ctx) {
    if (!ctx.entry.resultId || !block.options) return { kind: 'next' };
    ctx.action({ type: 'googleAnalytics', googleAnalytics: await clientPayload(block.options, ctx) });
    return { kind: 'next' };
  },
};

export default googleAnalyticsBlock;
