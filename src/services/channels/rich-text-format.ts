// Rich text (the Slate/Plate JSON of text bubbles, rich-text-nodes.ts) as the
// formatted plain text a messaging channel takes. The walk is shared; a flavour
// says how marks, links and blocks are written (WhatsApp markup, Telegram HTML).
//
// As in the engine's Markdown output, every block ends a line: paragraphs are
// joined by one "\n" and an empty paragraph adds an empty line. Lists are
// written `- item` / `1. item`, nested lists indented by two spaces.
import { markdownToRichText } from '../../engine/variables/markdown-to-rich-text';
import { isLeaf, isObject, type Leaf, type Node } from '../../engine/variables/rich-text-nodes';

export interface RichTextFlavour {
  /** Plain text as the provider must receive it (Telegram HTML escapes `&<>`). */
  escape(text: string): string;
  /** Escaped text, without surrounding whitespace, wrapped in the leaf's marks. */
  marks(text: string, leaf: Leaf): string;
  /** A link; `text` is formatted already, `url` raw. */
  link(text: string, url: string): string;
  heading(text: string): string;
  /** The lines of a block quote, formatted. */
  quote(text: string): string;
  /** The lines of a code block, escaped. */
  codeBlock(code: string): string;
  /** The marker of an unordered list item. */
  bullet: string;
}

const HEADING = /^h[1-6]$/;
const INLINE_TYPES = new Set(['a', 'inline-variable']);

function childrenOf(node: Node): unknown[] {
  return Array.isArray(node.children) ? node.children : [];
}

function isInline(node: Node): boolean {
  return isLeaf(node) || INLINE_TYPES.has(String(node.type));
}

export function formatRichText(nodes: readonly unknown[], flavour: RichTextFlavour): string {
  const text = blocks(Array.isArray(nodes) ? nodes : [], '', flavour);
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

/** Container nodes; a run of bare leaves or inline elements reads as one paragraph. */
function blocks(nodes: readonly unknown[], indent: string, flavour: RichTextFlavour): string {
  let out = '';
  let run: Node[] = [];
  const flush = () => {
    if (run.length > 0) out += `${inline(run, flavour)}\n`;
    run = [];
  };
  for (const node of nodes) {
    if (!isObject(node)) continue;
    if (isInline(node)) {
      run.push(node);
      continue;
    }
    flush();
    out += block(node, indent, flavour);
  }
  flush();
  return out;
}

function hasBlockChildren(node: Node): boolean {
  return childrenOf(node).some((child) => isObject(child) && !isInline(child));
}

function block(node: Node, indent: string, flavour: RichTextFlavour): string {
  const type = String(node.type ?? '');
  const children = childrenOf(node);
  if (HEADING.test(type)) return `${flavour.heading(inline(children, flavour))}\n`;
  switch (type) {
    case 'ul':
    case 'ol':
      return list(node, indent, flavour);
    case 'blockquote': {
      const inner = hasBlockChildren(node) ? blocks(children, indent, flavour) : `${inline(children, flavour)}\n`;
      return `${flavour.quote(inner.replace(/\n$/, ''))}\n`;
    }
    case 'code_block': {
      const lines = children.map((line) => (isObject(line) ? flavour.escape(plainText(line)) : ''));
      return `${flavour.codeBlock(lines.join('\n'))}\n`;
    }
    case 'hr':
      return '———\n';
    default:
      // p, lic outside a list, legacy "variable" containers and unknown types.
      if (hasBlockChildren(node)) return blocks(children, indent, flavour);
      return `${inline(children, flavour)}\n`;
  }
}

function list(node: Node, indent: string, flavour: RichTextFlavour): string {
  const ordered = node.type === 'ol';
  let out = '';
  let index = 0;
  for (const item of childrenOf(node)) {
    if (!isObject(item)) continue;
    index += 1;
    const marker = `${indent}${ordered ? `${index}.` : flavour.bullet} `;
    const inner = `${indent}  `;
    let lines = '';
    for (const part of item.type === 'li' ? childrenOf(item) : [item]) {
      if (!isObject(part)) continue;
      if (part.type === 'ul' || part.type === 'ol') {
        if (lines === '') lines += `${marker}\n`;
        lines += list(part, inner, flavour);
        continue;
      }
      const text = isInline(part) ? inline([part], flavour) : inline(childrenOf(part), flavour);
      lines += `${lines === '' ? marker : inner}${text}\n`;
    }
    out += lines === '' ? `${marker}\n` : lines;
  }
  return out;
}

function inline(nodes: readonly unknown[], flavour: RichTextFlavour): string {
  return nodes.map((node) => inlineNode(node, flavour)).join('');
}

function inlineNode(node: unknown, flavour: RichTextFlavour): string {
  if (!isObject(node)) return '';
  if (isLeaf(node)) return leaf(node, flavour);
  const text = inline(childrenOf(node), flavour);
  if (node.type === 'a') {
    const url = typeof node.url === 'string' ? node.url : '';
    return url === '' ? text : flavour.link(text, url);
  }
  return text;
}

/** Marks around the text, its surrounding whitespace left outside (WhatsApp ignores `* x*`). */
function leaf(node: Leaf, flavour: RichTextFlavour): string {
  const core = node.text.trim();
  if (core === '') return flavour.escape(node.text);
  const start = node.text.indexOf(core);
  const before = node.text.slice(0, start);
  const after = node.text.slice(start + core.length);
  return `${flavour.escape(before)}${flavour.marks(flavour.escape(core), node)}${flavour.escape(after)}`;
}

export function plainText(node: Node): string {
  if (isLeaf(node)) return node.text;
  return childrenOf(node)
    .map((child) => (isObject(child) ? plainText(child) : ''))
    .join('');
}

/** A text bubble's content as rich text: the engine's rich text, or its Markdown read back (markdown format). */
export function bubbleRichText(content: unknown): unknown[] {
  if (!isObject(content)) return [];
  if (Array.isArray(content.richText)) return content.richText;
  if (typeof content.markdown === 'string') return markdownToRichText(content.markdown);
  if (typeof content.plainText === 'string') return [{ type: 'p', children: [{ text: content.plainText }] }];
  return [];
}
