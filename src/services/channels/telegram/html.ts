// Rich text → Telegram's HTML parse mode (core.telegram.org/bots/api#html-style):
// <b>, <i>, <u>, <s>, <code>, <a href>, <blockquote>, <pre>; text escaped
// (`&`, `<`, `>`), as Telegram requires. Headings are bold lines.
import { formatRichText, type RichTextFlavour } from '../rich-text-format';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const telegramFlavour: RichTextFlavour = {
  escape: escapeHtml,
  marks(text, leaf) {
    let out = leaf.code ? `<code>${text}</code>` : text;
    if (leaf.underline) out = `<u>${out}</u>`;
    if (leaf.italic) out = `<i>${out}</i>`;
    if (leaf.bold) out = `<b>${out}</b>`;
    if (leaf.strikethrough || leaf.strikeThrough) out = `<s>${out}</s>`;
    return out;
  },
  link: (text, url) =>
    `<a href="${escapeHtml(url).replace(/"/g, '&quot;')}">${text === '' ? escapeHtml(url) : text}</a>`,
  heading: (text) => (text === '' ? text : `<b>${text}</b>`),
  quote: (text) => `<blockquote>${text}</blockquote>`,
  codeBlock: (code) => `<pre>${code}</pre>`,
  bullet: '•',
};

export function richTextToTelegramHtml(nodes: readonly unknown[]): string {
  return formatRichText(nodes, telegramFlavour);
}
