// A turn as Bot API requests (core.telegram.org/bots/api#available-methods):
// texts with `/sendMessage` in HTML parse mode, media by URL (`/sendPhoto`,
// `/sendVideo`, `/sendAudio`; Telegram fetches them), choices as inline
// keyboards of one button per row whose callback data is the item id.
import type { OutboundRequest, SentChoices, TurnToSend } from '../channel';
import { numberedLines } from '../numbered-choices';
import type { ChoiceOption, TurnPart } from '../../../engine/channel-parts';
import { choicesOf, turnParts } from '../turn-parts';
import { escapeHtml, richTextToTelegramHtml, telegramHtmlChunks } from './html';

/** Telegram's limit on a button's callback data, in bytes. */
export const CALLBACK_DATA_MAX_BYTES = 64;
/** The text of a keyboard with nothing to say (Telegram requires one). */
export const EMPTY_TEXT = '―';
const CAPTION_MAX = 1024;
/** Telegram's limit on a message's text, counted after parsing (core.telegram.org/bots/api#sendmessage). */
const TEXT_MAX = 4096;

type Body = Record<string, unknown>;
interface Call {
  method: string;
  body: Body;
}

function isHttpUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

function isGif(url: string): boolean {
  return (url.split(/[?#]/)[0] ?? '').toLowerCase().endsWith('.gif');
}

function formatted(richText: readonly unknown[] | undefined): string | undefined {
  const html = richText ? richTextToTelegramHtml(richText) : '';
  return html.trim() === '' ? undefined : html;
}

function keyboard(options: readonly ChoiceOption[]): Body {
  return options.length === 0
    ? {}
    : {
        reply_markup: { inline_keyboard: options.map((option) => [{ text: option.label, callback_data: option.id }]) },
      };
}

function message(text: string, extra: Body = {}): Call {
  return { method: 'sendMessage', body: { text, parse_mode: 'HTML', ...extra } };
}

/** Telegram refuses a text over its limit: several messages, a keyboard under the last one, after the whole text. */
function messages(text: string, extra: Body = {}): Call[] {
  const chunks = telegramHtmlChunks(text, TEXT_MAX);
  return chunks.map((chunk, index) => message(chunk, index === chunks.length - 1 ? extra : {}));
}

/** Cut before escaping, so that no entity or tag is cut. */
function caption(title: string | undefined, description: string | undefined): string | undefined {
  const cutText = (text: string, max: number) => Array.from(text).slice(0, max).join('');
  const parts = [
    title ? `<b>${escapeHtml(cutText(title, CAPTION_MAX / 4))}</b>` : undefined,
    description ? escapeHtml(cutText(description, CAPTION_MAX / 2)) : undefined,
  ].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join('\n\n') : undefined;
}

function partCalls(part: TurnPart): Call[] {
  switch (part.kind) {
    case 'text': {
      const text = formatted(part.richText);
      return text ? messages(text) : [];
    }
    case 'media': {
      if (!isHttpUrl(part.url)) return messages(escapeHtml(part.url));
      const method = part.media === 'image' ? (isGif(part.url) ? 'animation' : 'photo') : part.media;
      const captioned = part.caption ? { caption: caption(undefined, part.caption), parse_mode: 'HTML' } : {};
      return [
        { method: `send${method[0]?.toUpperCase()}${method.slice(1)}`, body: { [method]: part.url, ...captioned } },
      ];
    }
    case 'link':
      return messages(escapeHtml(part.url));
    case 'buttons':
      return messages(formatted(part.prompt) ?? EMPTY_TEXT, keyboard(part.options));
    case 'numbered': {
      const prompt = formatted(part.prompt);
      const lines = escapeHtml(numberedLines(part.items));
      return messages(prompt ? `${prompt}\n\n${lines}` : lines);
    }
    case 'card': {
      const text = caption(part.title, part.description);
      if (part.imageUrl && isHttpUrl(part.imageUrl))
        return [
          {
            method: 'sendPhoto',
            body: {
              photo: part.imageUrl,
              ...(text ? { caption: text, parse_mode: 'HTML' } : {}),
              ...keyboard(part.options),
            },
          },
        ];
      return [message(text ?? EMPTY_TEXT, keyboard(part.options))];
    }
  }
}

/**
 * Ids too long for a callback (over 64 bytes) get a short stand-in: the reply
 * then gives the engine an id it does not know, and the item's content, which
 * it matches.
 */
function withShortIds(parts: readonly TurnPart[]): TurnPart[] {
  let count = 0;
  const shorten = (option: ChoiceOption): ChoiceOption =>
    Buffer.byteLength(option.id, 'utf8') <= CALLBACK_DATA_MAX_BYTES ? option : { ...option, id: `~${(count += 1)}` };
  return parts.map((part) =>
    part.kind === 'buttons' || part.kind === 'card' ? { ...part, options: part.options.map(shorten) } : part,
  );
}

export function renderTelegramTurn(
  turn: TurnToSend,
  chatId: string,
): { requests: OutboundRequest[]; choices: SentChoices } {
  const parts = withShortIds(turnParts(turn));
  const requests = parts.flatMap(partCalls).map((call): OutboundRequest => ({
    method: 'POST',
    path: `/${call.method}`,
    body: { chat_id: chatId, ...call.body },
  }));
  return { requests, choices: choicesOf(parts) };
}
