import { useEffect, useRef } from 'react';
import { renderMessage } from '../messages';

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

// Players and embeds of bot content are framed in the console: they keep their
// scripts (players need them) but may not navigate the console away or submit
// its forms, so a URL taken from a visitor's answer cannot pose as the console.
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

/** Sandboxes the frames of a rendered message before it is attached (a frame loads once attached). */
function contained(element: HTMLElement): HTMLElement {
  const frames = element instanceof HTMLIFrameElement ? [element] : [...element.querySelectorAll('iframe')];
  for (const frame of frames) frame.setAttribute('sandbox', FRAME_SANDBOX);
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
    element.replaceChildren(rendered ? contained(rendered) : document.createTextNode(fallback));
    return () => element.replaceChildren();
  }, [message, fallback]);
  return <div ref={holder} className="chat-message" />;
}
