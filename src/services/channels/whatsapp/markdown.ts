// Rich text → WhatsApp formatting: `*bold*`, `_italic_`, `~strike~`,
// `` `code` ``, links as `text (url)` (WhatsApp links bare URLs itself).
// Underline has no WhatsApp form and is dropped; headings are bold lines.
import { formatRichText, type RichTextFlavour } from '../rich-text-format';

const whatsAppFlavour: RichTextFlavour = {
  escape: (text) => text,
  marks(text, leaf) {
    let out = leaf.code ? `\`${text}\`` : text;
    if (leaf.italic) out = `_${out}_`;
    if (leaf.bold) out = `*${out}*`;
    if (leaf.strikethrough || leaf.strikeThrough) out = `~${out}~`;
    return out;
  },
  link: (text, url) => (text === '' || text === url ? url : `${text} (${url})`),
  heading: (text) => (text === '' ? text : `*${text}*`),
  quote: (text) =>
    text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
  codeBlock: (code) => `\`\`\`${code}\`\`\``,
  bullet: '-',
};

export function richTextToWhatsApp(nodes: readonly unknown[]): string {
  return formatRichText(nodes, whatsAppFlavour);
}
