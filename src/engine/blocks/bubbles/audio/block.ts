import { NO_OPTIONS, opt, optionsSchema } from '../../options';
import { mediaTranscriptTurn } from '../../../transcript-lines';
import type { BubbleHandler } from '../../handler';

/** An audio clip: every string of the content has its variables substituted. */
export const audioBubble: BubbleHandler<'audio'> = {
  category: 'bubble',
  type: 'audio',
  options: NO_OPTIONS,
  content: optionsSchema({
    url: opt.url({ title: 'Audio URL' }),
    isAutoplayEnabled: opt.boolean({ title: 'Autoplay' }),
  }),
  transcriptTurn: (message) => mediaTranscriptTurn('audio', message),
  async toMessage(block, ctx) {
    if (!block.content) return null;
    return { id: block.id, type: block.type, content: await ctx.deep(block.content) };
  },
};
