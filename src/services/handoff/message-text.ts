import { richTextToMarkdown } from '../../engine/variables/markdown';
import type { ChatMessage } from '../../engine/wire';

/** A bot bubble as a line of the conversation (markdown); media and embeds by their address, else nothing. */
export function chatMessageText(message: ChatMessage): string {
  const content = message.content as { markdown?: unknown; richText?: unknown; url?: unknown } | null;
  if (typeof content?.markdown === 'string') return content.markdown;
  if (Array.isArray(content?.richText)) return richTextToMarkdown(content.richText);
  return typeof content?.url === 'string' ? content.url : '';
}
