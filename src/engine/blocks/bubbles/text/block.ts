import { NO_OPTIONS, opt, optionsSchema } from '../../options';
import { z } from 'zod';

/** Slate nodes as the editor writes them; the bubble reads any tree. */
const content = optionsSchema({
  richText: z
    .array(z.unknown())
    .optional()
    .catch(undefined)
    .meta({ title: 'Message', 'x-parley-widget': 'richText', items: { type: 'object' } }),
  plainText: opt.string({ title: 'Plain text' }),
});
import { isV6 } from '../../../definition/versions';
import { richTextToMarkdown } from '../../../variables/markdown';
import { substituteRichText } from '../../../variables/rich-text';
import type { BubbleHandler, Lack } from '../../handler';
import { asRecord } from '../../../json';
import type { BlockDefinition } from '../../../definition/schema';
import definition from './definition';

function lacks(block: BlockDefinition): Lack[] {
  const nodes = asRecord(block.content).richText;
  return richTextToMarkdown(Array.isArray(nodes) ? nodes : []).trim() === ''
    ? [{ message: 'This text bubble has no text: the visitor sees an empty bubble', at: ['content', 'richText'] }]
    : [];
}

/**
 * Rich text with variables substituted inside the tree (markdown when the
 * request asked for it). Before v6, a list variable shows its last item.
 */
export const textBubble: BubbleHandler<typeof definition.type> = {
  category: 'bubble',
  type: definition.type,
  lacks,
  newBlock: { content: { richText: [{ type: 'p', children: [{ text: '' }] }] } },
  options: NO_OPTIONS,
  content,
  transcriptTurn(message) {
    const content = message.content as { markdown?: unknown; richText?: unknown } | null;
    if (typeof content?.markdown === 'string') return { role: 'bot', type: 'text', text: content.markdown };
    return {
      role: 'bot',
      type: 'text',
      text: richTextToMarkdown(Array.isArray(content?.richText) ? content.richText : []),
    };
  },
  async toMessage(block, ctx) {
    if (!block.content) return null;
    const source = Array.isArray(block.content.richText) ? (block.content.richText as unknown[]) : [];
    const richText = await substituteRichText(source, ctx.entry.variables, {
      listAsLastItem: !isV6(ctx.bot.version),
      code: ctx.env.code,
    });
    const content =
      ctx.textFormat === 'markdown'
        ? { type: 'markdown', markdown: richTextToMarkdown(richText) }
        : { type: 'richText', richText };
    return { id: block.id, type: 'text', content };
  },
};

export default textBubble;
