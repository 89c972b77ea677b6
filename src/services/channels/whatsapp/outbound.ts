// A turn as Graph API requests: `POST /{phoneNumberId}/messages`, one per
// WhatsApp message (developers.facebook.com/docs/whatsapp/cloud-api/reference/messages).
// Media go by link; WhatsApp fetches them itself.
import type { OutboundRequest, SentChoices, TurnToSend } from '../channel';
import { numberedLines } from '../numbered-choices';
import type { TurnPart } from '../../../engine/channel-parts';
import { textChunks } from '../text-chunks';
import { choicesOf, turnParts } from '../turn-parts';
import { cardMessage, choiceMessages, type WhatsAppMessage } from './interactive';
import { richTextToWhatsApp } from './markdown';
import { cut } from './titles';

const TEXT_MAX = 4096;
const CAPTION_MAX = 1024;

function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** WhatsApp images are JPEG or PNG (WebP as stickers): GIF and SVG pictures go as links. */
function isSendableImage(url: string): boolean {
  const path = url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  return isHttpUrl(url) && !path.endsWith('.gif') && !path.endsWith('.svg');
}

/** A text over WhatsApp's limit goes as several messages, so that none of it is lost. */
function texts(body: string, previewUrl = false): WhatsAppMessage[] {
  return textChunks(body, TEXT_MAX).map((chunk) => ({
    type: 'text',
    text: { body: chunk, ...(previewUrl ? { preview_url: true } : {}) },
  }));
}

function formatted(richText: readonly unknown[] | undefined): string | undefined {
  const body = richText ? richTextToWhatsApp(richText) : '';
  return body.trim() === '' ? undefined : body;
}

function cardText(title: string | undefined, description: string | undefined): string | undefined {
  const parts = [title ? `*${title}*` : undefined, description].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

function partMessages(part: TurnPart): WhatsAppMessage[] {
  switch (part.kind) {
    case 'text': {
      const body = formatted(part.richText);
      return body ? texts(body) : [];
    }
    case 'media': {
      const sendable = part.media === 'image' ? isSendableImage(part.url) : isHttpUrl(part.url);
      if (!sendable) return texts(part.caption ? `${part.caption}\n${part.url}` : part.url, true);
      const caption = part.caption && part.media !== 'audio' ? { caption: cut(part.caption, CAPTION_MAX) } : {};
      return [{ type: part.media, [part.media]: { link: part.url, ...caption } }];
    }
    case 'link':
      return texts(part.url, true);
    case 'buttons':
      return choiceMessages(formatted(part.prompt), part.options);
    case 'numbered': {
      const prompt = formatted(part.prompt);
      const lines = numberedLines(part.items);
      return texts(prompt ? `${prompt}\n\n${lines}` : lines);
    }
    case 'card': {
      const image = part.imageUrl && isSendableImage(part.imageUrl) ? part.imageUrl : undefined;
      const body = cardText(part.title, part.description);
      if (part.options.length > 0) return [cardMessage(image, body, part.options)];
      const messages: WhatsAppMessage[] = image ? [{ type: 'image', image: { link: image } }] : [];
      return body ? [...messages, ...texts(body)] : messages;
    }
  }
}

export function renderWhatsAppTurn(
  turn: TurnToSend,
  to: string,
  phoneNumberId: string,
): { requests: OutboundRequest[]; choices: SentChoices } {
  const parts = turnParts(turn);
  const requests = parts.flatMap(partMessages).map((message): OutboundRequest => ({
    method: 'POST',
    path: messagesPath(phoneNumberId),
    body: { messaging_product: 'whatsapp', to, ...message },
  }));
  return { requests, choices: choicesOf(parts) };
}

export function messagesPath(phoneNumberId: string): string {
  return `/${encodeURIComponent(phoneNumberId)}/messages`;
}
