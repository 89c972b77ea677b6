import { h, safeUrl } from './dom';
import type { Json } from './api';

/** Rich text (Slate-like nodes): paragraphs, bold/italic/underline, links, lists. */
function richNode(node: Json): Node {
  if (typeof node.text === 'string') {
    let out: Node = document.createTextNode(node.text);
    if (node.bold) out = h('strong', {}, out);
    if (node.italic) out = h('em', {}, out);
    if (node.underline) out = h('u', {}, out);
    return out;
  }
  const children = Array.isArray(node.children) ? node.children.map(richNode) : [];
  switch (node.type) {
    case 'a':
    case 'link': {
      const href = safeUrl(node.url);
      return href
        ? h('a', { href, target: '_blank', rel: 'noopener noreferrer' }, ...children)
        : h('span', {}, ...children);
    }
    case 'ul':
      return h('ul', {}, ...children);
    case 'ol':
      return h('ol', {}, ...children);
    case 'li':
      return h('li', {}, ...children);
    case 'lic':
      return h('span', {}, ...children);
    case 'p':
    case 'variable':
    default:
      return h(node.type === 'p' || !node.type ? 'p' : 'span', {}, ...children);
  }
}

function text(content: Json): HTMLElement {
  if (Array.isArray(content.richText)) return h('div', { className: 'parley-text' }, ...content.richText.map(richNode));
  return h('div', { className: 'parley-text' }, h('p', {}, String(content.markdown ?? content.plainText ?? '')));
}

/** One bot message as an element; unknown kinds render nothing rather than failing. */
export function renderMessage(message: Json): HTMLElement | null {
  const content = (message.content ?? {}) as Json;
  switch (message.type) {
    case 'text': {
      // A bubble whose variables are all empty (an AI answer that never came) says nothing: none is drawn.
      const element = text(content);
      return element.textContent?.trim() ? element : null;
    }
    case 'image': {
      const src = safeUrl(content.url);
      if (!src) return null;
      const image = h('img', { src, alt: content.clickLink?.alt ?? 'Image', className: 'parley-image' });
      const link = safeUrl(content.clickLink?.url);
      return link ? h('a', { href: link, target: '_blank', rel: 'noopener noreferrer' }, image) : image;
    }
    case 'video': {
      const src = safeUrl(content.url);
      if (!src) return null;
      if (content.type === 'youtube' || content.type === 'vimeo' || content.embedUrl)
        return h('iframe', {
          src: safeUrl(content.embedUrl) ?? src,
          title: 'Video',
          className: 'parley-embed',
          allowfullscreen: true,
        });
      return h('video', { src, controls: true, className: 'parley-video' });
    }
    case 'audio': {
      const src = safeUrl(content.url);
      return src ? h('audio', { src, controls: true }) : null;
    }
    case 'embed': {
      const src = safeUrl(content.url);
      return src
        ? h('iframe', {
            src,
            title: 'Embedded content',
            className: 'parley-embed',
            style: `height:${Number(content.height) || 400}px`,
          })
        : null;
    }
    case 'custom-embed':
    default:
      return null;
  }
}

/**
 * The chat API's refusals speak to developers (the reference's words); a
 * visitor is told what it means for them instead.
 */
const VISITOR_WORDS: Record<string, string> = {
  'Origin not allowed': 'This chat is not available on this site.',
};

export function visitorWords(apiMessage: string): string {
  return VISITOR_WORDS[apiMessage] ?? apiMessage;
}
