import type { Json } from '../draft';
import { isObject } from '../../json';

// Text bubbles keep rich text as the definition format has it (Slate nodes:
// paragraphs, lists, links, leaves with bold/italic/underline). The editor
// edits HTML in a contentEditable; these two functions go between the two.

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function leafHtml(node: Json): string {
  if (typeof node.text === 'string') {
    let html = escape(node.text);
    if (node.bold) html = `<strong>${html}</strong>`;
    if (node.italic) html = `<em>${html}</em>`;
    if (node.underline) html = `<u>${html}</u>`;
    return html;
  }
  const children = Array.isArray(node.children) ? node.children.filter(isObject).map(leafHtml).join('') : '';
  if ((node.type === 'a' || node.type === 'link') && typeof node.url === 'string')
    return `<a href="${escape(node.url)}">${children}</a>`;
  return children;
}

/** Slate nodes to the editable HTML. */
export function richTextToHtml(nodes: unknown): string {
  if (!Array.isArray(nodes) || nodes.length === 0) return '<p><br></p>';
  return nodes
    .filter(isObject)
    .map((node) => {
      if (node.type === 'ul' || node.type === 'ol') {
        const items = (Array.isArray(node.children) ? node.children : [])
          .filter(isObject)
          .map((item) => `<li>${leafHtml(item)}</li>`);
        return `<${node.type}>${items.join('')}</${node.type}>`;
      }
      const inner = leafHtml(node);
      return `<p>${inner || '<br>'}</p>`;
    })
    .join('');
}

interface Marks {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}

function inlineNodes(parent: Node, marks: Marks): Json[] {
  const out: Json[] = [];
  for (const child of [...parent.childNodes]) {
    if (child.nodeType === 3) {
      const text = child.textContent ?? '';
      if (text)
        out.push({
          text,
          ...(marks.bold ? { bold: true } : {}),
          ...(marks.italic ? { italic: true } : {}),
          ...(marks.underline ? { underline: true } : {}),
        });
      continue;
    }
    if (!(child instanceof HTMLElement)) continue;
    const tag = child.tagName.toLowerCase();
    if (tag === 'br') continue;
    if (tag === 'a') {
      out.push({ type: 'a', url: child.getAttribute('href') ?? '', children: withText(inlineNodes(child, marks)) });
      continue;
    }
    const style = child.style;
    const next: Marks = {
      bold:
        marks.bold || tag === 'strong' || tag === 'b' || Number(style.fontWeight) >= 600 || style.fontWeight === 'bold',
      italic: marks.italic || tag === 'em' || tag === 'i' || style.fontStyle === 'italic',
      underline: marks.underline || tag === 'u' || style.textDecoration.includes('underline'),
    };
    out.push(...inlineNodes(child, next));
  }
  return out;
}

/** Slate asks every element for at least one leaf. */
const withText = (children: Json[]): Json[] => (children.length > 0 ? children : [{ text: '' }]);

/** The editable element's content back to Slate nodes. */
export function htmlToRichText(root: HTMLElement): Json[] {
  const blocks: Json[] = [];
  let loose: Node[] = [];
  const flushLoose = () => {
    if (loose.length === 0) return;
    const holder = document.createElement('p');
    holder.append(...loose.map((node) => node.cloneNode(true)));
    blocks.push({ type: 'p', children: withText(inlineNodes(holder, {})) });
    loose = [];
  };
  for (const child of [...root.childNodes]) {
    const tag = child instanceof HTMLElement ? child.tagName.toLowerCase() : '';
    if (tag === 'ul' || tag === 'ol') {
      flushLoose();
      const items = [...(child as HTMLElement).querySelectorAll(':scope > li')].map((item) => ({
        type: 'li',
        children: [{ type: 'lic', children: withText(inlineNodes(item, {})) }],
      }));
      blocks.push({ type: tag, children: items });
    } else if (tag === 'p' || tag === 'div') {
      flushLoose();
      blocks.push({ type: 'p', children: withText(inlineNodes(child, {})) });
    } else loose.push(child);
  }
  flushLoose();
  return blocks.length > 0 ? blocks : [{ type: 'p', children: [{ text: '' }] }];
}
