import type { InboundMessage, TurnToSend } from '../../../../../src/services/channels/channel';
import { telegramChannel } from '../../../../../src/services/channels/telegram/channel';

const credentials = { botToken: '1:abc', secretToken: 'hook-secret' };
const CHAT = '-1001';
const render = (turn: TurnToSend) => telegramChannel.render(turn, CHAT, credentials);
const textBubble = (id: string, text: string, marks: Record<string, boolean> = {}) => ({
  id,
  type: 'text',
  content: { type: 'richText', richText: [{ type: 'p', children: [{ text, ...marks }] }] },
});

describe('render', () => {
  test('text in HTML, media by URL, hosted videos and redirects as text', () => {
    const turn: TurnToSend = {
      messages: [
        textBubble('t1', 'Hi <you>', { bold: true }),
        { id: 'img', type: 'image', content: { url: 'https://x.example/a.png' } },
        { id: 'vid', type: 'video', content: { url: 'https://x.example/m.mp4', type: 'url' } },
        { id: 'yt', type: 'video', content: { url: 'youtu.be/abc', id: 'abc', type: 'youtube' } },
        { id: 'aud', type: 'audio', content: { url: 'https://x.example/a.mp3' } },
      ],
      clientSideActions: [
        { type: 'redirect', redirect: { url: 'https://r.example/?a=1&b=2' }, lastBubbleBlockId: 'aud' },
      ],
      input: { id: 'q', type: 'email input' },
    };
    expect(render(turn)).toEqual({
      requests: [
        {
          method: 'POST',
          path: '/sendMessage',
          body: { chat_id: CHAT, text: '<b>Hi &lt;you&gt;</b>', parse_mode: 'HTML' },
        },
        { method: 'POST', path: '/sendPhoto', body: { chat_id: CHAT, photo: 'https://x.example/a.png' } },
        { method: 'POST', path: '/sendVideo', body: { chat_id: CHAT, video: 'https://x.example/m.mp4' } },
        {
          method: 'POST',
          path: '/sendMessage',
          body: { chat_id: CHAT, text: 'https://youtu.be/abc', parse_mode: 'HTML' },
        },
        { method: 'POST', path: '/sendAudio', body: { chat_id: CHAT, audio: 'https://x.example/a.mp3' } },
        {
          method: 'POST',
          path: '/sendMessage',
          body: { chat_id: CHAT, text: 'https://r.example/?a=1&amp;b=2', parse_mode: 'HTML' },
        },
      ],
      choices: {},
    });
  });

  test('a single choice: an inline keyboard, one button per row, under the last text bubble', () => {
    const longId = 'x'.repeat(65);
    const turn: TurnToSend = {
      messages: [textBubble('t1', 'Pick')],
      input: {
        id: 'choice',
        type: 'choice input',
        items: [
          { id: 'i1', content: 'Yes' },
          { id: longId, content: 'No' },
        ],
      },
    };
    expect(render(turn)).toEqual({
      requests: [
        {
          method: 'POST',
          path: '/sendMessage',
          body: {
            chat_id: CHAT,
            text: 'Pick',
            parse_mode: 'HTML',
            reply_markup: {
              inline_keyboard: [[{ text: 'Yes', callback_data: 'i1' }], [{ text: 'No', callback_data: '~1' }]],
            },
          },
        },
      ],
      choices: { i1: 'Yes', '~1': 'No' },
    });
  });

  test('a multiple choice: a numbered list; cards: photos with a caption and their keyboard', () => {
    const multiple = render({
      messages: [],
      input: {
        id: 'choice',
        type: 'choice input',
        items: [
          { id: 'i1', content: 'A & B' },
          { id: 'i2', content: 'C' },
        ],
        options: { isMultipleChoice: true },
      },
    });
    expect(multiple).toEqual({
      requests: [
        {
          method: 'POST',
          path: '/sendMessage',
          body: { chat_id: CHAT, text: '1. A &amp; B\n2. C', parse_mode: 'HTML' },
        },
      ],
      choices: { '#1': 'A & B', '#2': 'C' },
    });
    const cards = render({
      messages: [],
      input: {
        id: 'cards',
        type: 'cards',
        items: [
          {
            id: 'c1',
            title: 'Red',
            description: 'Warm',
            imageUrl: 'https://x.example/r.png',
            paths: [{ id: 'p1', text: 'Pick' }],
          },
          { id: 'c2', title: 'Blue', paths: [{ id: 'p2', text: 'Pick' }] },
        ],
      },
    });
    expect(cards.requests).toEqual([
      {
        method: 'POST',
        path: '/sendPhoto',
        body: {
          chat_id: CHAT,
          photo: 'https://x.example/r.png',
          caption: '<b>Red</b>\n\nWarm',
          parse_mode: 'HTML',
          reply_markup: { inline_keyboard: [[{ text: 'Pick', callback_data: 'p1' }]] },
        },
      },
      {
        method: 'POST',
        path: '/sendMessage',
        body: {
          chat_id: CHAT,
          text: '<b>Blue</b>',
          parse_mode: 'HTML',
          reply_markup: { inline_keyboard: [[{ text: 'Pick', callback_data: 'p2' }]] },
        },
      },
    ]);
    expect(cards.choices).toEqual({ p1: 'Red', p2: 'Blue' });
  });
});

describe('verify and acknowledge', () => {
  test('the secret token header must equal the credentials secret', () => {
    const request = (headers: Record<string, string | undefined>) => ({ rawBody: Buffer.from('{}'), headers });
    expect(telegramChannel.verify(request({ 'x-telegram-bot-api-secret-token': 'hook-secret' }), credentials)).toBe(
      true,
    );
    expect(telegramChannel.verify(request({ 'X-Telegram-Bot-Api-Secret-Token': 'hook-secret' }), credentials)).toBe(
      true,
    );
    expect(telegramChannel.verify(request({ 'x-telegram-bot-api-secret-token': 'hook-secreT' }), credentials)).toBe(
      false,
    );
    expect(telegramChannel.verify(request({ 'x-telegram-bot-api-secret-token': 'hook' }), credentials)).toBe(false);
    expect(telegramChannel.verify(request({}), credentials)).toBe(false);
    expect(
      telegramChannel.verify(request({ 'x-telegram-bot-api-secret-token': '' }), { ...credentials, secretToken: '' }),
    ).toBe(false);
  });

  test('a message: typing; a callback: answered first', () => {
    const base: InboundMessage = {
      externalId: '7',
      conversationKey: CHAT,
      sentAt: 0,
      content: { type: 'text', text: 'x' },
    };
    expect(telegramChannel.acknowledge(base, credentials)).toEqual([
      { method: 'POST', path: '/sendChatAction', body: { chat_id: CHAT, action: 'typing' } },
    ]);
    expect(
      telegramChannel.acknowledge(
        { ...base, content: { type: 'reply', id: 'i1', title: 'Yes' }, callbackQueryId: 'cb1' },
        credentials,
      ),
    ).toEqual([
      { method: 'POST', path: '/answerCallbackQuery', body: { callback_query_id: 'cb1' } },
      { method: 'POST', path: '/sendChatAction', body: { chat_id: CHAT, action: 'typing' } },
    ]);
  });
});
