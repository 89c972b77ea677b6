import { NO_OPTIONS, opt, optionsSchema } from '../../options';
import { mediaTranscriptTurn } from '../../../transcript-lines';
import type { BubbleHandler } from '../../handler';
import { lacksUrl } from '../media-url';
import definition from './definition';

/** An image: every string of the content (url, click link) has its variables substituted. */
export const imageBubble: BubbleHandler<typeof definition.type> = {
  category: 'bubble',
  type: definition.type,
  lacks: lacksUrl,
  newBlock: { content: {} },
  options: NO_OPTIONS,
  content: optionsSchema({
    url: opt.url({ title: 'Image address' }),
    clickLink: opt.object(
      { url: opt.url({ title: 'Link URL' }), alt: opt.string({ title: 'Alternative text' }) },
      { title: 'On click' },
    ),
  }),
  transcriptTurn: (message) => mediaTranscriptTurn('image', message),
  async toMessage(block, ctx) {
    if (!block.content) return null;
    return { id: block.id, type: block.type, content: await ctx.deep(block.content) };
  },
};

export default imageBubble;
