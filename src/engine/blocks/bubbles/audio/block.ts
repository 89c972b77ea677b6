import { NO_OPTIONS, opt, optionsSchema } from '../../options';
import { mediaTranscriptTurn } from '../../../transcript-lines';
import type { BubbleHandler } from '../../handler';
import { lacksUrl } from '../media-url';
import definition from './definition';

/** An audio clip: every string of the content has its variables substituted. */
export const audioBubble: BubbleHandler<typeof definition.type> = {
  category: 'bubble',
  type: definition.type,
  lacks: lacksUrl,
  newBlock: { content: {} },
  options: NO_OPTIONS,
  content: optionsSchema({
    url: opt.url({ title: 'Audio address' }),
    isAutoplayEnabled: opt.boolean({ title: 'Autoplay' }),
  }),
  transcriptTurn: (message) => mediaTranscriptTurn('audio', message),
  async toMessage(block, ctx) {
    if (!block.content) return null;
    return { id: block.id, type: block.type, content: await ctx.deep(block.content) };
  },
};

export default audioBubble;
