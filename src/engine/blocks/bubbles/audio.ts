import { NO_OPTIONS } from '../options';
import { mediaTranscriptTurn } from '../../transcript-lines';
import type { BubbleHandler } from '../handler';

/** An audio clip: every string of the content has its variables substituted. */
export const audioBubble: BubbleHandler<'audio'> = {
  category: 'bubble',
  type: 'audio',
  options: NO_OPTIONS,
  transcriptTurn: (message) => mediaTranscriptTurn('audio', message),
  async toMessage(block, ctx) {
    if (!block.content) return null;
    return { id: block.id, type: block.type, content: await ctx.deep(block.content) };
  },
};
