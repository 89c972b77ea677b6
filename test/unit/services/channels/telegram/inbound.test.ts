import { parseTelegramUpdate } from '../../../../../src/services/channels/telegram/inbound';

const RECEIVED = 1_700_000_999_000;
const chat = { id: -1001, type: 'private' };
const from = { id: 42, is_bot: false, first_name: 'Ada', last_name: 'Lovelace' };
const message = (fields: Record<string, unknown>) => ({
  update_id: 7,
  message: { message_id: 3, from, chat, date: 1_700_000_000, ...fields },
});
const contentOf = (fields: Record<string, unknown>) => parseTelegramUpdate(message(fields), RECEIVED)[0]?.content;

describe('parseTelegramUpdate', () => {
  test('a text message: the update id, the chat id, the sender name, the date', () => {
    expect(parseTelegramUpdate(message({ text: 'Hello' }), RECEIVED)).toEqual([
      {
        externalId: '7',
        conversationKey: '-1001',
        sentAt: 1_700_000_000_000,
        contact: { name: 'Ada Lovelace' },
        content: { type: 'text', text: 'Hello' },
      },
    ]);
  });

  test('/start (with a payload or the bot name) restarts; other commands are text', () => {
    expect(contentOf({ text: '/start' })).toEqual({ type: 'restart' });
    expect(contentOf({ text: '/start ref42' })).toEqual({ type: 'restart' });
    expect(contentOf({ text: '/start@my_bot' })).toEqual({ type: 'restart' });
    expect(contentOf({ text: '/starting' })).toEqual({ type: 'text', text: '/starting' });
  });

  test('files: the largest photo size, documents, audio, voice, video, with mime types and captions', () => {
    const photo = [
      { file_id: 'small', file_unique_id: 's', width: 90, height: 60 },
      { file_id: 'large', file_unique_id: 'l', width: 1280, height: 853 },
      { file_id: 'medium', file_unique_id: 'm', width: 320, height: 213 },
    ];
    expect(contentOf({ photo, caption: 'Look' })).toEqual({
      type: 'media',
      kind: 'image',
      mediaId: 'large',
      caption: 'Look',
    });
    expect(contentOf({ document: { file_id: 'd', file_name: 'a.pdf', mime_type: 'application/pdf' } })).toEqual({
      type: 'media',
      kind: 'document',
      mediaId: 'd',
      mimeType: 'application/pdf',
    });
    expect(contentOf({ audio: { file_id: 'a', duration: 3, mime_type: 'audio/mpeg' } })).toEqual({
      type: 'media',
      kind: 'audio',
      mediaId: 'a',
      mimeType: 'audio/mpeg',
    });
    expect(contentOf({ voice: { file_id: 'v', duration: 2, mime_type: 'audio/ogg' } })).toEqual({
      type: 'media',
      kind: 'audio',
      mediaId: 'v',
      mimeType: 'audio/ogg',
    });
    expect(contentOf({ video: { file_id: 'm', mime_type: 'video/mp4' }, caption: 'Clip' })).toEqual({
      type: 'media',
      kind: 'video',
      mediaId: 'm',
      mimeType: 'video/mp4',
      caption: 'Clip',
    });
  });

  test('a location; anything else unsupported', () => {
    expect(contentOf({ location: { latitude: 48.85, longitude: 2.35 } })).toEqual({
      type: 'location',
      latitude: 48.85,
      longitude: 2.35,
    });
    expect(contentOf({ dice: { emoji: '🎲', value: 3 } })).toEqual({ type: 'unsupported', providerType: 'dice' });
  });

  test('a callback query: a reply with the button data as id and its text as title, dated on reception', () => {
    const update = {
      update_id: 8,
      callback_query: {
        id: 'cb1',
        from,
        chat_instance: 'x',
        data: 'i2',
        message: {
          message_id: 4,
          chat,
          date: 1_600_000_000,
          text: 'Pick',
          reply_markup: {
            inline_keyboard: [[{ text: 'Yes', callback_data: 'i1' }], [{ text: 'No', callback_data: 'i2' }]],
          },
        },
      },
    };
    expect(parseTelegramUpdate(update, RECEIVED)).toEqual([
      {
        externalId: '8',
        conversationKey: '-1001',
        sentAt: RECEIVED,
        contact: { name: 'Ada Lovelace' },
        content: { type: 'reply', id: 'i2', title: 'No' },
        callbackQueryId: 'cb1',
      },
    ]);
  });

  test('updates without a message or callback, and junk, give nothing', () => {
    expect(parseTelegramUpdate({ update_id: 9, edited_message: { chat, date: 1, text: 'x' } }, RECEIVED)).toEqual([]);
    expect(parseTelegramUpdate({ message: { chat, text: 'no update id' } }, RECEIVED)).toEqual([]);
    expect(parseTelegramUpdate('junk', RECEIVED)).toEqual([]);
  });
});
