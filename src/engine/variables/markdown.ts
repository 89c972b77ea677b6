// Rich text → Markdown, for text bubbles when the request asked for
// `textBubbleContentFormat: "markdown"` (docs/engine-behaviour.md#markdown-output).
//
// Every block ends with a newline and blocks are concatenated, so paragraphs
// are joined by a single "\n" and an empty paragraph adds an empty line
// ([p Hello][p ""][p World] ⇒ "Hello\n\nWorld"). Bold `**x**`, italic `*x*`,
// both `***x***`, strikethrough `~~x~~`, code `` `x` ``; links `[text](url)`,
// the bare url when the link has no text; lists as `- item` / `1. item`,
// nested lists indented. Text is never escaped. One trailing newline is removed.
import { isLeaf, isObject, type Node } from './rich-text-nodes';

function childrenOf(node: Node): unknown[] {
  return Array.isArray(node.children) ? node.children : [];
}

const HEADING = /^h([1-6])$/;
const INLINE_TYPES = new Set(['a', 'inline-variable']);

export function richTextToMarkdown(nodes: unknown[]): string {
  const markdown = blocksToMarkdown(Array.isArray(nodes) ? nodes : [], '');
  return markdown.endsWith('\n') ? markdown.slice(0, -1) : markdown;
}

/** Top-level (or container) nodes; a run of bare leaves or inline elements reads as one paragraph. */
function blocksToMarkdown(nodes: unknown[], indent: string): string {
  let markdown = '';
  let inlineRun: unknown[] = [];
  const flush = () => {
    if (inlineRun.length > 0) markdown += `${inlineToMarkdown(inlineRun)}\n`;
    inlineRun = [];
  };
  for (const node of nodes) {
    if (!isObject(node)) continue;
    if (isLeaf(node) || INLINE_TYPES.has(String(node.type))) {
      inlineRun.push(node);
      continue;
    }
    flush();
    markdown += blockToMarkdown(node, indent);
  }
  flush();
  return markdown;
}

function hasBlockChildren(node: Node): boolean {
  return childrenOf(node).some((child) => isObject(child) && !isLeaf(child) && !INLINE_TYPES.has(String(child.type)));
}

function blockToMarkdown(node: Node, indent: string): string {
  const type = String(node.type ?? '');
  const children = childrenOf(node);
  const heading = HEADING.exec(type);
  if (heading) return `${'#'.repeat(Number(heading[1]))} ${inlineToMarkdown(children)}\n`;
  switch (type) {
    case 'ul':
    case 'ol':
      return listToMarkdown(node, indent);
    case 'blockquote': {
      const inner = hasBlockChildren(node) ? blocksToMarkdown(children, indent) : `${inlineToMarkdown(children)}\n`;
      return inner
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n')
        .concat('\n');
    }
    case 'code_block': {
      const lines = children.map((line) => (isObject(line) ? plainText(line) : ''));
      return `\`\`\`${typeof node.lang === 'string' ? node.lang : ''}\n${lines.join('\n')}\n\`\`\`\n`;
    }
    case 'hr':
      return '---\n';
    default:
      // p, lic outside a list, legacy "variable" containers and unknown types.
      if (hasBlockChildren(node)) return blocksToMarkdown(children, indent);
      return `${inlineToMarkdown(children)}\n`;
  }
}

function listToMarkdown(list: Node, indent: string): string {
  const ordered = list.type === 'ol';
  let markdown = '';
  let index = 0;
  for (const item of childrenOf(list)) {
    if (!isObject(item)) continue;
    index += 1;
    const marker = `${indent}${ordered ? `${index}.` : '-'} `;
    // Continuation lines and nested lists line up with the item's text.
    const inner = ' '.repeat(marker.length);
    const parts = item.type === 'li' ? childrenOf(item) : [item];
    let lines = '';
    for (const part of parts) {
      if (!isObject(part)) continue;
      if (part.type === 'ul' || part.type === 'ol') {
        if (lines === '') lines += `${marker}\n`;
        lines += listToMarkdown(part, inner);
        continue;
      }
      const text =
        isLeaf(part) || INLINE_TYPES.has(String(part.type))
          ? inlineToMarkdown([part])
          : inlineToMarkdown(childrenOf(part));
      lines += `${lines === '' ? marker : inner}${text}\n`;
    }
    markdown += lines === '' ? `${marker}\n` : lines;
  }
  return markdown;
}

function inlineToMarkdown(nodes: unknown[]): string {
  return nodes.map(inlineNodeToMarkdown).join('');
}

function inlineNodeToMarkdown(node: unknown): string {
  if (!isObject(node)) return '';
  if (isLeaf(node)) return formatLeaf(node);
  const text = inlineToMarkdown(childrenOf(node));
  if (node.type === 'a') {
    const url = typeof node.url === 'string' ? node.url : '';
    if (url === '') return text;
    return text === '' ? url : `[${text}](${url})`;
  }
  return text;
}

function plainText(node: Node): string {
  if (isLeaf(node)) return node.text;
  return childrenOf(node)
    .map((child) => (isObject(child) ? plainText(child) : ''))
    .join('');
}

/** Marks around the text, leaving its surrounding whitespace outside ("  **x** "). */
function formatLeaf(leaf: Node & { text: string }): string {
  const core = leaf.text.trim();
  if (core === '') return leaf.text;
  let formatted = core;
  if (leaf.code) formatted = `\`${formatted}\``;
  if (leaf.bold && leaf.italic) formatted = `***${formatted}***`;
  else if (leaf.bold) formatted = `**${formatted}**`;
  else if (leaf.italic) formatted = `*${formatted}*`;
  if (leaf.strikethrough || leaf.strikeThrough) formatted = `~~${formatted}~~`;
  if (formatted === core) return leaf.text;
  const start = leaf.text.indexOf(core);
  return `${leaf.text.slice(0, start)}${formatted}${leaf.text.slice(start + core.length)}`;
}
