import { useEffect, useRef } from 'react';
import { renderMessage } from '../messages';
import { isParleyImage } from './parley-image';

/** A bot message as the chat API sends it. */
export interface ChatMessageData {
  type: string;
  content: Record<string, unknown>;
}

/** Narrows a JSON value from the API to a chat message; anything else is not one. */
export function chatMessageOf(value: unknown): ChatMessageData | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { type, content } = value as { type?: unknown; content?: unknown };
  if (typeof type !== 'string' || typeof content !== 'object' || content === null) return undefined;
  return { type, content: content as Record<string, unknown> };
}

// Frames of bot content (YouTube/Vimeo players, embeds) are not loaded in the
// console: their URL may come from a visitor's answer, and the console frames
// nothing but the chat origin. They show as a link to what the visitor saw.
function contained(element: HTMLElement): HTMLElement {
  const frames = element instanceof HTMLIFrameElement ? [element] : [...element.querySelectorAll('iframe')];
  for (const frame of frames) {
    const link = document.createElement('a');
    link.href = frame.src;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    link.className = 'framed-link';
    link.textContent = `${frame.title || 'Embedded content'}: ${frame.src}`;
    if (frame === element) return link;
    frame.replaceWith(link);
  }
  return element;
}

// Images at addresses a bot author (or a visitor's answer) chose are not
// loaded either (src/web/console/parley-image.ts): their address shows instead,
// as a link unless the image was itself inside one. The renderer has set their
// src already: the console's CSP (img-src) is what keeps that from fetching.
function withoutRemoteImages(element: HTMLElement): HTMLElement {
  const images = element instanceof HTMLImageElement ? [element] : [...element.querySelectorAll('img')];
  for (const image of images) {
    const url = image.getAttribute('src') ?? '';
    if (isParleyImage(url)) continue;
    const inLink = image.closest('a') !== null;
    const stand = document.createElement(inLink ? 'span' : 'a');
    if (stand instanceof HTMLAnchorElement) {
      stand.href = url;
      stand.target = '_blank';
      stand.rel = 'noopener noreferrer';
    }
    stand.className = 'framed-link';
    stand.textContent = `Image (not loaded here): ${url}`;
    if (image === element) return stand;
    image.replaceWith(stand);
  }
  return element;
}

/**
 * A bot message drawn by the chat page's own renderer, so the console shows
 * exactly what the visitor saw (formatted text, images, players, embeds).
 * `fallback` shows when the renderer draws nothing for it (a kind it does not know).
 */
export function ChatMessage({ message, fallback }: { message: ChatMessageData; fallback: string }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const rendered = renderMessage(message);
    element.replaceChildren(rendered ? withoutRemoteImages(contained(rendered)) : document.createTextNode(fallback));
    return () => element.replaceChildren();
  }, [message, fallback]);
  return <div ref={holder} className="chat-message" />;
}
