import { opt, optionsSchema, readOptions } from '../../options';
import type { LogicHandler } from '../../handler';
import { clientPayload } from '../client-payload';
import definition from './definition';

const options = optionsSchema({
  pixelId: opt.string({ title: 'Pixel ID' }),
  isInitSkip: opt.boolean({ title: 'Skip initialisation' }),
  eventType: opt.string({ title: 'Event' }),
});

/**
 * Meta Pixel: an event the client tracks (`pixel` action) when the block has
 * a pixel and an event type. Pixels not marked isInitSkip are initialised by
 * the start props. Nothing is sent without a result (previews).
 */
export const pixelBlock: LogicHandler<typeof definition.type> = {
  category: 'integration',
  type: definition.type,
  options,
  startProps(block) {
    const { pixelId, isInitSkip } = readOptions(options, block);
    if (!pixelId || isInitSkip === true) return undefined;
    return { pixelId };
  },
  async execute(block, ctx) {
    const { pixelId, eventType } = readOptions(options, block);
    if (!ctx.entry.resultId || !pixelId || !eventType) return { kind: 'next' };
    const payload = (await clientPayload(block.options, ctx)) as Record<string, unknown>;
    ctx.action({ type: 'pixel', pixel: { ...payload, pixelId } });
    return { kind: 'next' };
  },
};

export default pixelBlock;
