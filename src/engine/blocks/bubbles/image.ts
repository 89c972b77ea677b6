import type { BubbleHandler } from '../handler';

/** An image: every string of the content (url, click link) has its variables substituted. */
export const imageBubble: BubbleHandler = {
  category: 'bubble',
  type: 'image',
  async toMessage(block, ctx) {
    if (!block.content) return null;
    return { id: block.id, type: block.type, content: await ctx.deep(block.content) };
  },
};
