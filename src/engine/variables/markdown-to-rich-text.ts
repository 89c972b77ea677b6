// Markdown (CommonMark) → rich text: the value of a variable shown in a rich
// text bubble is read as Markdown.
import { Lexer, type Token, type Tokens } from 'marked';
import { element, type Element, emptyParagraph, isLeaf, type Leaf, type Node } from './rich-text-nodes';

const lexerOptions = { gfm: false } as const;

// Values read as Markdown are anyone's text (a visitor's answer, an API's
// reply): the lexer must stay bounded on any input. It recurses once per
// blockquote or list level, and an unclosable link destination ("[a](b" many
// times over) costs it cubic time. So: a link destination that cannot close is
// escaped (one linear pass), and deep nesting or very long text is shown as
// plain text. bench/markdown.ts measures the worst inputs.

/** Longer values are shown as plain text. */
const MAX_MARKDOWN_CHARS = 32 * 1024;
/** A line quoting deeper (>>>…) or indented further is not read as Markdown. */
const DEEP_NESTING = /^(?:[ \t]{0,3}>){33}|^[ \t]{129}/m;

/**
 * "](" whose destination has no ")" before the next white space or the end:
 * its "(" is escaped (it could never be a link).
 */
function escapeUnclosableLinks(source: string): string {
  let closes = false;
  const escapeAt: number[] = [];
  for (let index = source.length - 1; index >= 0; index--) {
    const char = source[index];
    if (char === ')') closes = true;
    else if (char === ' ' || char === '\t' || char === '\n') closes = false;
    else if (char === '(' && source[index - 1] === ']' && !closes) escapeAt.push(index);
  }
  if (escapeAt.length === 0) return source;
  let result = '';
  let from = 0;
  for (const index of escapeAt.reverse()) {
    result += `${source.slice(from, index)}\\(`;
    from = index + 1;
  }
  return result + source.slice(from);
}

/** Plain text, one paragraph per line (as the editor stores text). */
function plainParagraphs(source: string): unknown[] {
  return source.split('\n').map((line) => ({ type: 'p', children: [{ text: line }] }));
}

/**
 * Reads Markdown (CommonMark) into rich-text nodes: paragraphs `p`, headings
 * `h1`…`h6`, lists `ul`/`ol` of `li` holding `lic` (item text) and nested
 * lists, `blockquote`, `code_block` of `code_line`s, `hr`; leaves carry
 * `bold` / `italic` / `code` / `strikethrough`; links are `a` with `url`.
 * Each blank line between two top-level blocks beyond the first separator is
 * kept as an empty paragraph, as the editor stores every line as its own
 * paragraph ("A\n\nB" ⇒ A, empty, B). Blank or empty input ⇒ [].
 */
export function markdownToRichText(markdown: string): unknown[] {
  if (typeof markdown !== 'string' || markdown.trim() === '') return [];
  const source = markdown.replace(/\r\n?/g, '\n');
  if (source.length > MAX_MARKDOWN_CHARS || DEEP_NESTING.test(source)) return plainParagraphs(source);
  let tokens: Token[];
  try {
    tokens = new Lexer(lexerOptions).lex(escapeUnclosableLinks(source));
  } catch {
    // Whatever else the lexer cannot read is still shown, as it was written.
    return plainParagraphs(source);
  }
  const nodes: unknown[] = [];
  let offset = 0;
  let previousEndLine: number | undefined;
  for (const token of tokens) {
    const raw = token.raw ?? '';
    const found = raw === '' ? -1 : source.indexOf(raw, offset);
    const start = found >= 0 ? found : offset;
    offset = start + raw.length;
    const blocks = blockNodes(token);
    if (blocks.length === 0) continue;
    const leading = raw.length - raw.replace(/^\n+/, '').length;
    const startLine = countNewlines(source, 0, start + leading);
    const endLine = startLine + countNewlines(raw.replace(/^\n+/, '').replace(/\n+$/, ''), 0);
    if (previousEndLine !== undefined) {
      for (let gap = startLine - previousEndLine - 1; gap > 0; gap--) nodes.push(emptyParagraph());
    }
    previousEndLine = endLine;
    nodes.push(...blocks);
  }
  return nodes;
}

function countNewlines(text: string, from: number, to = text.length): number {
  let count = 0;
  for (let index = text.indexOf('\n', from); index >= 0 && index < to; index = text.indexOf('\n', index + 1)) count++;
  return count;
}

