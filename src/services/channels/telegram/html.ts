// Rich text → Telegram's HTML parse mode (core.telegram.org/bots/api#html-style):
// <b>, <i>, <u>, <s>, <code>, <a href>, <blockquote>, <pre>; text escaped
// (`&`, `<`, `>`), as Telegram requires. Headings are bold lines. HTML showing
// more than a message holds is split into chunks that each parse on their own.
import { formatRichText, type RichTextFlavour } from '../rich-text-format';
import { chunkRanges } from '../text-chunks';

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

interface OpenTag {
  name: string;
  tag: string;
}

/** One character Telegram shows (a text character or an entity), with the tags open around it. */
interface Shown {
  char: string;
  from: number;
  to: number;
  open: readonly OpenTag[];
}

// The HTML is ours (rendered above): its text escaped, so that `<` always opens
// a tag and `&` an entity, and a tag holds no `>` (attributes are escaped too).
const TOKEN = /<(\/?)([a-z]+)[^>]*>|&(?:[a-z]+|#\d+|#x[\da-f]+);|[\s\S]/giu;

function withoutLast(open: readonly OpenTag[], name: string): readonly OpenTag[] {
  const index = open.map((tag) => tag.name).lastIndexOf(name);
  return index < 0 ? open : [...open.slice(0, index), ...open.slice(index + 1)];
}

function shownCharacters(html: string): Shown[] {
  const shown: Shown[] = [];
  let open: readonly OpenTag[] = [];
  for (const match of html.matchAll(TOKEN)) {
    const [token, closing, name] = match;
    if (name !== undefined) {
      open = closing ? withoutLast(open, name.toLowerCase()) : [...open, { name: name.toLowerCase(), tag: token }];
      continue;
    }
    // An entity only needs to read as one character that is not a space, for the split.
    const char = token.length > 1 && token.startsWith('&') ? '&' : token;
    shown.push({ char, from: match.index, to: match.index + token.length, open });
  }
  return shown;
}

function chunkHtml(html: string, first: Shown, last: Shown): string {
  const opening = first.open.map((tag) => tag.tag).join('');
  const closing = last.open
    .map((tag) => `</${tag.name}>`)
    .reverse()
    .join('');
  return `${opening}${html.slice(first.from, last.to)}${closing}`;
}

/**
 * HTML in chunks of at most `max` characters as Telegram counts them (after
 * parsing: tags not counted, an entity one character), split as text-chunks
 * splits a text. A chunk reopens the tags open where it starts and closes those
 * open where it ends, so that each is valid on its own and keeps its formatting.
 */
export function telegramHtmlChunks(html: string, max: number): string[] {
  const shown = shownCharacters(html);
  if (shown.length <= max) return [html];
  return chunkRanges(
    shown.map((character) => character.char),
    max,
  ).flatMap(({ start, end }) => {
    const first = shown[start];
    const last = shown[end - 1];
    return first && last ? [chunkHtml(html, first, last)] : [];
  });
}
