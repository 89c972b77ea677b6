// A Bot API Update (core.telegram.org/bots/api#update) as inbound messages:
// a `message` (text, /start, photo, document, audio, voice, video, location)
// or a `callback_query` (an inline keyboard button). The update id is the
// message's id (Telegram re-delivers an update with the same one); the chat
// id is the conversation.
import type { InboundContent, InboundMessage } from '../channel';
import { idOf, type JsonRecord, numberOf, recordOf, recordsOf, stringOf } from '../json';

const START = /^\/start(?:@\w+)?(?:\s|$)/;

function contactOf(from: JsonRecord | undefined): InboundMessage['contact'] {
  const name = [stringOf(from?.first_name), stringOf(from?.last_name)].filter(Boolean).join(' ');
  return name ? { name } : undefined;
}

function fileContent(
  kind: 'image' | 'video' | 'audio' | 'document' | 'sticker',
  file: JsonRecord | undefined,
  caption?: string,
): InboundContent {
  const mediaId = stringOf(file?.file_id);
  if (!mediaId) return { type: 'unsupported', providerType: kind };
  const mimeType = stringOf(file?.mime_type);
  return { type: 'media', kind, mediaId, ...(mimeType ? { mimeType } : {}), ...(caption ? { caption } : {}) };
}

/** The largest of a photo's sizes (Telegram lists them smallest first). */
function largestPhoto(sizes: JsonRecord[]): JsonRecord | undefined {
  const area = (size: JsonRecord) => (numberOf(size.width) ?? 0) * (numberOf(size.height) ?? 0);
  return sizes.reduce<JsonRecord | undefined>(
    (best, size) => (!best || area(size) >= area(best) ? size : best),
    undefined,
  );
}

function messageContent(message: JsonRecord): InboundContent {
  const caption = stringOf(message.caption);
  if (typeof message.text === 'string')
    return START.test(message.text) ? { type: 'restart' } : { type: 'text', text: message.text };
  if (Array.isArray(message.photo)) return fileContent('image', largestPhoto(recordsOf(message.photo)), caption);
  // An animation also comes as a document; it is a (silent) video.
  if (message.animation) return fileContent('video', recordOf(message.animation), caption);
  if (message.video) return fileContent('video', recordOf(message.video), caption);
  if (message.video_note) return fileContent('video', recordOf(message.video_note), caption);
  if (message.voice) return fileContent('audio', recordOf(message.voice), caption);
  if (message.audio) return fileContent('audio', recordOf(message.audio), caption);
  if (message.document) return fileContent('document', recordOf(message.document), caption);
  if (message.sticker) return fileContent('sticker', recordOf(message.sticker));
  const location = recordOf(message.location);
  const latitude = numberOf(location?.latitude);
  const longitude = numberOf(location?.longitude);
  if (latitude !== undefined && longitude !== undefined) return { type: 'location', latitude, longitude };
  const kind = Object.keys(message).find((key) => !['message_id', 'from', 'chat', 'date', 'caption'].includes(key));
  return { type: 'unsupported', providerType: kind ?? 'message' };
}

/** The text of the pressed button, read from the keyboard it belongs to. */
function buttonText(keyboardMessage: JsonRecord | undefined, data: string): string | undefined {
  const rows = recordOf(keyboardMessage?.reply_markup)?.inline_keyboard;
  const buttons = Array.isArray(rows) ? rows.flatMap((row) => recordsOf(row)) : [];
  return stringOf(buttons.find((button) => button.callback_data === data)?.text);
}

function callbackMessage(updateId: string, query: JsonRecord, receivedAt: number): InboundMessage | undefined {
  const queryId = stringOf(query.id);
  const keyboardMessage = recordOf(query.message);
  const from = recordOf(query.from);
  const chatId = idOf(recordOf(keyboardMessage?.chat)?.id) ?? idOf(from?.id);
  if (!queryId || !chatId) return undefined;
  const data = stringOf(query.data);
  const contact = contactOf(from);
  return {
    externalId: updateId,
    conversationKey: chatId,
    // A callback query carries no date of its own.
    sentAt: receivedAt,
    ...(contact ? { contact } : {}),
    content: data
      ? { type: 'reply', id: data, title: buttonText(keyboardMessage, data) ?? data }
      : { type: 'unsupported', providerType: 'callback_query' },
    callbackQueryId: queryId,
  };
}

export function parseTelegramUpdate(update: unknown, receivedAt: number): InboundMessage[] {
  const body = recordOf(update);
  const updateId = idOf(body?.update_id);
  if (!body || !updateId) return [];
  const query = recordOf(body.callback_query);
  if (query) {
    const message = callbackMessage(updateId, query, receivedAt);
    return message ? [message] : [];
  }
  const message = recordOf(body.message);
  const chatId = idOf(recordOf(message?.chat)?.id);
  if (!message || !chatId) return [];
  const contact = contactOf(recordOf(message.from));
  const date = numberOf(message.date);
  return [
    {
      externalId: updateId,
      conversationKey: chatId,
      sentAt: date !== undefined ? date * 1000 : receivedAt,
      ...(contact ? { contact } : {}),
      content: messageContent(message),
    },
  ];
}