function blockNodes(token: Token): unknown[] {
  switch (token.type) {
    case 'space':
    case 'def':
      return [];
    case 'paragraph':
    case 'text':
      return [element('p', inlineNodes(tokenChildren(token), {}))];
    case 'heading':
      return [element(`h${(token as Tokens.Heading).depth}`, inlineNodes(tokenChildren(token), {}))];
    case 'list':
      return [listNode(token as Tokens.List)];
    case 'blockquote':
      return [element('blockquote', (token as Tokens.Blockquote).tokens.flatMap(blockNodes))];
    case 'code':
      return [
        element(
          'code_block',
          (token as Tokens.Code).text.split('\n').map((line) => element('code_line', [{ text: line }])),
        ),
      ];
    case 'hr':
      return [element('hr', [])];
    case 'html':
      return [element('p', [{ text: ((token as Tokens.HTML).text ?? token.raw).replace(/\n+$/, '') }])];
    default: {
      if (Array.isArray((token as Tokens.Generic).tokens)) return [element('p', inlineNodes(tokenChildren(token), {}))];
      const text =
        typeof (token as Tokens.Generic).text === 'string' ? ((token as Tokens.Generic).text as string) : token.raw;
      return text.trim() === '' ? [] : [element('p', [{ text: decodeEntities(text) }])];
    }
  }
}

function tokenChildren(token: Token): Token[] {
  const children = (token as Tokens.Generic).tokens;
  if (Array.isArray(children)) return children as Token[];
  const text = (token as Tokens.Generic).text;
  return typeof text === 'string' ? [{ type: 'text', raw: text, text } as Tokens.Text] : [];
}

function listNode(list: Tokens.List): Element {
  const items = list.items.map((item) => {
    const children = item.tokens.flatMap((token): unknown[] => {
      if (token.type === 'space') return [];
      if (token.type === 'paragraph' || token.type === 'text')
        return [element('lic', inlineNodes(tokenChildren(token), {}))];
      return blockNodes(token);
    });
    return element('li', children.length > 0 ? children : [element('lic', [])]);
  });
  return element(list.ordered ? 'ol' : 'ul', items);
}

function inlineNodes(tokens: Token[], marks: Node): unknown[] {
  return mergeLeaves(tokens.flatMap((token) => inlineNode(token, marks)));
}

function inlineNode(token: Token, marks: Node): unknown[] {
  const generic = token as Tokens.Generic;
  switch (token.type) {
    case 'text':
      if (Array.isArray(generic.tokens)) return inlineNodes(generic.tokens as Token[], marks);
      return [{ ...marks, text: decodeEntities((token as Tokens.Text).text) }];
    case 'escape':
      return [{ ...marks, text: (token as Tokens.Escape).text }];
    case 'strong':
      return inlineNodes((token as Tokens.Strong).tokens, { ...marks, bold: true });
    case 'em':
      return inlineNodes((token as Tokens.Em).tokens, { ...marks, italic: true });
    case 'del':
      return inlineNodes((token as Tokens.Del).tokens, { ...marks, strikethrough: true });
    case 'codespan':
      return [{ ...marks, code: true, text: (token as Tokens.Codespan).text }];
    case 'br':
      return [{ ...marks, text: '\n' }];
    case 'link': {
      const link = token as Tokens.Link;
      return [element('a', inlineNodes(link.tokens, marks), { url: link.href })];
    }
    case 'image': {
      const image = token as Tokens.Image;
      return [element('a', [{ ...marks, text: image.text || image.href }], { url: image.href })];
    }
    case 'html':
      return [{ ...marks, text: (token as Tokens.Tag).text }];
    default: {
      if (Array.isArray(generic.tokens)) return inlineNodes(generic.tokens as Token[], marks);
      const text = typeof generic.text === 'string' ? (generic.text as string) : token.raw;
      return text === '' ? [] : [{ ...marks, text: decodeEntities(text) }];
    }
  }
}

/** Adjacent leaves with the same marks become one (the Markdown tree has one text per run). */
function mergeLeaves(nodes: unknown[]): unknown[] {
  const merged: unknown[] = [];
  for (const node of nodes) {
    const previous = merged[merged.length - 1];
    if (isLeaf(node) && isLeaf(previous) && sameMarks(previous, node)) {
      merged[merged.length - 1] = { ...previous, text: previous.text + node.text };
    } else {
      merged.push(node);
    }
  }
  return merged;
}

function sameMarks(a: Leaf, b: Leaf): boolean {
  const keys = (leaf: Leaf) => Object.keys(leaf).filter((key) => key !== 'text' && leaf[key] !== undefined);
  const aKeys = keys(a);
  const bKeys = keys(b);
  return aKeys.length === bKeys.length && aKeys.every((key) => a[key] === b[key]);
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  euro: '€',
};

/** Markdown text decodes character references (numeric ones and the common named ones). */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([a-zA-Z]+));/g,
    (entity, hex?: string, decimal?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES[name] ?? entity;
      const code = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(decimal!, 10);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
      return String.fromCodePoint(code);
    },
  );
}
